import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { t } from '../../../../src/lib/i18n'
import { lockErrors, messageErrors, registerErrors, resetErrors, signInErrors, whenErrors } from '../../../../src/demo/forms/validation'

const REGISTER = { name: 'Ayu Lestari', email: 'ayu@edge.io', password: 'secret', passwordConfirm: 'secret', agree: true }

test('the English texts are those of SPEC.md', () => {
  assert.is(t('validation.required'), 'Required')
  assert.is(t('validation.email'), 'Invalid email')
  assert.is(t('validation.passwordsMatch'), 'Passwords dont match')
})

test('sign-in: an address with a 2 to 4 letter ending, a password that is required only', () => {
  assert.equal(signInErrors({ email: 'ayu@edge.io', password: 'x', remember: false }), {})
  assert.equal(signInErrors({ email: '', password: '', remember: false }), { email: 'validation.required', password: 'validation.required' })
  for (const email of ['ayu', 'ayu@edge', 'ayu@edge.c', 'ayu@edge.museum', '@edge.io', 'ayu@.io x'])
    assert.equal(signInErrors({ email, password: 'x', remember: false }), { email: 'validation.email' }, email)
  for (const email of ['ayu@edge.io', 'a.b+c@mail.edge.info', 'AYU@EDGE.DE']) assert.equal(signInErrors({ email, password: 'x' }), {}, email)
})

test('register: every field required, the terms ticked, the confirmation equal to the password', () => {
  assert.equal(registerErrors(REGISTER), {})
  assert.equal(registerErrors({ name: '', email: '', password: '', passwordConfirm: '', agree: false }), {
    name: 'validation.required',
    email: 'validation.required',
    password: 'validation.required',
    passwordConfirm: 'validation.required',
    agree: 'validation.required',
  })
  assert.equal(registerErrors({ ...REGISTER, passwordConfirm: 'secreT' }), { passwordConfirm: 'validation.passwordsMatch' })
  assert.equal(registerErrors({ ...REGISTER, agree: false }), { agree: 'validation.required' })
  assert.equal(registerErrors({ ...REGISTER, email: 'ayu@edge' }), { email: 'validation.email' })
  assert.equal(registerErrors({ ...REGISTER, name: '   ' }), { name: 'validation.required' })
})

test("register asks no strength of the demo password, unlike the console's own form", () => {
  assert.equal(registerErrors({ ...REGISTER, password: 'a', passwordConfirm: 'a' }), {})
})

test('reset: the address; lock: the password; the reset message: anything but nothing', () => {
  assert.equal(resetErrors({ email: 'ayu@edge.io' }), {})
  assert.equal(resetErrors({ email: '' }), { email: 'validation.required' })
  assert.equal(resetErrors({ email: 'ayu@edge.i' }), { email: 'validation.email' })
  assert.equal(lockErrors({ password: 'x' }), {})
  assert.equal(lockErrors({ password: '' }), { password: 'validation.required' })
  assert.equal(messageErrors({ message: '123456' }), {})
  assert.equal(messageErrors({ message: '  ' }), { message: 'validation.required' })
})

test('the masked date and time: both required, each real', () => {
  assert.equal(whenErrors({ date: '28/02/2026', time: '11:59 PM' }), {})
  assert.equal(whenErrors({ date: '', time: '' }), { date: 'validation.required', time: 'validation.required' })
  assert.equal(whenErrors({ date: '31/02/2026', time: '13:00 PM' }), { date: 'demo-forms.when.badDate', time: 'demo-forms.when.badTime' })
  assert.equal(whenErrors({ date: '28/02', time: '11:59' }), { date: 'demo-forms.when.badDate', time: 'demo-forms.when.badTime' })
})

test.run()
