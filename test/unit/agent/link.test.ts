import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { afterLink, linkBackoffSeconds, LINK_RETRY_MAX_S } from '../../../src/agent/link-retry'
import { linkUrl } from '../../../src/agent/link'
import { listenAddress, parseOptions } from '../../../src/agent/options'
import { defaultStateFile } from '../../../src/agent/state'
import { addressOf, refusalOf, targetOf, targetsOf } from '../../../src/agent/targets'
import { LINK_CLOSE } from '../../../src/contract/tunnels'

const CONFIG = {
  type: 'tunnels',
  tunnels: [
    { id: 'tun-web', protocol: 'http', host: '127.0.0.1', port: 8080 },
    { id: 'tun-ssh', protocol: 'tcp', host: 'cam.lan', port: 22 },
    { id: 'tun-bad-port', protocol: 'tcp', host: '127.0.0.1', port: 70000 },
    { id: 'tun-bad-kind', protocol: 'udp', host: '127.0.0.1', port: 53 },
    { id: 'tun-no-host', protocol: 'tcp', host: '', port: 22 },
  ],
}

test('the targets are the last LinkConfig\'s tunnels, well-formed ones only; other control messages change nothing', () => {
  const targets = targetsOf(CONFIG)!
  assert.equal([...targets.keys()], ['tun-web', 'tun-ssh'])
  assert.equal(targets.get('tun-ssh'), { protocol: 'tcp', host: 'cam.lan', port: 22 })
  assert.is(targetsOf({ type: 'ping' }), undefined)
  assert.is(targetsOf(null), undefined)
  assert.is(targetsOf({ type: 'tunnels', tunnels: 'all' }), undefined)
  assert.equal(targetsOf({ type: 'tunnels', tunnels: [] })!.size, 0)
})

test('a stream reaches its tunnel\'s target and nothing else: an unknown tunnel, or a host in the header, is not followed', () => {
  const targets = targetsOf(CONFIG)!
  assert.equal(targetOf(targets, { tunnel: 'tun-web' }), { protocol: 'http', host: '127.0.0.1', port: 8080 })
  assert.equal(targetOf(targets, { tunnel: 'tun-web', host: '10.0.0.9', port: 22 }), { protocol: 'http', host: '127.0.0.1', port: 8080 })
  for (const header of [{ tunnel: 'tun-other' }, { tunnel: 'tun-bad-port' }, { host: '127.0.0.1', port: 22 }, { tunnel: ['tun-web'] }, { tunnel: '__proto__' }, { tunnel: 'constructor' }, null, 'tun-web', undefined]) {
    assert.is(targetOf(targets, header), undefined, JSON.stringify(header))
  }
})

test('a target that cannot be reached is reset saying why, from the error\'s code', () => {
  const target = { host: '127.0.0.1', port: 8080 }
  assert.is(refusalOf('ECONNREFUSED', target), 'connection refused by 127.0.0.1:8080')
  assert.is(refusalOf('ETIMEDOUT', target), 'no answer from 127.0.0.1:8080 within 10 s')
  assert.is(refusalOf('EHOSTUNREACH', { host: 'fd00::1', port: 22 }), '[fd00::1]:22 is unreachable')
  assert.is(refusalOf('ENOTFOUND', { host: 'cam.lan', port: 22 }), 'unknown host cam.lan')
  assert.is(refusalOf(undefined, target), 'cannot connect to 127.0.0.1:8080')
  assert.is(addressOf({ host: '::1', port: 2222 }), '[::1]:2222')
})

test('the link waits 1 s doubling to 60 s with jitter, starts over after a minute up, stops when refused, and waits a minute when disabled', () => {
  const low = () => 0
  const high = () => 0.999999
  assert.equal([0, 1, 2, 5, 6, 12].map((failures) => Math.round(linkBackoffSeconds(failures, high))), [1, 2, 4, 32, 60, 60])
  assert.equal([0, 3].map((failures) => linkBackoffSeconds(failures, low)), [0.5, 4])
  const dropped = afterLink({ code: 1006, reason: '', upMs: 5_000 }, 3, high)
  assert.equal(dropped.refused ? undefined : [Math.round(dropped.waitS), dropped.failures], [8, 4])
  const steady = afterLink({ code: LINK_CLOSE.stopping, reason: 'restarting', upMs: 61_000 }, 5, high)
  assert.equal(steady.refused ? undefined : [Math.round(steady.waitS), steady.failures, steady.why], [1, 1, 'closed 1001 (restarting)'])
  assert.is(afterLink({ code: LINK_CLOSE.refused, reason: 'revoked', upMs: 100 }, 0).refused, true)
  assert.is(afterLink({ status: 401, message: 'The credential was revoked.' }, 0).refused, true)
  for (const end of [{ code: LINK_CLOSE.disabled, reason: '', upMs: 0 }, { status: 403, message: 'disabled' }]) {
    const next = afterLink(end, 4)
    assert.equal(next.refused ? undefined : [next.waitS, next.failures], [LINK_RETRY_MAX_S, 0])
  }
  const replaced = afterLink({ code: LINK_CLOSE.replaced, reason: '', upMs: 0 }, 0, high)
  assert.is(replaced.refused, false)
  const busy = afterLink({ status: 503, message: '' }, 2, high)
  assert.equal(busy.refused ? undefined : [Math.round(busy.waitS), busy.why], [4, 'the console answered 503'])
})

test('the link goes to the console\'s /api/agent/link over ws, or wss for an https console', () => {
  assert.is(linkUrl('https://console.example.com/edge'), 'wss://console.example.com/edge/api/agent/link')
  assert.is(linkUrl('http://127.0.0.1:8080'), 'ws://127.0.0.1:8080/api/agent/link')
})

test('connect takes a tunnel, the console, an access key (or EDGELINE_KEY) and where to listen', () => {
  const options = parseOptions(['connect', 'tun-ssh', '--url', 'https://console.example.com/', '--key', 'edk_ab_cd'], {})
  assert.equal(options, { command: 'connect', state: defaultStateFile({}), every: 30, once: false, link: true, url: 'https://console.example.com', key: 'edk_ab_cd', tunnel: 'tun-ssh', listen: { host: '127.0.0.1', port: 2222 } })
  const fromEnv = parseOptions(['connect', 'tun-ssh', '--url', 'http://localhost:8080', '--listen', '[::1]:0'], { EDGELINE_KEY: 'edk_env' }) as { key: string; listen: unknown }
  assert.equal([fromEnv.key, fromEnv.listen], ['edk_env', { host: '::1', port: 0 }])
  assert.throws(() => parseOptions(['connect', '--url', 'https://x', '--key', 'edk_x'], {}), /needs the tunnel/)
  assert.throws(() => parseOptions(['connect', 'tun', '--url', 'https://x'], {}), /needs --url and --key/)
  assert.throws(() => parseOptions(['connect', 'tun', '--url', 'https://x', '--key', 'enk_x'], {}), /access key/)
  assert.throws(() => parseOptions(['connect', 'tun', '--url', 'ftp://x', '--key', 'edk_x'], {}), /http or https/)
  assert.is((parseOptions(['run', '--no-link'], {}) as { link: boolean }).link, false)
  assert.equal(listenAddress('0.0.0.0:22'), { host: '0.0.0.0', port: 22 })
  for (const bad of ['2222', '127.0.0.1:', '127.0.0.1:70000', '::1:22', 'a b:1']) assert.throws(() => listenAddress(bad), /--listen/, bad)
})

test.run()
