import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { consoleLogger } from '../../../src/server/log'
import { signIn, startTestServer } from '../_server'

/** What `work` writes to the process's stderr, which it holds while it runs. */
async function stderrOf(work: () => Promise<void>): Promise<string> {
  const written: string[] = []
  const write = process.stderr.write
  process.stderr.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stderr.write
  try {
    await work()
  } finally {
    process.stderr.write = write
  }
  return written.join('')
}

test('a path with %0A, %0D and U+2028 is logged as one line with them escaped', async () => {
  let clockBroken = false
  const now = () => {
    if (clockBroken) throw new Error('the clock stopped')
    return new Date()
  }
  // The console's own logger, and a request that fails inside the app, so its path is logged.
  const server = await startTestServer({ log: consoleLogger, now })
  try {
    const token = await signIn(server)
    const forged = 'x%0A2025-01-01 GET /api/forged 200%0D%E2%80%A8end'
    const text = await stderrOf(async () => {
      clockBroken = true
      const res = await fetch(`${server.url}/api/devices/${forged}`, { headers: { Authorization: `Bearer ${token}` } })
      clockBroken = false
      assert.is(res.status, 500)
    })
    assert.ok(text.endsWith('\n'), 'nothing was logged')
    const lines = text.slice(0, -1).split(/\r\n|[\n\r\u2028\u2029\u0085]/)
    assert.is(lines.length, 1, text)
    assert.ok(lines[0]!.includes('/api/devices/x\\n2025-01-01 GET /api/forged 200\\r\\u2028end failed:'), lines[0])
    assert.ok(lines[0]!.includes('the clock stopped'), 'the error is on the same line')
  } finally {
    clockBroken = false
    await server.close()
  }
})

test('an info line loses its controls too', async () => {
  const printed: unknown[] = []
  const log = console.log
  console.log = (...args: unknown[]) => printed.push(...args)
  try {
    consoleLogger.info('mail for a@b.cc\nwritten to /tmp/x\u0085\u001b[31m')
  } finally {
    console.log = log
  }
  assert.equal(printed, ['mail for a@b.cc\\nwritten to /tmp/x\\u0085\\u001b[31m'])
})

test.run()
