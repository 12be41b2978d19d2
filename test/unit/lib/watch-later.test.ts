import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { watchLater } from '../../../src/lib/watch-later'

const until = async (done: () => boolean) => {
  for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 5))
  assert.ok(done(), 'in time')
}

test('code that could not be downloaded is asked for again, and the watch starts once it arrives', async () => {
  const events: string[] = []
  let answers = [false, false, true]
  const stop = watchLater(
    () => (answers.shift() ? Promise.resolve('module') : Promise.reject(new TypeError('error loading dynamically imported module'))),
    (module) => {
      events.push(`start ${module}`)
      return () => events.push('stop')
    },
    1,
  )
  await until(() => events.length === 1)
  assert.equal(answers, [])
  stop()
  assert.equal(events, ['start module', 'stop'])
})

test('stopped before the code arrives, the watch never starts and nothing is asked again', async () => {
  let asked = 0
  let started = 0
  const stop = watchLater(
    () => {
      asked++
      return Promise.reject(new Error('offline'))
    },
    () => {
      started++
      return () => undefined
    },
    1,
  )
  stop()
  await new Promise((resolve) => setTimeout(resolve, 30))
  assert.is(asked, 1)
  assert.is(started, 0)
})

test.run()
