/** What stands in the middle of a made-up photo. */
export type Subject = 'mast' | 'turbine' | 'dish' | 'cabinet' | 'lighthouse' | 'solar'

/** A made-up photo of the gallery: drawn in code, as the console loads no image from the internet. */
export interface Photo {
  id: string
  caption: string
  place: string
  /** The sky's hue (0 to 360), from which the whole scene takes its colours. */
  hue: number
  /** Night scenes get a moon and stars instead of a sun. */
  night: boolean
  subject: Subject
}

const photo = (id: string, caption: string, place: string, hue: number, subject: Subject, night = false): Photo => ({ id, caption, place, hue, subject, night })

export const PHOTOS: readonly Photo[] = [
  photo('p1', 'Relay mast above the lake at dawn', 'Konstanz', 24, 'mast'),
  photo('p2', 'Wind farm gateway, north ridge', 'Aalborg', 200, 'turbine'),
  photo('p3', 'Uplink dish after the storm', 'Reykjavík', 215, 'dish', true),
  photo('p4', 'Street cabinet 14 before its refit', 'Lisbon', 38, 'cabinet'),
  photo('p5', 'Harbour beacon with its new sensor', 'Valparaíso', 265, 'lighthouse', true),
  photo('p6', 'Solar field edge nodes at noon', 'Almería', 48, 'solar'),
  photo('p7', 'Backup mast on the quarry road', 'Bandung', 140, 'mast'),
  photo('p8', 'Turbine 7 telemetry check', 'Esbjerg', 185, 'turbine', true),
  photo('p9', 'Ground station dish, second array', 'Nairobi', 12, 'dish'),
  photo('p10', 'Roadside cabinet in the first snow', 'Innsbruck', 225, 'cabinet'),
  photo('p11', 'Lighthouse relay at dusk', 'Cape Point', 330, 'lighthouse'),
  photo('p12', 'Rooftop panels feeding the depot', 'Chengdu', 170, 'solar', true),
]

/** The subjects, drawn dark against the sky on a 400 x 300 canvas with the ground at y 240. */
const SUBJECTS: Record<Subject, string> = {
  mast: '<path d="M200 60 170 240h60z" fill="none" stroke="#0008" stroke-width="6"/><path d="M188 130h24M180 180h40M194 95h12M200 60v-22" stroke="#0008" stroke-width="5"/><circle cx="200" cy="36" r="6" fill="#f44"/>',
  turbine: '<path d="M197 240h6l-1-140h-4z" fill="#fffd"/><g fill="#fffd" transform="translate(200 100)"><path d="M-3 0 0-78 3 0z"/><path d="M-3 0 0-78 3 0z" transform="rotate(120)"/><path d="M-3 0 0-78 3 0z" transform="rotate(240)"/></g><circle cx="200" cy="100" r="6" fill="#fff"/>',
  dish: '<path d="M150 120a70 70 0 0 0 100 100z" fill="#fffc"/><path d="M200 170l30-30M200 170l-10 70h20z" stroke="#0008" stroke-width="6" fill="#0008"/>',
  cabinet: '<rect x="160" y="140" width="80" height="100" rx="4" fill="#0007"/><rect x="170" y="152" width="60" height="8" fill="#fff6"/><circle cx="222" cy="200" r="4" fill="#6f6"/>',
  lighthouse: '<path d="M186 240l6-150h16l6 150z" fill="#fffd"/><path d="M188 140h24v20h-24zM190 190h20v20h-20z" fill="#c33"/><path d="M184 90h32v-16h-32z" fill="#0008"/><path d="M216 82 330 60v44z" fill="#ff06"/>',
  solar: '<g fill="#1d3b6a" stroke="#fff8" stroke-width="2"><path d="M60 230l30-40h80l-30 40z"/><path d="M170 230l30-40h80l-30 40z"/><path d="M280 230l30-40h70l-30 40z"/></g>',
}

/** The photo as an SVG data URL: sky, sun or moon, two ridges, the ground and its subject. */
export function photoSrc({ hue, night, subject }: Photo): string {
  const sky = night ? [`hsl(${hue} 55% 12%)`, `hsl(${hue} 45% 32%)`] : [`hsl(${hue} 80% 72%)`, `hsl(${(hue + 40) % 360} 85% 88%)`]
  const light = night
    ? '<circle cx="320" cy="60" r="18" fill="#fff8e0"/><g fill="#fff"><circle cx="60" cy="40" r="1.5"/><circle cx="130" cy="70" r="1"/><circle cx="250" cy="30" r="1.5"/><circle cx="370" cy="110" r="1"/></g>'
    : '<circle cx="320" cy="70" r="28" fill="#fff6c8"/>'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect width="400" height="300" fill="url(#s)"/>${light}` +
    `<path d="M0 200 90 130l70 50 90-80 150 110v90H0z" fill="hsl(${(hue + 180) % 360} 25% ${night ? 18 : 45}%)"/>` +
    `<path d="M0 240q100-40 200-10t200-10v80H0z" fill="hsl(${(hue + 150) % 360} 30% ${night ? 12 : 32}%)"/>` +
    SUBJECTS[subject] +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
