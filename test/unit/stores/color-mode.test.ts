import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolveMode, savedModeChoice, SYSTEM_DARK_QUERY } from '../../../src/stores/color-mode'
import { PREFERENCES_KEY, readPreferences } from '../../../src/stores/preferences'
import { $ui, restorePreferences, setModeChoice, toggleMode, UI_DEFAULTS } from '../../../src/stores/ui'

/** A browser whose system says dark or light, and which tells its listeners when that changes. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>()
  const query = {
    get matches() {
      return dark
    },
    media: SYSTEM_DARK_QUERY,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  }
  const original = window.matchMedia
  window.matchMedia = ((text: string) => (text === SYSTEM_DARK_QUERY ? query : original.call(window, text))) as typeof window.matchMedia
  return {
    turn(next: boolean) {
      dark = next
      for (const listener of listeners) listener({ matches: next })
    },
    restore: () => {
      window.matchMedia = original
    },
  }
}

let system: ReturnType<typeof fakeSystem> | undefined
test.before.each(() => {
  localStorage.clear()
  $ui.set({ ...UI_DEFAULTS })
})
test.after.each(() => system?.restore())

test('the choice resolves to light or dark: the system decides for "system"', () => {
  assert.equal(
    [resolveMode('system', true), resolveMode('system', false), resolveMode('light', true), resolveMode('dark', false)],
    ['dark', 'light', 'light', 'dark'],
  )
})

test('follows the system by default; a saved dark stays dark, an old light (never chosen) follows', () => {
  assert.is(UI_DEFAULTS.mode, 'system')
  assert.is(savedModeChoice({}), 'system')
  assert.is(savedModeChoice({ mode: 'light' }), 'light')
  assert.is(savedModeChoice({ mode: 'bogus', type: 'dark' }), 'dark')
  assert.is(savedModeChoice({ type: 'light' }), 'system')
})

test('a browser set to dark opens the console dark, and follows the system live', () => {
  system = fakeSystem(true)
  restorePreferences()
  assert.equal([$ui.get().mode, $ui.get().type], ['system', 'dark'])
  system.turn(false)
  assert.is($ui.get().type, 'light')
  system.turn(true)
  assert.is($ui.get().type, 'dark')
})

test('a mode chosen by hand stays, whatever the system does, until "system" is chosen again', () => {
  system = fakeSystem(true)
  restorePreferences()
  setModeChoice('light')
  assert.is($ui.get().type, 'light')
  system.turn(true)
  assert.is($ui.get().type, 'light')
  assert.is(readPreferences().mode, 'light')
  setModeChoice('system')
  assert.is($ui.get().type, 'dark')
  // The header's Turn Light is a choice by hand too.
  toggleMode()
  assert.equal([$ui.get().mode, $ui.get().type], ['light', 'light'])
  assert.ok(localStorage.getItem(PREFERENCES_KEY)?.includes('"mode":"light"'))
})

test.run()
