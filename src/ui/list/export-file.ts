import { apiHost, getToken } from '../../api/client'
import { listParams } from '../../api/list-params'
import { collectionPath, type CollectionName, type ListQuery } from '../../contract/collections'
import { messageText } from '../../lib/i18n'

export type ExportFormat = 'csv' | 'jsonl'

/** The export's address: the list's own query (search, sort, filters) without its page, and the format. */
export function exportUrl(collection: CollectionName, query: ListQuery, format: ExportFormat): string {
  const url = new URL(`${apiHost()}${collectionPath(collection)}export`, location.href)
  const { page: _page, per_page: _perPage, ...rest } = listParams(query)
  for (const [name, value] of Object.entries(rest)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) url.searchParams.append(name, String(one))
  }
  url.searchParams.set('format', format)
  return url.href
}

/**
 * Downloads the export of the list as a file. The API takes its token in a header, which a plain
 * link cannot send: the file is fetched (streamed by the server) and saved from a Blob through a
 * link with `download`. Resolves to an error message, or undefined once the file is saved.
 */
export async function downloadExport(collection: CollectionName, query: ListQuery, format: ExportFormat): Promise<string | undefined> {
  const token = getToken()
  let response: Response
  try {
    response = await fetch(exportUrl(collection, query, format), { headers: token ? { authorization: `Bearer ${token}` } : {} })
  } catch {
    return messageText('session.unreachable')
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    return typeof body?.message === 'string' ? messageText(body.message) : String(response.status)
  }
  const blob = await response.blob()
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${collection}.${format}`
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
  return undefined
}
