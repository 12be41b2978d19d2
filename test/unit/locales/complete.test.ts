import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const LOCALES_DIR = join(process.cwd(), 'locales')
const LANGUAGES = ['de', 'id', 'es', 'zh', 'ar']
/** Server texts are English only: the server answers with keys that the console translates. */
const ENGLISH_ONLY = ['server']

type Texts = { [key: string]: string | Texts }

/** Every leaf as `path.to.key` -> text. */
function flatten(texts: Texts, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>()
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text)
    } else leaves.set(path, value)
  }
  return leaves
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map(([, name]) => name).sort()

/** Differences of a translation against English, one line each. */
function compare(english: Map<string, unknown>, other: Map<string, unknown>): string[] {
  const problems: string[] = []
  for (const [key, text] of english) {
    if (!other.has(key)) {
      problems.push(`missing ${key}: ${JSON.stringify(text)}`)
      continue
    }
    const translated = other.get(key)
    if (typeof translated !== 'string' || !translated.trim()) problems.push(`empty ${key}`)
    else if (typeof text === 'string' && placeholders(text).join() !== placeholders(translated).join())
      problems.push(`placeholders of ${key}: {{${placeholders(translated).join('}} {{')}}} instead of {{${placeholders(text).join('}} {{')}}}`)
  }
  for (const key of other.keys()) if (!english.has(key)) problems.push(`extra ${key}`)
  return problems
}

const read = (file: string): Texts => JSON.parse(readFileSync(file, 'utf8')) as Texts

/** The root folder, every namespace folder that has an en.json, and the alert mails (the server's only translated texts). */
const folders = [
  '',
  'server/alerts',
  ...readdirSync(LOCALES_DIR).filter(
    (name) => !ENGLISH_ONLY.includes(name) && statSync(join(LOCALES_DIR, name)).isDirectory() && existsSync(join(LOCALES_DIR, name, 'en.json')),
  ),
]

test('compares leaves, placeholders and extras', () => {
  const english = flatten({ a: { b: 'Hi {{name}}', c: 'x' }, d: 'y' })
  assert.equal(compare(english, flatten({ a: { b: 'Hallo {{name}}', c: 'x' }, d: 'y' })), [])
  assert.equal(compare(english, flatten({ a: { b: 'Hallo {{nom}}', c: ' ' }, e: 'z' })), [
    'placeholders of a.b: {{nom}} instead of {{name}}',
    'empty a.c',
    'missing d: "y"',
    'extra e',
  ])
})

test('finds the namespaces', () => {
  assert.ok(folders.includes('console') && folders.includes('terms'), folders.join())
  assert.not.ok(folders.includes('server'))
})

for (const folder of folders) {
  const english = flatten(read(join(LOCALES_DIR, folder, 'en.json')))
  for (const language of LANGUAGES) {
    const name = join('locales', folder, `${language}.json`)
    test(`${name} has every English key and its placeholders`, () => {
      const file = join(LOCALES_DIR, folder, `${language}.json`)
      assert.ok(existsSync(file), `${name} is missing`)
      const problems = compare(english, flatten(read(file)))
      assert.equal(problems, [], `${name}: ${problems.length} problems\n  ${problems.join('\n  ')}`)
    })
  }
}

test.run()
