import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import en from '../../../locales/en.json'
import {
  ForgotBody,
  LoginBody,
  LoginForm,
  RegisterBody,
  registerFormErrors,
  ResetBody,
  resetFormErrors,
} from '../../../src/contract/auth'
import { check, Email, EMAIL_PATTERN, Required, Text, type MessageKey } from '../../../src/contract/validation'
import { t } from '../../../src/lib/i18n'
import '../../../src/ui/console-texts'
import '../../../src/features/app-ids/texts'
import '../../../src/features/billing/texts'
import '../../../src/features/webhooks/texts'

const errorsOf = (result: ReturnType<typeof check>) => (result.ok ? {} : result.errors)

const validRegister = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret-pass',
  passwordConfirm: 'secret-pass',
  agree: true,
  ...overrides,
})

test('each message key has its English text', () => {
  const texts: Record<MessageKey, string> = {
    'validation.required': 'Required',
    'validation.email': 'Invalid email',
    'validation.passwordsMatch': 'Passwords dont match',
    'validation.passwordLength': 'Use at least 8 characters',
    'validation.passwordCommon': 'This password is too common; choose another',
    'validation.passwordEmail': 'The password must not contain your e-mail address',
    'validation.tooLong': 'Too long',
    'validation.characters': 'Contains characters that are not allowed',
    'validation.invalid': 'Invalid value',
    'fields.range': 'Out of range',
    'fields.serial': 'Letters, digits, dots, dashes and underscores only',
    'fields.tag': 'Letters, digits, spaces, dots and dashes only',
    'fields.ip': 'Not an IP address',
    'fields.device': 'Choose a device of this organization',
    'appIds.redirectUri': 'Enter an absolute URL, such as https://app.example.com/callback',
    'appIds.redirectHttps': 'Use https, or http only for localhost, 127.0.0.1 or [::1]',
    'appIds.redirectWildcard': 'Wildcards (*) are not allowed',
    'appIds.redirectFragment': 'Fragments (#) are not allowed',
    'appIds.redirectCount': 'At most 10 redirect URIs',
    'appIds.scopesRequired': 'Choose at least one scope',
    'billing.cardNumber': 'Not a valid card number',
    'billing.cardExpired': 'This card has expired',
    'billing.cvc': 'Three or four digits',
    'webhooks.urlShape': 'Enter an absolute http or https URL, such as https://hooks.example.com/edgeline',
    'webhooks.urlHttps': 'Use https: plain http is only allowed when the server allows private addresses',
    'webhooks.urlPrivate': 'This address is local or private: only allowed when the server allows private addresses',
    'webhooks.urlLinkLocal': 'Link-local addresses (169.254.x.x, fe80::) are not allowed',
    'webhooks.urlOwnServer': "The console's own address cannot receive its webhooks",
    'webhooks.urlNever': 'This address cannot receive webhooks',
    'webhooks.webhook': 'Choose webhooks of this organization',
  }
  for (const [key, text] of Object.entries(texts)) assert.is(t(key), text, key)
  const publicKeys = Object.keys(texts).filter((key) => key.startsWith('validation.'))
  assert.equal(Object.keys(en.validation).sort(), publicKeys.map((key) => key.slice('validation.'.length)).sort())
})

test('the session texts are in English', () => {
  assert.is(t('session.notFound'), 'Information not found!')
  assert.is(t('session.resetSent'), "Reset link has been sent to Your'e email")
  assert.is(t('session.authenticating'), 'Authenticating...')
})

test('shows Required for a missing, null, empty or blank field', () => {
  for (const value of [undefined, null, '', '   ']) {
    assert.equal(errorsOf(check(LoginBody, { email: 'ada@example.com', password: value })), { password: 'validation.required' }, String(value))
  }
})

test('shows Required for every missing field of an empty form', () => {
  assert.equal(errorsOf(check(LoginBody, {})), { email: 'validation.required', password: 'validation.required' })
})

test('shows Invalid value for a field of the wrong type', () => {
  assert.equal(errorsOf(check(LoginBody, { email: 'ada@example.com', password: 42 })), { password: 'validation.invalid' })
})

