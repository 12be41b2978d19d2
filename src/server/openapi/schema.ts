import type { Struct } from 'superstruct'
import { noteOf, type JsonSchema } from '../../contract/json-schema'

// Turns the contract's superstruct structs into JSON Schema (draft 2020-12, as OpenAPI 3.1 takes
// it): the struct's own `type` and `schema`, and what the contract's helpers noted beside it
// (`src/contract/json-schema.ts`): lengths, ranges, patterns, optional, nullable, defaults, unions.

type AnyStruct = Struct<any, any>

/** True when `struct` takes a missing value: an optional or a defaulted field. */
export function takesMissing(struct: AnyStruct): boolean {
  const note = noteOf(struct)
  if (note?.kind === 'optional' || note?.kind === 'defaulted') return true
  try {
    return [...struct.validator(undefined, { branch: [undefined], path: [] })].length === 0 && struct.type !== 'any' && struct.type !== 'unknown'
  } catch {
    return false
  }
}

/** `schema` that also takes null. */
function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !('enum' in schema) && !('const' in schema)) return { ...schema, type: [schema.type, 'null'] }
  if (Array.isArray(schema.enum)) return { ...schema, ...(typeof schema.type === 'string' ? { type: [schema.type, 'null'] } : {}), enum: [...schema.enum, null] }
  return { anyOf: [schema, { type: 'null' }] }
}

/** The JSON type of a literal or an enum's values. */
const typeOfValues = (values: unknown[]) => {
  const types = new Set(values.map((value) => (value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value)))
  return types.size === 1 ? [...types][0] : undefined
}

/** `struct` as a JSON Schema; `strict` objects refuse unknown keys, as superstruct's `object` does. */
export function toJsonSchema(struct: AnyStruct): JsonSchema {
  const note = noteOf(struct)
  if (note) {
    switch (note.kind) {
      case 'schema': {
        const base = note.of ? toJsonSchema(note.of) : byType(struct)
        return { ...base, ...note.schema }
      }
      case 'optional':
        return toJsonSchema(note.of)
      case 'nullable':
        return orNull(toJsonSchema(note.of))
      case 'defaulted': {
        const inner = toJsonSchema(note.of)
        return typeof note.value === 'function' ? inner : { ...inner, default: note.value }
      }
      case 'size': {
        const inner = toJsonSchema(note.of)
        if (inner.type === 'array') return { ...inner, minItems: note.min, maxItems: note.max }
        if (inner.type === 'string') return { ...inner, minLength: note.min, maxLength: note.max }
        return { ...inner, minimum: note.min, maximum: note.max }
      }
      case 'union': {
        const members = note.of.map(toJsonSchema)
        if (members.every((member) => 'const' in member)) {
          const values = members.map((member) => member.const)
          const type = typeOfValues(values)
          return { ...(type ? { type } : {}), enum: values }
        }
        return { anyOf: members }
      }
    }
  }
  return byType(struct)
}

/** What superstruct itself tells of `struct`. */
function byType(struct: AnyStruct): JsonSchema {
  const schema = struct.schema as unknown
  switch (struct.type) {
    case 'object':
    case 'type': {
      if (!schema) return { type: 'object' }
      const fields = Object.entries(schema as Record<string, AnyStruct>)
      return {
        type: 'object',
        properties: Object.fromEntries(fields.map(([key, field]) => [key, toJsonSchema(field)])),
        required: fields.filter(([, field]) => !takesMissing(field)).map(([key]) => key),
        additionalProperties: struct.type === 'type',
      }
    }
    case 'array':
      return schema ? { type: 'array', items: toJsonSchema(schema as AnyStruct) } : { type: 'array' }
    case 'enums': {
      const values = Object.values(schema as Record<string, unknown>)
      const type = typeOfValues(values)
      return { ...(type ? { type } : {}), enum: values }
    }
    case 'literal':
      return { const: schema }
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: struct.type }
    case 'record':
      return { type: 'object' }
    default:
      return {}
  }
}
