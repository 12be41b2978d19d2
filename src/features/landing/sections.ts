/** The page's sections in order; `inBar` ones also show in the header on wide screens. */
export const SECTIONS = [
  { id: 'feature', inBar: true },
  { id: 'showcase', inBar: true },
  { id: 'tech', inBar: true },
  { id: 'testimonials', inBar: false },
  { id: 'pricing', inBar: false },
  { id: 'contact', inBar: true },
] as const

export type SectionId = (typeof SECTIONS)[number]['id'] | 'banner'
