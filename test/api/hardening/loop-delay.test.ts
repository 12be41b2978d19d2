import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until } from '../../fixtures'
import { startTestServer } from '../_server'

/** Holds the event loop for `ms`, as a long synchronous read would. */
function holdLoop(ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until);
}

const delayLines = (logs: string[]) => logs.filter((line) => line.startsWith('Event loop delayed'))

test('a turn of the event loop held past the threshold is logged once in its window, with how long', async () => {
  const server = await startTestServer({ loopDelayWarnMs: 150, loopDelayWindowMs: 100 })
  try {
    // The watch measures from its first sample on, a few ms after the start.
    await new Promise((resolve) => setTimeout(resolve, 50))
    holdLoop(400)
    await until(() => delayLines(server.logs).length > 0, { timeoutMs: 2500, everyMs: 50 }).catch(() => undefined)
    const lines = delayLines(server.logs)
    assert.is(lines.length, 1, server.logs.join('\n'))
    const waited = Number(/the longest wait was (\d+) ms/.exec(lines[0]!)?.[1])
    assert.ok(waited >= 390, `the line names the wait (${lines[0]})`)
  } finally {
    await server.close()
  }
})

test.run()
