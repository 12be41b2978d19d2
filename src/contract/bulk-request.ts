import { array, enums, object, record, refine, string, type Infer } from 'superstruct'
import { ALL_BULK_ACTIONS, BULK_COLLECTIONS, MAX_BULK_IDS, MAX_BULK_ROLES, MAX_BULK_SEARCH } from './bulk'
import { Location, Tag } from './devices'
import { described, optional, size, union } from './json-schema'
import { MAX_FILTER_TEXT, MAX_FILTER_VALUES } from './list-filters'

// The body of `POST /bulk/preview` (`BulkRequest` in `bulk.ts`) as the server checks it: a tag by
// the device form's tag rule, a location by its location rule, role ids, and the selection as ids
// or a search and filters (each filter's field and values are checked against the list after).

const Id = size(string(), 1, 64)
const Words = described(
  refine(record(string(), array(string())), 'filters', (filters) => {
    const fields = Object.entries(filters)
    if (fields.length > 20) return 'validation.tooLong'
    return fields.every(([name, values]) => name.length <= 40 && values.length <= MAX_FILTER_VALUES && values.every((value) => value.length <= MAX_FILTER_TEXT)) || 'validation.invalid'
  }),
  {
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', maxLength: MAX_FILTER_TEXT }, maxItems: MAX_FILTER_VALUES },
    description: 'Field -> values, as the list takes `filter[field]`: any value of a field matches, every field must.',
  },
)

/** The body of `POST /bulk/preview` (`BulkRequest`), checked; the action's own params are checked against the action after. */
export const BulkRequestBody = object({
  collection: enums(BULK_COLLECTIONS),
  action: enums(ALL_BULK_ACTIONS),
  params: optional(
    object({
      tag: optional(Tag),
      location: optional(Location),
      roles: optional(size(array(Id), 1, MAX_BULK_ROLES)),
    }),
  ),
  selection: union([
    object({ ids: size(array(Id), 1, MAX_BULK_IDS) }),
    object({ q: optional(size(string(), 0, MAX_BULK_SEARCH)), filters: Words }),
  ]),
})
export type BulkRequestBody = Infer<typeof BulkRequestBody>
