import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { agentCommandLines, shellWord } from '../../../../src/ui/enrollment/agent-command-lines'

const secret = 'enk_1a2b3c4d_Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6'

test('fills the origin and the key into both commands', () => {
  assert.equal(agentCommandLines({ origin: 'https://console.example.com/', secret }), {
    node: `curl -fsSL https://console.example.com/agent.mjs -o agent.mjs && node agent.mjs enroll --url https://console.example.com --key ${secret}`,
    sh: `curl -fsSL https://console.example.com/agent.sh | sh -s -- --url https://console.example.com --key ${secret}`,
  })
})

test('adds the serial and the name, quoting what the shell would split or expand', () => {
  const { node, sh } = agentCommandLines({ origin: 'http://localhost:8080', secret, serial: 'SN-0001', name: "Kiosk 7 at Bob's $HOME" })
  const tail = ` --serial SN-0001 --name 'Kiosk 7 at Bob'\\''s $HOME'`
  assert.ok(node.endsWith(tail), node)
  assert.ok(sh.endsWith(tail), sh)
})

test('leaves plain words as they are', () => {
  assert.is(shellWord('gate-1.lobby_2'), 'gate-1.lobby_2')
  assert.is(shellWord('a b'), "'a b'")
  assert.is(shellWord(''), "''")
})

test.run()
