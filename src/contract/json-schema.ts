import {
  defaulted as plainDefaulted,
  nullable as plainNullable,
  optional as plainOptional,
  size as plainSize,
  union as plainUnion,
  type Struct,
} from 'superstruct'

// Superstruct keeps a refinement's limits inside a function, and `optional`, `nullable`, `size`,
// `union` and `defaulted` leave no trace a reader can follow. The API's description (OpenAPI) is
// generated from these structs, so the contract's own helpers note what they know here, beside the
// struct, and the description reads it back. A few bytes in the console: one WeakMap.

/** A JSON Schema (draft 2020-12) fragment. */
export type JsonSchema = { [key: string]: unknown }

/** What a struct is, beyond its superstruct `type` and `schema`. */
export type SchemaNote =
  | { kind: 'schema'; schema: JsonSchema; of?: Struct<any, any> }
  | { kind: 'optional'; of: Struct<any, any> }
  | { kind: 'nullable'; of: Struct<any, any> }
  | { kind: 'defaulted'; of: Struct<any, any>; value: unknown }
  | { kind: 'size'; of: Struct<any, any>; min: number; max: number }
  | { kind: 'union'; of: Struct<any, any>[] }

const notes = new WeakMap<object, SchemaNote>()

/** The note of `struct`, if a helper left one. */
export const noteOf = (struct: object): SchemaNote | undefined => notes.get(struct)

const noted = <S extends object>(struct: S, note: SchemaNote): S => {
  notes.set(struct, note)
  return struct
}

/**
 * `struct` described as `schema` (limits, pattern, format) on top of what its type says; `of` is
 * the struct it refines, read for the rest.
 */
export const described = <S extends Struct<any, any>>(struct: S, schema: JsonSchema, of?: Struct<any, any>): S => {
  const known = notes.get(struct)
  return noted(struct, known?.kind === 'schema' ? { ...known, schema: { ...known.schema, ...schema } } : { kind: 'schema', schema, of })
}

/** Superstruct's `optional`, remembered as such. */
export const optional = <T, S>(struct: Struct<T, S>) => noted(plainOptional(struct), { kind: 'optional', of: struct })

/** Superstruct's `nullable`, remembered as such. */
export const nullable = <T, S>(struct: Struct<T, S>) => noted(plainNullable(struct), { kind: 'nullable', of: struct })

/** Superstruct's `defaulted`, with its default kept for the description. */
export const defaulted = <T, S>(struct: Struct<T, S>, value: unknown) => noted(plainDefaulted(struct, value), { kind: 'defaulted', of: struct, value })

/** Superstruct's `size` on an array or a string, with its bounds kept. */
export const size = <T extends string | number | unknown[] | Map<any, any> | Set<any>, S>(struct: Struct<T, S>, min: number, max = min) =>
  noted(plainSize(struct, min, max), { kind: 'size', of: struct, min, max })

/** Superstruct's `union`, with its members kept. */
export const union: typeof plainUnion = ((structs: Struct<any, any>[]) => noted(plainUnion(structs as never), { kind: 'union', of: structs })) as typeof plainUnion
