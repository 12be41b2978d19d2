import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { t } from '../../../../src/lib/i18n'
import { pluralKey, previewSentence } from '../../../../src/features/roles/preview-text'
import '../../../../src/features/roles/texts'
import '../../../../src/ui/console-texts'

test('picks the one form only for what the language counts as one', () => {
  assert.equal([1, 0, 3, 12].map((n) => pluralKey('roles.preview.grants', n, 'en')), [
    'roles.preview.grants.one',
    'roles.preview.grants.other',
    'roles.preview.grants.other',
    'roles.preview.grants.other',
  ])
  // Arabic's two, few and many read as other; Chinese has no one form at all.
  assert.equal([1, 2, 3, 11].map((n) => pluralKey('x', n, 'ar')), ['x.one', 'x.other', 'x.other', 'x.other'])
  assert.is(pluralKey('x', 1, 'zh'), 'x.other')
})

test('says in one sentence what is granted, then what is removed, in the order of the rights', () => {
  assert.is(
    previewSentence({ grants: { billing: 3 }, removes: { devices: 12 } }, t, 'en'),
    'Grants Billing to 3 users, removes Edge & Devices from 12 users.',
  )
  assert.is(
    previewSentence({ grants: { traffic: 1, users: 2 }, removes: { roles: 1 } }, t, 'en'),
    'Grants Users to 2 users, grants Traffic to 1 user, removes Roles from 1 user.',
  )
  assert.is(previewSentence({ grants: {}, removes: {} }, t, 'en'), '')
})

test.run()