test('shows Invalid email for bad addresses', () => {
  for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@example.museum', 'ada@example.c0m', 'ada lovelace@example.com', 'ada@@example.com']) {
    assert.equal(errorsOf(check(Email, email)), { _: 'validation.email' }, email)
  }
})

test('accepts addresses with a 2 to 4 letter ending', () => {
  for (const email of ['ada@example.io', 'ada@example.com', 'ada.lovelace+tag@mail.example.info', 'A_B%c-d@sub.EXAMPLE.Org', ' ada@example.com ']) {
    assert.ok(check(Email, email).ok, email)
  }
  assert.ok(EMAIL_PATTERN.test('x@y.de'))
})

test('shows Required rather than Invalid email for an empty address', () => {
  assert.equal(errorsOf(check(ForgotBody, { email: '' })), { email: 'validation.required' })
})

test('the sign-in password is required only', () => {
  assert.ok(check(LoginBody, { email: 'ada@example.com', password: 'x' }).ok)
  assert.ok(check(LoginForm, { email: 'ada@example.com', password: 'x', remember: true }).ok)
})

test('a new password needs at least 8 characters', () => {
  assert.equal(errorsOf(check(RegisterBody, { name: 'Ada', email: 'ada@example.com', password: '1234567' })), {
    password: 'validation.passwordLength',
  })
  assert.ok(check(RegisterBody, { name: 'Ada', email: 'ada@example.com', password: '12345678' }).ok)
  assert.equal(errorsOf(check(ResetBody, { token: 't', password: 'short' })), { password: 'validation.passwordLength' })
})

test('a text field longer than its limit is too long', () => {
  assert.equal(errorsOf(check(Text(3), 'abcd')), { _: 'validation.tooLong' })
  assert.ok(check(Text(3), 'abc').ok)
  assert.equal(errorsOf(check(RegisterBody, { name: 'a'.repeat(121), email: 'ada@example.com', password: 'secret-pass' })), {
    name: 'validation.tooLong',
  })
})

test('Required accepts text with spaces around it', () => {
  assert.ok(check(Required, ' a ').ok)
})

test('the register form accepts valid values', () => {
  assert.equal(registerFormErrors(validRegister()), {})
})

test('shows Passwords dont match when the confirmation differs', () => {
  assert.equal(registerFormErrors(validRegister({ passwordConfirm: 'secret-pasS' })), { passwordConfirm: 'validation.passwordsMatch' })
})

test('shows Required, not a mismatch, for an empty confirmation', () => {
  assert.equal(registerFormErrors(validRegister({ passwordConfirm: '' })), { passwordConfirm: 'validation.required' })
})

test('the terms checkbox is required', () => {
  assert.equal(registerFormErrors(validRegister({ agree: false })), { agree: 'validation.required' })
  assert.equal(registerFormErrors(validRegister({ agree: undefined })), { agree: 'validation.required' })
})

test('shows each failing field of the register form once', () => {
  assert.equal(registerFormErrors({ email: 'ada@example', password: 'short', passwordConfirm: 'other' }), {
    name: 'validation.required',
    email: 'validation.email',
    password: 'validation.passwordLength',
    passwordConfirm: 'validation.passwordsMatch',
    agree: 'validation.required',
  })
})

test('the reset form checks length and match', () => {
  assert.equal(resetFormErrors({ password: 'secret-pass', passwordConfirm: 'secret-pass' }), {})
  assert.equal(resetFormErrors({ password: 'secret-pass', passwordConfirm: 'secret' }), { passwordConfirm: 'validation.passwordsMatch' })
  assert.equal(resetFormErrors({ password: 'short', passwordConfirm: 'short' }), { password: 'validation.passwordLength' })
})

test('check returns the value when valid', () => {
  assert.equal(check(LoginBody, { email: 'ada@example.com', password: 'pw' }), {
    ok: true,
    value: { email: 'ada@example.com', password: 'pw' },
  })
})

test.run()
