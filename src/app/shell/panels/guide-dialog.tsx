import { clsx } from 'clsx'
import { useState, type ComponentType } from 'react'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { Icon, type IconName } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import s from './guide-dialog.module.css'
import './guide-texts'
import { canGoBack, FIRST_SLIDE, GUIDE_SLIDES, isLastSlide, nextSlide, previousSlide, type GuideSlide } from './guide-slides'

const PICTURES: Record<GuideSlide, IconName> = {
  welcome: 'home',
  menu: 'menu',
  devices: 'device',
  keys: 'key',
  settings: 'settings',
}

/** The first-visit guide: five slides with Back, Next (Done on the last) and a stepper. */
export function GuideDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const [slide, setSlide] = useState(FIRST_SLIDE)
  const key = GUIDE_SLIDES[slide] ?? 'welcome'
  const last = isLastSlide(slide)

  const next = () => {
    setSlide(nextSlide(slide))
    if (last) onClose()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`guide.${key}.title`, { brand: t('brand.name') })}
      closeLabel={t('guide.close')}
      width={560}
    >
      <div className={s.body}>
        <span className={s.picture} aria-hidden="true">
          <Icon name={PICTURES[key]} size={40} />
        </span>
        <p className={s.text}>{t(`guide.${key}.text`)}</p>
      </div>
      <div className={s.foot}>
        <ol className={s.steps} aria-label={t('guide.progress')}>
          {GUIDE_SLIDES.map((name, index) => (
            <li
              key={name}
              className={clsx(s.step, index === slide && s.current, index < slide && s.done)}
              aria-current={index === slide ? 'step' : undefined}
            >
              <span className="visually-hidden">
                {t('guide.step', { number: index + 1, total: GUIDE_SLIDES.length })}
              </span>
            </li>
          ))}
        </ol>
        <div className={s.buttons}>
          <Button variant="secondary" disabled={!canGoBack(slide)} onClick={() => setSlide(previousSlide(slide))}>
            {t('guide.back')}
          </Button>
          <Button data-autofocus onClick={next}>
            {last ? t('guide.done') : t('guide.next')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

// The screen table (src/app/screens.ts) loads it by its default export, typed there as taking no
// props; the shell's panels pass GuideDialog's.
export default GuideDialog as unknown as ComponentType
