/**
 * Runs `work` a second after the page has loaded: what the console will soon need (the list of
 * every sheet, the later parts' code) asks the link once the first screen is in.
 */
export function afterLoad(work: () => void): void {
  if (typeof window === 'undefined') return
  const ask = () => setTimeout(work, 1000)
  if (document.readyState === 'complete') ask()
  else window.addEventListener('load', ask, { once: true })
}
