import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import TermsScreen from '../../../../src/features/auth/terms-screen'
import { cleanup, renderAt } from '../helpers'

test.after.each(() => cleanup())

test('shows the terms of service with numbered sections of text', () => {
  const { view } = renderAt('/terms-conditions', <TermsScreen />)
  assert.ok(view.getByRole('heading', { level: 1, name: 'Terms of Service' }))
  const sections = view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
  assert.is(sections.length, 11)
  assert.is(sections[0], '1. Accepting these terms')
  assert.is(sections.filter((name) => name?.includes('terms.')).length, 0)
  const text = view.getByRole('article').textContent ?? ''
  assert.ok(text.includes('Access keys and app id secrets are shown once'))
  assert.not.ok(text.includes('.body'))
})

test.run()
