import { coerce, integer, number, refine, string } from 'superstruct'
import { described } from './json-schema'
import { INVISIBLE, LONE_SURROGATE } from './validation'

// Fields of the management screens' records, apart from `validation.ts`, which the public pages load.

/** Like `Text`, but may be left empty. */
export const OptionalText = (max: number) =>
  described(coerce(
    refine(string(), 'optionalText', (value) => (value.length > max ? 'validation.tooLong' : !LONE_SURROGATE.test(value) || 'validation.characters')),
    string(),
    (value) => value.replace(INVISIBLE, '').normalize('NFC').trim(),
  ), { type: 'string', maxLength: max })

/** A number from `low` to `high`; whole when `whole` is set. */
export const Between = (low: number, high: number, whole = false) =>
  described(refine(whole ? integer() : number(), 'between', (value) => (value >= low && value <= high) || 'fields.range'), {
    type: whole ? 'integer' : 'number',
    minimum: low,
    maximum: high,
  })

/** Optional free text of at most `max` units, e.g. a message. */
export const Note = (max: number) =>
  described(refine(string(), 'note', (value) => (value.length > max ? 'validation.tooLong' : !LONE_SURROGATE.test(value) || 'validation.characters')), {
    type: 'string',
    maxLength: max,
  })

