import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearAll, onClear, readItem, removeItem, writeItem } from '../../../src/lib/storage'

test.before.each(() => localStorage.clear())

test('writes, reads, removes and clears items', () => {
  writeItem('axe', 't-1')
  writeItem('theme', 'dark')
  assert.is(readItem('axe'), 't-1')
  removeItem('axe')
  assert.is(readItem('axe'), null)
  assert.is(readItem('theme'), 'dark')
  clearAll()
  assert.is(localStorage.length, 0)
})

test('tells those listening after each clear, even when local storage refuses, until they stop', () => {
  const heard: string[] = []
  const stop = onClear(() => heard.push(readItem('axe') ?? 'wiped'))
  writeItem('axe', 't-1')
  clearAll()
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get: () => {
      throw new Error('SecurityError')
    },
  })
  try {
    clearAll()
  } finally {
    if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
  }
  stop()
  clearAll()
  assert.equal(heard, ['wiped', 'wiped'])
})

test('reads null for a missing item', () => {
  assert.is(readItem('nothing'), null)
})

test('stays quiet when local storage refuses', () => {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  const refusing = {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
    removeItem: () => {
      throw new Error('SecurityError')
    },
    clear: () => {
      throw new Error('SecurityError')
    },
  }
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => refusing })
  try {
    writeItem('axe', 't-1')
    removeItem('axe')
    clearAll()
    assert.is(readItem('axe'), null)
  } finally {
    if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
  }
})

test('stays quiet when reading local storage itself throws', () => {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get: () => {
      throw new Error('SecurityError')
    },
  })
  try {
    writeItem('axe', 't-1')
    assert.is(readItem('axe'), null)
  } finally {
    if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
  }
  assert.is(localStorage.length, 0)
})

test.run()
