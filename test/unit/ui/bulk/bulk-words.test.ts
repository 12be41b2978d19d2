import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { t } from '../../../../src/lib/i18n'
import '../../../../src/ui/bulk/bulk-texts'
import '../../../../src/ui/console-texts'
import { blastSentences, confirmLabel, isDanger, outcomeText, paramsText, secondsLeft } from '../../../../src/ui/bulk/bulk-words'
import { bulkDeviceRules } from '../../../../src/features/devices/device-rules'
import { paramsOf, validateBulkValues as validate, valueErrors, EMPTY_BULK_VALUES } from '../../../../src/ui/bulk/bulk-values'

/** The values as the devices list checks them, with the device form's rules. */
const validateBulkValues = (action: Parameters<typeof validate>[0], values: Parameters<typeof validate>[1]) => validate(action, values, bulkDeviceRules)

test('names the confirm button for the action and the count, one and many', () => {
  assert.equal(
    [confirmLabel(t, 'en', 'devices', 'tag_add', 240), confirmLabel(t, 'en', 'devices', 'tag_add', 1), confirmLabel(t, 'en', 'access_keys', 'revoke', 3)],
    ['Tag 240 devices', 'Tag 1 device', 'Revoke 3 access keys'],
  )
})

test('says what a finished job did, with the skipped after a dot only when there are any', () => {
  assert.is(outcomeText(t, 'en', { collection: 'devices', action: 'tag_add', changed: 238, done: 240 }), 'Tagged 238 devices · 2 skipped')
  assert.is(outcomeText(t, 'en', { collection: 'tunnels', action: 'disable', changed: 1, done: 1 }), 'Disabled 1 tunnel')
  // The job lists only its first skipped records; the count is all it did not change.
  assert.is(outcomeText(t, 'en', { collection: 'devices', action: 'delete', changed: 0, done: 700 }), 'Deleted 0 devices · 700 skipped')
})

test('words the blast radius of a roles change: who, granted, removed, and who loses roles last', () => {
  assert.equal(blastSentences(t, 'en', { members: 12, gained: ['billing'], lost: ['devices', 'roles'], losing_roles: 2 }), [
    'The rights of 12 members change.',
    'Grants Billing.',
    'Removes Edge & Devices, Roles.',
    '2 members lose the right to manage roles.',
  ])
  assert.equal(blastSentences(t, 'en', { members: 0, gained: [], lost: [], losing_roles: 0 }), ["Nobody's rights change."])
})

test('restates the value an action sets, roles by name', () => {
  const name = (id: string) => ({ r1: 'Operators', r2: 'Viewers' })[id] ?? id
  assert.equal(
    [
      paramsText(t, 'tag_add', { tag: 'lobby' }, name),
      paramsText(t, 'set_location', { location: '' }, name),
      paramsText(t, 'set_roles', { roles: ['r1', 'r2'] }, name),
      paramsText(t, 'revoke', {}, name),
    ],
    ['Tag: lobby', 'Location: none', 'Roles: Operators, Viewers', ''],
  )
})

test('only delete and revoke are in red', () => {
  assert.equal((['tag_add', 'delete', 'revoke', 'disable'] as const).map(isDanger), [false, true, true, false])
})

test('the undo reads whole seconds left, never 0 while it is still offered', () => {
  assert.equal([secondsLeft(10_000, 0), secondsLeft(10_000, 9_001), secondsLeft(10_000, 10_000), secondsLeft(10_000, 12_000)], [10, 1, 0, 0])
})

test('checks a tag and a location by the device form rules, and roles as the user form does', () => {
  assert.equal(validateBulkValues('tag_add', { ...EMPTY_BULK_VALUES, tag: 'lobby 2' }), {})
  assert.equal(validateBulkValues('tag_add', EMPTY_BULK_VALUES), { tag: 'validation.required' })
  assert.equal(validateBulkValues('tag_remove', { ...EMPTY_BULK_VALUES, tag: '#bad' }), { tag: 'fields.tag' })
  assert.equal(validateBulkValues('tag_add', { ...EMPTY_BULK_VALUES, tag: 'x'.repeat(33) }), { tag: 'validation.tooLong' })
  assert.equal(validateBulkValues('tag_add', { ...EMPTY_BULK_VALUES, tag: 'lobby, hall' }), { tag: 'fields.tag' })
  assert.equal(validate('tag_add', { ...EMPTY_BULK_VALUES, tag: '#bad' }), {}, 'without the rules, the server checks')
  assert.equal(validateBulkValues('set_location', EMPTY_BULK_VALUES), {})
  assert.equal(validateBulkValues('set_location', { ...EMPTY_BULK_VALUES, location: 'x'.repeat(500) }), { location: 'validation.tooLong' })
  assert.equal(validateBulkValues('set_roles', EMPTY_BULK_VALUES), { roles: 'users.rolesRequired' })
  assert.equal(validateBulkValues('revoke', EMPTY_BULK_VALUES), {})
})

test('sends the trimmed value, and puts a refused preview’s errors on their fields', () => {
  assert.equal(paramsOf('tag_add', { ...EMPTY_BULK_VALUES, tag: ' lobby ' }), { tag: 'lobby' })
  assert.equal(paramsOf('set_roles', { ...EMPTY_BULK_VALUES, roles: ['r1'] }), { roles: ['r1'] })
  assert.equal(paramsOf('delete', { ...EMPTY_BULK_VALUES, tag: 'x' }), {})
  assert.equal(valueErrors({ 'params.tag': 'fields.tag', selection: 'x' }), { tag: 'fields.tag' })
  assert.is(valueErrors({ selection: 'x' }), undefined)
})

test.run()
