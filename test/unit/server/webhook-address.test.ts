import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { webhookUrlRule } from '../../../src/contract/webhooks'
import { classifyAddress, resolvedAllowed, webhookUrlAllowed } from '../../../src/server/webhooks/address'
import { createSecretBox, newWebhookSecret, secretKeyBytes, signDelivery } from '../../../src/server/webhooks/secrets'
import { eventIdOf, printable } from '../../../src/server/webhooks/service'
import { createHmac, randomBytes } from 'node:crypto'

const strict = { allowPrivate: false, ownPort: 8080 }
const open = { allowPrivate: true, ownPort: 8080 }

test('IPv4 addresses: public, loopback, private, link-local and never', () => {
  const cases: [string, string][] = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'never'],
    ['0.1.2.3', 'never'],
    ['224.0.0.1', 'never'],
    ['255.255.255.255', 'never'],
    ['not an address', 'invalid'],
  ]
  for (const [address, kind] of cases) assert.is(classifyAddress(address), kind, address)
})

test('IPv6 addresses, mapped and compatible IPv4 forms included', () => {
  const cases: [string, string][] = [
    ['2606:4700:4700::1111', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['::', 'never'],
    ['ff02::1', 'never'],
  ]
  for (const [address, kind] of cases) assert.is(classifyAddress(address), kind, address)
})

test('URLs: decimal, octal and hex IPv4 forms meet the rule of the address they stand for', () => {
  for (const url of ['https://2130706433/', 'https://017700000001/', 'https://0x7f000001/', 'https://0x7f.1/', 'https://127.1/', 'https://[::ffff:127.0.0.1]/', 'https://[0:0:0:0:0:ffff:7f00:1]/', 'https://localhost/', 'https://api.localhost/', 'https://LOCALHOST./', 'https://intranet/']) {
    assert.is(webhookUrlAllowed(url, strict), 'webhooks.urlPrivate', url)
    assert.is(webhookUrlAllowed(url, open), true, url)
  }
  for (const url of ['https://0/', 'https://0.0.0.0/', 'https://[::]/', 'https://[ff02::1]/', 'https://3758096385/']) {
    assert.is(webhookUrlAllowed(url, strict), 'webhooks.urlNever', url)
    assert.is(webhookUrlAllowed(url, open), 'webhooks.urlNever', url)
  }
  assert.is(webhookUrlAllowed('https://2852039166/', strict), 'webhooks.urlLinkLocal', '169.254.169.254 in decimal')
  assert.is(webhookUrlAllowed('https://[fe80::1]/', strict), 'webhooks.urlLinkLocal')
  assert.is(webhookUrlAllowed('https://[fe80::1]/', open), true)
})

test('URLs: https always, http only with the setting, never the server itself', () => {
  assert.is(webhookUrlAllowed('https://hooks.example.com/x', strict), true)
  assert.is(webhookUrlAllowed('http://hooks.example.com/x', strict), 'webhooks.urlHttps')
  assert.is(webhookUrlAllowed('http://hooks.example.com/x', open), true)
  assert.is(webhookUrlAllowed('ftp://hooks.example.com/x', open), 'webhooks.urlShape')
  for (const url of ['http://127.0.0.1:8080/api', 'http://localhost:8080/', 'http://[::1]:8080/', 'http://2130706433:8080/']) {
    assert.is(webhookUrlAllowed(url, open), 'webhooks.urlOwnServer', url)
    assert.is.not(webhookUrlAllowed(url, strict), true, url)
  }
  assert.is(webhookUrlAllowed('http://127.0.0.1:8081/', open), true)
  assert.is(webhookUrlAllowed('http://127.0.0.1/', { allowPrivate: true, ownPort: 80 }), 'webhooks.urlOwnServer', 'the default port counts')
})

test('the shape the console checks as it is typed', () => {
  assert.is(webhookUrlRule('https://hooks.example.com/edgeline?x=1'), true)
  assert.is(webhookUrlRule('http://10.0.0.1:9000/'), true, 'which hosts may be reached is the server’s to say')
  for (const bad of ['hooks.example.com', 'https://', 'https://u:p@hooks.example.com/', 'https://hooks.example.com/#frag', 'https://hooks example.com/', 'javascript:alert(1)', 'ftp://x.example.com/']) {
    assert.is.not(webhookUrlRule(bad), true, bad)
  }
  assert.is(webhookUrlRule(''), 'validation.required')
  assert.is(webhookUrlRule(`https://a.example.com/${'a'.repeat(2100)}`), 'validation.tooLong')
})

test('DNS answers: every address must be allowed (rebinding), the own port never', () => {
  assert.is(resolvedAllowed(['93.184.216.34'], 443, strict), true)
  assert.is(resolvedAllowed(['93.184.216.34', '10.0.0.1'], 443, strict), 'webhooks.urlPrivate')
  assert.is(resolvedAllowed(['::ffff:127.0.0.1'], 443, strict), 'webhooks.urlPrivate')
  assert.is(resolvedAllowed(['127.0.0.1'], 443, open), true)
  assert.is(resolvedAllowed(['127.0.0.1'], 8080, open), 'webhooks.urlOwnServer')
  assert.is(resolvedAllowed(['0.0.0.0'], 443, open), 'webhooks.urlNever')
  assert.is(resolvedAllowed([], 443, open), 'webhooks.urlNever')
})

test('secrets: whsec_ and 32 bytes; signatures as Standard Webhooks; sealed bound to their webhook', () => {
  const secret = newWebhookSecret()
  assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
  assert.is(secretKeyBytes(secret).length, 32)
  const signature = signDelivery(secret, 'evt_1', 1700000000, '{"a":1}')
  const expected = createHmac('sha256', secretKeyBytes(secret)).update('evt_1.1700000000.{"a":1}').digest('base64')
  assert.is(signature, `v1,${expected}`)
  assert.is.not(signDelivery(secret, 'evt_1', 1700000001, '{"a":1}'), signature)
  const box = createSecretBox(randomBytes(32))
  const sealed = box.seal('hook-1', secret)
  assert.not.match(sealed, secret.slice(6))
  assert.is(box.open('hook-1', sealed), secret)
  assert.throws(() => box.open('hook-2', sealed), 'sealed for another webhook')
  assert.throws(() => createSecretBox(randomBytes(32)).open('hook-1', sealed), 'sealed with another key')
  const bytes = Buffer.from(sealed, 'base64')
  bytes[14] = bytes[14]! ^ 1
  assert.throws(() => box.open('hook-1', bytes.toString('base64')), 'changed bytes')
})

test('event ids follow from their parts; answers are kept printable', () => {
  assert.is(eventIdOf('a', 'firing', '1'), eventIdOf('a', 'firing', '1'))
  assert.is.not(eventIdOf('a', 'firing', '1'), eventIdOf('a', 'firing', '2'))
  assert.match(eventIdOf('x'), /^evt_[0-9a-f]{32}$/)
  assert.is(printable(new TextEncoder().encode('ok\u0007\u001b[31m\u0000 fine\nnext\u202e')), 'ok[31m fine\nnext')
  assert.is(printable(new TextEncoder().encode('é').subarray(0, 1)), '', 'a character cut in half is dropped')
})

test.run()
