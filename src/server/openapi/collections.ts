import { readRights, PER_PAGE_CHOICES, type BaseRecord } from '../../contract/collections'
import type { JsonSchema } from '../../contract/json-schema'
import { filterParam, MAX_FILTER_TEXT, MAX_FILTER_VALUES, takesMany, type FilterField } from '../../contract/list-filters'
import type { CollectionModule } from '../collections/engine'
import { EXPORTS_BUSY } from '../collections/export'
import { filterFields, MAX_PAGE, MAX_SEARCH } from '../collections/list-query'
import type { ListShape } from '../db/records'
import { COLLECTION_DOCS } from './collection-docs'
import { describe, share, type QueryParam } from './registry'
import { updateBody } from './shapes'

/** Declares a collection's five routes in the API's description, with its rights, list parameters and shapes. */
export function describeCollection<Rec extends BaseRecord, Input, Update>(module: CollectionModule<Rec, Input, Update>): void {
  const { name } = module
  // A collection cannot be served undescribed.
  const docs = module.docs ?? COLLECTION_DOCS[name]
  if (!docs) throw new Error(`The collection ${name} has no description`)
  const base = `/${name}`
  // The noun with its article: "an access key", "a device".
  const one = `${/^[aeio]/i.test(docs.noun) ? 'an' : 'a'} ${docs.noun}`
  const One = one.charAt(0).toUpperCase() + one.slice(1)
  const readers = [...new Set([module.right, ...readRights(name)])]
  const writers = [...(module.writers ?? [module.right])]
  // One shared schema per collection (`DeviceRecord`), which each of its routes refers to.
  const named = `${docs.noun.replace(/(^|\s)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}Record`
  share(named, docs.record)
  const record = { $ref: `#/components/schemas/${named}` }
  const common = { tag: docs.tag, caller: 'principal' as const }
  const writeAnswers = Object.fromEntries(Object.entries(docs.writeAnswers ?? {}).map(([status, answer]) => [status, { ...answer, body: { ref: 'Error' } }]))
  describe(
    {
      ...common,
      method: 'get',
      path: base,
      rights: readers,
      summary: `List ${docs.noun}s`,
      description: [docs.description, `A page of the organization's ${docs.noun}s: search with \`q\`, sort, page and filter; the total of all pages is in \`X-Total-Count\`.`]
        .filter(Boolean)
        .join('\n\n'),
      query: listParams(module.list),
      answers: {
        200: { description: `The page of ${docs.noun}s.`, body: { type: 'array', items: record }, headers: ['X-Total-Count'] },
        400: { description: 'A search, sort, order, page, page size or filter the list does not take.', body: { ref: 'Error' } },
      },
    },
    {
      ...common,
      method: 'get',
      path: `${base}/export`,
      rights: readers,
      summary: `Export ${docs.noun}s`,
      description: `Every ${docs.noun} the list's search and filters find, all pages, in its sort, streamed from the database in batches as CSV or JSON Lines. CSV cells that begin with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return get a leading \`'\`; no secret or hash is a column.`,
      query: [
        { name: 'format', description: 'CSV or JSON Lines.', schema: { type: 'string', enum: ['csv', 'jsonl'], default: 'csv' } },
        ...listParams(module.list).filter((param) => param.name !== 'page' && param.name !== 'per_page'),
      ],
      answers: {
        200: { description: 'The rows, as a file to save (`Content-Disposition: attachment`).', type: 'text/csv' },
        400: { description: 'A format, search, sort or filter the list does not take.', body: { ref: 'Error' } },
        429: EXPORTS_BUSY,
      },
    },
    { ...common, method: 'get', path: `${base}/:id`, rights: readers, summary: `Get ${one}`, answers: { 200: { description: `The ${docs.noun}.`, body: record } } },
    {
      ...common,
      method: 'post',
      path: base,
      rights: writers,
      summary: `Create ${one}`,
      body: module.create.schema,
      example: docs.example,
      answers: {
        201: { description: `The new ${docs.noun}.`, body: docs.created ?? record },
        ...writeAnswers,
        409: { description: module.cap ? `${One} like it exists already, or the plan's cap of ${docs.noun}s is reached.` : `${One} like it exists already.`, body: { ref: 'Error' } },
      },
    },
    {
      ...common,
      method: 'put',
      path: `${base}/:id`,
      rights: writers,
      summary: `Update ${one}`,
      description: 'Send the record back with the `version` it was read at; fields it does not take are ignored.',
      body: updateBody(module.update.schema),
      answers: {
        200: { description: `The ${docs.noun} as saved.`, body: record },
        ...writeAnswers,
        409: {
          description: 'Another edit saved first: `current` is the record as it is now.',
          body: { type: 'object', properties: { message: { type: 'string' }, current: record }, required: ['message', 'current'], additionalProperties: false },
        },
      },
    },
    {
      ...common,
      method: 'delete',
      path: `${base}/:id`,
      rights: writers,
      summary: module.retire ? `Revoke ${one}` : `Delete ${one}`,
      description: docs.deletes,
      answers: { 200: { description: module.retire ? `The ${docs.noun}, revoked; it stays listed.` : `The ${docs.noun} as it was.`, body: record } },
    },
  )
}

/** The list's query parameters as the API's description tells them (`openapi/`). */
export function listParams(shape: ListShape): QueryParam[] {
  return [
    { name: 'q', description: `Words to search in ${shape.search.map((column) => column.replace(/^t\./, '')).join(', ')}.`, schema: { type: 'string', maxLength: MAX_SEARCH } },
    { name: 'sort', description: 'What to sort by.', schema: { type: 'string', enum: Object.keys(shape.sort), default: shape.defaultSort.sort } },
    { name: 'order', description: 'Ascending or descending.', schema: { type: 'string', enum: ['asc', 'desc'], default: shape.defaultSort.order } },
    { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } },
    { name: 'per_page', description: 'Records per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
    ...filterFields(shape).map((field) => ({
      name: filterParam(field.name),
      description: `Only records whose ${field.name} is ${field.kind === 'time' ? (field.name.endsWith('_before') ? 'before this time' : 'after this time') : 'one of these'}; once per value (any value matches, every field must).`,
      schema: { type: 'array', items: filterSchema(field), maxItems: takesMany(field) ? MAX_FILTER_VALUES : 1 },
    })),
    // The older form, one value by the field's own name, still taken for the list's own filters.
    ...Object.entries(shape.filters).map(([name, filter]) => ({
      name,
      description: `Only records whose ${name} is this (the form before \`${filterParam(name)}\`).`,
      schema: filter.values ? { type: 'string', enum: [...filter.values] } : { type: 'string', maxLength: MAX_FILTER_TEXT },
    })),
  ]
}

/** The JSON Schema of one value of a filter field. */
function filterSchema(field: FilterField): JsonSchema {
  if (field.kind === 'choice') return { type: 'string', enum: [...(field.values ?? [])] }
  if (field.kind === 'time') return { type: 'string', format: 'date-time' }
  if (field.kind === 'expiry') return { type: 'string', pattern: '^(expired|never|within_[1-9][0-9]{0,3})$' }
  return { type: 'string', minLength: 1, maxLength: MAX_FILTER_TEXT }
}
