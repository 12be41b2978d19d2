import { useEffect, useState } from 'react'

// Safari before 16.4 only has the prefixed Fullscreen API.
type Prefixed = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => Promise<void> | void }
type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }

const fullscreenElement = () => document.fullscreenElement ?? (document as Prefixed).webkitFullscreenElement ?? null

const quietly = (run: (() => Promise<void> | void) | undefined) => {
  // Called at once, within the click; a refusal (a kiosk policy, say) leaves the page as it is.
  try {
    void Promise.resolve(run?.()).catch(() => undefined)
  } catch {
    // As above.
  }
}

/** Whether the page is full screen (it follows `fullscreenchange`, Esc included), and a toggle. */
export function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(false)
  useEffect(() => {
    const update = () => setFull(Boolean(fullscreenElement()))
    update()
    document.addEventListener('fullscreenchange', update)
    document.addEventListener('webkitfullscreenchange', update)
    return () => {
      document.removeEventListener('fullscreenchange', update)
      document.removeEventListener('webkitfullscreenchange', update)
    }
  }, [])
  const toggle = () => {
    const page = document as Prefixed
    const root = document.documentElement as PrefixedElement
    if (fullscreenElement()) quietly((page.exitFullscreen ?? page.webkitExitFullscreen)?.bind(page))
    else quietly((root.requestFullscreen ?? root.webkitRequestFullscreen)?.bind(root))
  }
  return [full, toggle]
}
