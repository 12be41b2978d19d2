import { useEffect, useState } from 'react'
import { useT } from '../../ui/use-t'
import { LOADING_BAR_MS, LOADING_BAR_STEP_MS } from './constants'
import s from './loading-bar.module.css'

/** The bar across the top of the page: 0 to 100 over 2 s after each location change, then gone. */
export function LoadingBar({ path }: { path: string }) {
  const t = useT()
  const [progress, setProgress] = useState<number | null>(0)
  useEffect(() => {
    const start = Date.now()
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const value = Math.min(100, ((Date.now() - start) * 100) / LOADING_BAR_MS)
      setProgress(value)
      timer = value < 100 ? setTimeout(tick, LOADING_BAR_STEP_MS) : setTimeout(() => setProgress(null), LOADING_BAR_STEP_MS * 2)
    }
    setProgress(0)
    timer = setTimeout(tick, LOADING_BAR_STEP_MS)
    return () => clearTimeout(timer)
  }, [path])
  if (progress === null) return null
  return (
    <div
      className={s.bar}
      role="progressbar"
      aria-label={t('shell.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
    >
      <span className={s.fill} style={{ inlineSize: `${progress}%` }} />
    </div>
  )
}
