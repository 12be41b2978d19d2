import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { adopted, adoptTyped, markReady } from '../../../src/ui/early-input'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.after.each(() => {
  document.body.innerHTML = ''
  window.earlySubmit = undefined
  window.consoleReady = undefined
})

/** A form as the prerendered page had it: its fields hold what was typed, its submit was held. */
function heldForm(typed: Record<string, string>) {
  const form = document.createElement('form')
  const sent: string[] = []
  form.requestSubmit = () => void sent.push('sent')
  const fields = Object.entries(typed).map(([name, value]) => {
    const input = document.createElement('input')
    input.name = name
    input.value = value
    form.append(input)
    return input
  })
  document.body.append(form)
  window.earlySubmit = form
  return { fields, sent }
}

test('a held submit waits until every field has drawn what was typed before it goes, once', async () => {
  const { fields, sent } = heldForm({ email: 'ada@example.com', password: 'secret words' })
  const [email, password] = fields as [HTMLInputElement, HTMLInputElement]
  const taken: string[] = []
  adoptTyped(email, '', (value) => taken.push(value))
  adoptTyped(password, '', (value) => taken.push(value))
  assert.equal(taken, ['ada@example.com', 'secret words'])
  await wait(50)
  assert.equal(sent, [], 'not sent while the fields still draw their empty start')
  adopted(email, 'ada@example.com')
  await wait(20)
  assert.equal(sent, [], 'the password has not drawn its value yet')
  adopted(password, 'secret words')
  await wait(20)
  assert.equal(sent, ['sent'])
  assert.is(window.earlySubmit, undefined)
  markReady()
  await wait(20)
  assert.equal(sent, ['sent'], 'sent once')
})

test('a held submit whose fields took nothing goes at once, and one whose field never draws its value goes after a second', async () => {
  const plain = heldForm({ email: '' })
  adoptTyped(plain.fields[0] as HTMLInputElement, '', () => undefined)
  await wait(20)
  assert.equal(plain.sent, ['sent'])
  document.body.innerHTML = ''
  window.consoleReady = undefined
  const stuck = heldForm({ email: 'typed' })
  adoptTyped(stuck.fields[0] as HTMLInputElement, '', () => undefined)
  await wait(300)
  assert.equal(stuck.sent, [])
  await wait(900)
  assert.equal(stuck.sent, ['sent'])
})

test.run()
