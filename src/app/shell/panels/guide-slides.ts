/** The first-visit guide's slides, in order; each names its `guide.<key>.title` and `.text`. */
export const GUIDE_SLIDES = ['welcome', 'menu', 'devices', 'keys', 'settings'] as const
export type GuideSlide = (typeof GUIDE_SLIDES)[number]

/** The guide has 5 slides, numbered 0 to 4. */
export const GUIDE_SLIDE_COUNT = GUIDE_SLIDES.length
export const FIRST_SLIDE = 0
export const LAST_SLIDE = GUIDE_SLIDE_COUNT - 1

/** Back is disabled on the first slide. */
export const canGoBack = (slide: number): boolean => slide > FIRST_SLIDE

/** On the last slide Next reads Done. */
export const isLastSlide = (slide: number): boolean => slide >= LAST_SLIDE

/** Next: the following slide; Done on the last returns to the first. */
export const nextSlide = (slide: number): number => (isLastSlide(slide) ? FIRST_SLIDE : slide + 1)

/** Back: the slide before, staying on the first. */
export const previousSlide = (slide: number): number => (canGoBack(slide) ? slide - 1 : FIRST_SLIDE)
