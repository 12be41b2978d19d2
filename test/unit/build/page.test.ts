import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bootTexts, escapeHtml, fillPage, scriptJson, type PageSlots } from '../../../src/build/page.mjs'

const TEMPLATE =
  '<title><!--title--></title><meta content="<!--description-->"><script>w("%PALETTES%")</script><!--head-->' +
  '<div data-prerendered="<!--mode-->"><!--body--></div><!--scripts-->'

const slots = (overrides: Partial<PageSlots> = {}): PageSlots => ({
  title: 'Devices | Edgeline',
  description: 'A console',
  head: '<style>a{}</style>',
  palettes: '/assets/palettes.css',
  mode: 'page',
  body: '<main>Hi</main>',
  scripts: '<script type="module" src="/assets/main.js"></script>',
  ...overrides,
})

test('fills every slot', () => {
  assert.is(
    fillPage(TEMPLATE, slots()),
    '<title>Devices | Edgeline</title><meta content="A console"><script>w("/assets/palettes.css")</script><style>a{}</style>' +
      '<div data-prerendered="page"><main>Hi</main></div><script type="module" src="/assets/main.js"></script>',
  )
})

test("puts text holding $&, $' and other replacement patterns in as it is", () => {
  const text = "Save $& $' $` $$ $1 $<name>"
  const page = fillPage(TEMPLATE, slots({ title: text, head: `<style>i::after{content:"${text}"}</style>`, body: `<p>${text}</p>` }))
  assert.ok(page.startsWith(`<title>${text}</title>`), page)
  assert.ok(page.includes(`<style>i::after{content:"${text}"}</style>`), page)
  assert.ok(page.includes(`<div data-prerendered="page"><p>${text}</p></div>`), page)
})

test("a slot's name inside a value stays as text", () => {
  const page = fillPage(TEMPLATE, slots({ title: '%PALETTES% <!--body-->', body: '<p><!--scripts--></p>' }))
  assert.ok(page.startsWith('<title>%PALETTES% <!--body--></title>'), page)
  assert.ok(page.includes('<p><!--scripts--></p></div><script type="module"'), page)
  assert.ok(page.includes('w("/assets/palettes.css")'), page)
})

test('a slot the template lacks is an error, not a page without it', () => {
  assert.throws(() => fillPage(TEMPLATE.replace('<!--scripts-->', ''), slots()), /no slot for scripts/)
})

test('the index.html template has every slot', () => {
  const page = fillPage(readFileSync(join(process.cwd(), 'index.html'), 'utf8'), slots())
  assert.not.match(page, /<!--(title|description|head|mode|body|scripts)-->|%PALETTES%/)
})

test('escapes text for elements and quoted attributes', () => {
  assert.is(escapeHtml('<b title="x">&$&</b>'), '&lt;b title=&quot;x&quot;&gt;&amp;$&amp;&lt;/b&gt;')
})

test('JSON in a script cannot end the script', () => {
  const value = { sheet: '</script><script>alert(1)</script><!--' }
  const json = scriptJson(value)
  assert.not.match(json, /<\/script|<!--/i)
  assert.equal(JSON.parse(json), value)
})

test("the first load's failure says so in every language the console speaks", () => {
  const dictionaries = Object.fromEntries(
    ['en', 'de', 'es', 'id', 'zh', 'ar'].map((lang) => [lang, JSON.parse(readFileSync(join(process.cwd(), 'locales', `${lang}.json`), 'utf8'))]),
  )
  const texts = JSON.parse(bootTexts(dictionaries)) as Record<string, { text: string; retry: string }>
  assert.equal(Object.keys(texts), ['en', 'de', 'es', 'id', 'zh', 'ar'])
  assert.equal(texts.en, { text: 'The console could not be loaded. Check the connection, then try again.', retry: 'Try again' })
  for (const [lang, { text, retry }] of Object.entries(texts)) assert.ok(text && retry, lang)
  assert.is.not(texts.de?.text, texts.en?.text)
})

test.run()
