export interface PageSlots {
  title: string
  description: string
  head: string
  palettes: string
  mode: string
  body: string
  scripts: string
}

export function fillPage(template: string, values: PageSlots): string
export function escapeHtml(text: string): string
export function scriptJson(value: unknown): string
export function bootTexts(dictionaries: Record<string, { errors: { bootFailed: string; tryAgain: string } }>): string
