/** The demo page's screen (in the making). */
export default function Screen() {
  return null
}
