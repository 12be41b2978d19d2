import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
// Show Code finds its sources' part in the screen table.
import '../../../../src/app/screens'
import { CodePanel } from '../../../../src/app/shell/panels/code-panel'
import { tokenize } from '../../../../src/app/shell/panels/highlight'
import { forgetDocs } from '../../../../src/app/shell/panels/load-docs'
import { $ui, UI_DEFAULTS } from '../../../../src/stores/ui'
import '../../../../src/ui/console-texts'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { cleanup, fireEvent, page, render, waitFor, nameScreenSheets } from '../../ui/testing'

let stub: FetchStub | undefined

/** The stylesheets the page names (src/lib/screen-styles.ts): the sources' has a name. */
test.before(() => nameScreenSheets({ 'code-panel': 'code-panel-TEST1234' }))
const sheet = () => document.head.querySelector('link[rel="stylesheet"][href="/assets/code-panel-TEST1234.css"]')

test.before.each(() => {
  forgetDocs()
  $ui.set({ ...UI_DEFAULTS })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const HOSTILE = 'const html = "<img src=x onerror=alert(1)>"\n<img src=x onerror=alert(1)>'
const DOCS = [
  { name: 'src/features/home/home-screen.tsx', source: 'export const answer = 42 // the answer\n' },
  { name: 'src/features/home/greeting.tsx', source: HOSTILE },
]

/** The body loads lazily; a busy machine may take a while. */
const SLOW = { timeout: 5000 }

const toggle = (name: 'Show Code' | 'Hide Code') => page().getByRole('button', { name })

test('tokenizes keywords, strings, comments, JSX tags and numbers, losing nothing', () => {
  const source = 'import { x } from \'./x\'\n/* block */\nconst n = 0x1F + 2.5e3 // note\nreturn <Box a="b">{`t`}</Box>\nif (a < b) f<T>(1)'
  const tokens = tokenize(source)
  assert.is(tokens.map((token) => token.text).join(''), source)
  const of = (type: string) => tokens.filter((token) => token.type === type).map((token) => token.text)
  assert.equal(of('keyword'), ['import', 'from', 'const', 'return', 'if'])
  assert.equal(of('string'), ["'./x'", '"b"', '`t`'])
  assert.equal(of('comment'), ['/* block */', '// note'])
  assert.equal(of('number'), ['0x1F', '2.5e3', '1'])
  assert.equal(of('tag'), ['<Box', '</Box'])
})

test('loads the sources and their stylesheet on the first open only, with a spinner meanwhile', async () => {
  stub = stubFetch({ status: 200, body: DOCS })
  render(<CodePanel component="home" />)
  assert.equal(stub.requests, [], 'nothing before the first open')
  assert.is(sheet(), null, 'no stylesheet before the first open')
  assert.is(toggle('Show Code').getAttribute('aria-expanded'), 'false')
  fireEvent.click(toggle('Show Code'))
  assert.ok(page().getByRole('status'), 'a spinner')
  assert.ok(await page().findByText('src/features/home/home-screen.tsx', {}, SLOW))
  assert.ok(page().getByText('src/features/home/greeting.tsx'))
  assert.ok(sheet(), 'their stylesheet is in the page')
  assert.is(toggle('Hide Code').getAttribute('aria-expanded'), 'true')
  fireEvent.click(toggle('Hide Code'))
  fireEvent.click(toggle('Show Code'))
  assert.ok(page().getByText('src/features/home/home-screen.tsx'), 'shown at once from the cache')
  assert.equal(
    stub.requests.map(({ method, url }) => `${method} ${url}`),
    ['GET /api/docs?src=home'],
  )
})

test('shows the source as text in coloured spans, never as HTML', async () => {
  stub = stubFetch({ status: 200, body: DOCS })
  render(<CodePanel component="home" />)
  fireEvent.click(toggle('Show Code'))
  await page().findByText('src/features/home/greeting.tsx', {}, SLOW)
  const blocks = Array.from(document.querySelectorAll('pre code'))
  assert.equal(
    blocks.map((block) => block.textContent),
    DOCS.map((doc) => doc.source),
  )
  assert.is(document.querySelector('img'), null, 'no element made from the source')
  const first = blocks[0] as HTMLElement
  assert.equal(
    Array.from(first.querySelectorAll('span')).map((span) => span.textContent),
    ['export', 'const', '42', '// the answer'],
  )
})

test('shows a failure in an error banner, and asks again on the next open', async () => {
  stub = stubFetch({ status: 404, body: { message: 'Not found' } }, { status: 200, body: DOCS })
  render(<CodePanel component="nope" />)
  fireEvent.click(toggle('Show Code'))
  assert.is((await page().findByRole('alert', {}, SLOW)).textContent, 'Not found')
  fireEvent.click(toggle('Hide Code'))
  fireEvent.click(toggle('Show Code'))
  await page().findByText('src/features/home/home-screen.tsx', {}, SLOW)
  assert.is(stub.requests.length, 2)
})

test('an answer of another shape counts as a failure', async () => {
  stub = stubFetch({ status: 200, body: { source: 'x' } })
  render(<CodePanel component="home" />)
  fireEvent.click(toggle('Show Code'))
  assert.is((await page().findByRole('alert', {}, SLOW)).textContent, 'Information not found!')
})

test('the code theme follows the mode until a theme is picked', async () => {
  stub = stubFetch({ status: 200, body: DOCS })
  $ui.setKey('type', 'dark')
  render(<CodePanel component="home" />)
  fireEvent.click(toggle('Show Code'))
  const theme = page().getByRole('button', { name: 'Dark code theme' })
  await page().findByText('src/features/home/home-screen.tsx', {}, SLOW)
  // The theme's colours are set on the box holding the files.
  const files = () => (document.querySelector('figure') as HTMLElement).parentElement!.className
  assert.is(theme.getAttribute('aria-pressed'), 'true', 'dark, as the console')
  const dark = files()
  fireEvent.click(theme)
  assert.is(theme.getAttribute('aria-pressed'), 'false')
  assert.is.not(files(), dark)
  fireEvent.click(theme)
  assert.is(files(), dark)
})

test.run()
