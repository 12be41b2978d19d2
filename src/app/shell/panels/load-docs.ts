import { call, NOT_FOUND, type Result } from '../../../api/client'

/** One source file of a screen, as `GET {host}/docs?src=` answers. */
export interface DocRecord {
  name: string
  source: string
}

const isDocs = (data: unknown): data is DocRecord[] =>
  Array.isArray(data) &&
  data.every((item: unknown) => {
    const record = item as Partial<DocRecord> | null
    return typeof record?.name === 'string' && typeof record.source === 'string'
  })

const answers = new Map<string, Promise<Result<DocRecord[]>>>()
const settled = new Map<string, Result<DocRecord[]>>()

/** The kept answer for `component`, when it has arrived. */
export const keptDocs = (component: string): Result<DocRecord[]> | undefined => settled.get(component)

/** The sources of `component`, asked once and kept; a failure is forgotten so the next open asks again. */
export function loadDocs(component: string): Promise<Result<DocRecord[]>> {
  let answer = answers.get(component)
  if (!answer) {
    answer = call<unknown>('GET', '/docs', { query: { src: component } }).then((result): Result<DocRecord[]> => {
      const checked: Result<DocRecord[]> =
        !result.ok || isDocs(result.data) ? (result as Result<DocRecord[]>) : { ok: false, status: result.status, message: NOT_FOUND }
      if (checked.ok) settled.set(component, checked)
      else answers.delete(component)
      return checked
    })
    answers.set(component, answer)
  }
  return answer
}

/** Forgets every kept answer (tests). */
export function forgetDocs(): void {
  answers.clear()
  settled.clear()
}
