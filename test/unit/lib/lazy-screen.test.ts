import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { lazyScreen } from '../../../src/lib/lazy-screen'

const Hello = () => createElement('p', null, 'Hello screen')

test('loads the code once however often it is preloaded', async () => {
  const loads: string[] = []
  const Screen = lazyScreen('test', async () => {
    loads.push('load')
    return { default: Hello }
  })
  await Promise.all([Screen.preload(), Screen.preload()])
  await Screen.preload()
  assert.equal(loads, ['load'])
})

test('renders at once after preload, without suspending', async () => {
  const Screen = lazyScreen('test', async () => ({ default: Hello }))
  await Screen.preload()
  const html = renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Screen)))
  assert.match(html, 'Hello screen')
  assert.not.match(html, 'loading')
})

test('shows the fallback before the code has loaded', () => {
  const Screen = lazyScreen('test', () => new Promise(() => undefined))
  const html = renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Screen)))
  assert.match(html, 'loading')
})

test('loads again after a failed load', async () => {
  let attempt = 0
  const Screen = lazyScreen('test', async () => {
    attempt += 1
    if (attempt === 1) throw new Error('chunk failed')
    return { default: Hello }
  })
  let failure = ''
  await Screen.preload().catch((error: Error) => (failure = error.message))
  await Screen.preload()
  assert.is(failure, 'chunk failed')
  assert.is(attempt, 2)
  assert.match(renderToString(createElement(Screen)), 'Hello screen')
})

test.run()
