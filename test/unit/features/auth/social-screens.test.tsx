import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import SocialRegisterScreen from '../../../../src/features/auth/social-register-screen'
import SocialSignInScreen from '../../../../src/features/auth/social-sign-in-screen'
import { cleanup, descriptionOf, fireEvent, renderAt, resetSession } from '../helpers'

test.before.each(() => resetSession())
test.after.each(() => cleanup())

test('offers Google, GitHub and X disabled with the reason', () => {
  const { view } = renderAt('/login-firebase', <SocialSignInScreen />)
  const group = view.getByRole('group', { name: 'Sign in with a provider' })
  const buttons = [...group.querySelectorAll('button')]
  assert.equal(
    buttons.map((button) => [button.textContent, button.disabled, descriptionOf(button)]),
    [
      ['Google', true, 'Not configured on this server'],
      ['GitHub', true, 'Not configured on this server'],
      ['X', true, 'Not configured on this server'],
    ],
  )
})

test('signs in with e-mail on the alternative screen, with the same validation', () => {
  const { view } = renderAt('/login-firebase', <SocialSignInScreen />)
  fireEvent.click(view.getByRole('button', { name: 'Sign in' }))
  assert.is(descriptionOf(view.getByLabelText('E-mail')), 'Required')
  assert.is(view.getByRole('link', { name: 'Create an account' }).getAttribute('href'), '/register-firebase')
})

test('registers with e-mail on the alternative screen, with the same validation', () => {
  const { view } = renderAt('/register-firebase', <SocialRegisterScreen />)
  assert.ok(view.getByRole('group', { name: 'Sign in with a provider' }))
  fireEvent.change(view.getByLabelText('Password'), { target: { value: 'correct horse' } })
  fireEvent.change(view.getByLabelText('Confirm password'), { target: { value: 'something else' } })
  fireEvent.blur(view.getByLabelText('Confirm password'))
  assert.is(descriptionOf(view.getByLabelText('Confirm password')), 'Passwords dont match')
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/login-firebase')
})

test.run()
