import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { commentErrors, type Comment } from '../../../../src/demo/article/article'

const comment = (overrides: Partial<Comment> = {}): Comment => ({ name: 'Ada', email: 'ada@example.org', comment: 'Useful, thanks.', ...overrides })

test('every field is required', () => {
  assert.equal(commentErrors(comment()), {})
  assert.equal(commentErrors(comment({ name: ' ', email: '', comment: '\n' })), {
    name: 'validation.required',
    email: 'validation.required',
    comment: 'validation.required',
  })
})

test('the e-mail is a basic address with a 2 to 4 letter ending, else Invalid email', () => {
  for (const good of ['ada@example.org', 'a.b+c@mail.example.io', 'x@y.info', ' ada@example.de '])
    assert.equal(commentErrors(comment({ email: good })), {}, good)
  for (const bad of ['ada', 'ada@example', 'ada@example.c', 'ada@example.museum', 'ada@@example.org', 'ada example@x.org', '@example.org', 'ada@example.12'])
    assert.equal(commentErrors(comment({ email: bad })), { email: 'validation.email' }, bad)
})

test.run()
