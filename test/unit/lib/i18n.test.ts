import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addDictionary, hasText, messageText, setTextLocale, t } from '../../../src/lib/i18n'

test.after.each(() => setTextLocale('en'))

test('translates a key to English', () => {
  assert.is(t('session.notFound'), 'Information not found!')
  assert.is(t('validation.required'), 'Required')
})

test('fills placeholders', () => {
  addDictionary('en', { sample: { greeting: 'Hello, {{name}}' } })
  assert.is(t('sample.greeting', { name: 'Ada' }), 'Hello, Ada')
})

test('gives the key itself when there is no text', () => {
  assert.is(t('nowhere.at.all'), 'nowhere.at.all')
})

test('uses the current locale and falls back to English for a missing text', () => {
  addDictionary('de', { validation: { required: 'Pflichtfeld' } })
  setTextLocale('de')
  assert.is(t('validation.required'), 'Pflichtfeld')
  assert.is(t('validation.email'), 'Invalid email')
})

test('hasText knows the English keys only', () => {
  assert.ok(hasText('session.resetSent'))
  assert.not.ok(hasText('Wrong e-mail or password'))
  assert.not.ok(hasText('session.nothing'))
})

test('messageText translates keys and shows other text as it is', () => {
  assert.is(messageText('session.notFound'), 'Information not found!')
  assert.is(messageText('Wrong e-mail or password'), 'Wrong e-mail or password')
  assert.is(messageText('[POST] "/api/login/users/": <no response> fetch failed'), '[POST] "/api/login/users/": <no response> fetch failed')
})

test.run()
