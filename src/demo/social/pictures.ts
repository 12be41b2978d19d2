/** How a made-up photo looks: the sky's hue, where the sun stands, and whether a radio mast shows. */
export interface Scene {
  hue: number
  /** The sun's place across the picture, 0 to 1. */
  sun: number
  mast?: boolean
}

/**
 * A made-up landscape photo as an inline SVG data URL: the demo pages load no image from the
 * network. The colours are the picture's own, like a photo's; the page around it follows the theme.
 */
export function scene({ hue, sun, mast = false }: Scene): string {
  const hsl = (shift: number, saturation: number, lightness: number) => `hsl(${(hue + shift) % 360} ${saturation}% ${lightness}%)`
  // Hills stay green whatever the sky: a yellow-green under warm skies, a blue-green under cool ones.
  const hill = (lightness: number) => `hsl(${90 + (hue % 360) / 6} 35% ${lightness}%)`
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${hsl(0, 65, 62)}"/><stop offset="1" stop-color="${hsl(30, 70, 88)}"/>`,
    `</linearGradient></defs>`,
    `<rect width="400" height="240" fill="url(#sky)"/>`,
    `<circle cx="${Math.round(40 + sun * 320)}" cy="72" r="26" fill="hsl(45 95% 72%)"/>`,
    `<path d="M0 168 Q100 112 200 158 T400 146 V240 H0Z" fill="${hill(46)}"/>`,
    mast ? `<path d="M292 196 L310 84 L328 196 M300 150 H320 M304 122 H316 M310 84 V70" stroke="${hsl(200, 15, 24)}" stroke-width="4" fill="none"/>` : '',
    `<path d="M0 204 Q120 164 258 200 T400 190 V240 H0Z" fill="${hill(30)}"/>`,
    `</svg>`,
  ].join('')
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
