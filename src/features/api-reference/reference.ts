// Reads the API's description (`GET /api/openapi.json`) into what the reference screen shows:
// operations grouped by tag, each with its parameters, body fields, answers and a curl line.

type Json = Record<string, any>

export interface Field {
  name: string
  /** Where a parameter goes: path, query or header; `body` for a body field. */
  place: string
  required: boolean
  /** The type with its limits, in a few words: `string, 1–120 characters`. */
  type: string
  description: string
}

export interface Answer {
  status: string
  description: string
}

export interface Operation {
  id: string
  method: string
  path: string
  summary: string
  description: string
  rights: string[]
  fields: Field[]
  answers: Answer[]
  curl: string
}

export interface Group {
  tag: string
  description: string
  operations: Operation[]
}

/** `#/components/…` resolved in `doc`. */
function resolve(doc: Json, schema: Json | undefined): Json {
  let found = schema ?? {}
  for (let hops = 0; typeof found.$ref === 'string' && hops < 10; hops++) {
    found = found.$ref
      .slice(2)
      .split('/')
      .reduce((node: Json | undefined, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc) ?? {}
  }
  return found
}

/** A schema's type and limits in a few words. */
export function typeOf(doc: Json, raw: Json | undefined): string {
  const schema = resolve(doc, raw)
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((member: Json) => typeOf(doc, member)).join(' | ')
  const parts: string[] = []
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type
  if (Array.isArray(schema.enum)) parts.push(schema.enum.map((value: unknown) => JSON.stringify(value)).join(' | '))
  else if ('const' in schema) parts.push(JSON.stringify(schema.const))
  else if (type === 'array') parts.push(`${typeOf(doc, schema.items)}[]`)
  else parts.push(type ?? 'any')
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0}–${schema.maxLength ?? '∞'}`)
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}`)
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`)
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`)
  if (schema.format) parts.push(schema.format)
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`)
  return parts.join(', ')
}

/** The fields of a body schema, one level deep, nested objects by their dotted names. */
function bodyFields(doc: Json, raw: Json | undefined, prefix = ''): Field[] {
  const schema = resolve(doc, raw)
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((member: Json) => bodyFields(doc, member, prefix))
  if (schema.type !== 'object' || !schema.properties) return prefix ? [] : [{ name: '(body)', place: 'body', required: true, type: typeOf(doc, schema), description: schema.description ?? '' }]
  const required = new Set<string>(schema.required ?? [])
  return Object.entries(schema.properties as Record<string, Json>).flatMap(([name, field]) => {
    const inner = resolve(doc, field)
    const own: Field = { name: prefix + name, place: 'body', required: required.has(name), type: typeOf(doc, field), description: inner.description ?? '' }
    return inner.type === 'object' && inner.properties ? [own, ...bodyFields(doc, inner, `${prefix}${name}.`)] : [own]
  })
}

/** A curl line that calls the operation, with placeholders for ids and the token. */
function curlOf(origin: string, method: string, path: string, operation: Json): string {
  const url = `${origin}${path.replace(/\{(\w+)\}/g, '<$1>')}`
  const parts = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} '${url}'`]
  if ((operation.security ?? []).length) parts.push(`-H 'Authorization: Bearer <token>'`)
  const content = operation.requestBody?.content ?? {}
  const type = Object.keys(content)[0]
  if (type === 'application/json') {
    parts.push(`-H 'Content-Type: application/json'`)
    parts.push(`-d '${JSON.stringify(content[type].example ?? {})}'`)
  } else if (type === 'application/x-www-form-urlencoded') parts.push(`-u '<client_id>:<client_secret>' -d grant_type=client_credentials`)
  else if (type) parts.push(`-H 'Content-Type: image/png' --data-binary @photo.png`)
  return parts.join(' \\\n  ')
}

/** The description as the screen shows it; `origin` is the API's base for the curl lines. */
export function readReference(doc: Json, origin: string): Group[] {
  const groups = new Map<string, Group>()
  for (const tag of (doc.tags ?? []) as Json[]) groups.set(tag.name, { tag: tag.name, description: tag.description ?? '', operations: [] })
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? ''
      if (!groups.has(tag)) groups.set(tag, { tag, description: '', operations: [] })
      const parameters = ((operation.parameters ?? []) as Json[]).map((param) => resolve(doc, param))
      const fields: Field[] = [
        ...parameters.map((param) => ({ name: param.name, place: param.in, required: Boolean(param.required), type: typeOf(doc, param.schema), description: param.description ?? '' })),
        ...(operation.requestBody ? bodyFields(doc, Object.values(operation.requestBody.content as Record<string, Json>)[0]?.schema) : []),
      ]
      groups.get(tag)!.operations.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        rights: operation['x-rights'] ?? [],
        fields,
        answers: Object.entries((operation.responses ?? {}) as Record<string, Json>).map(([status, answer]) => ({ status, description: resolve(doc, answer).description ?? '' })),
        curl: curlOf(origin, method, path, operation),
      })
    }
  }
  return [...groups.values()].filter((group) => group.operations.length)
}
