// What a webhook may reach: every address that is, carries or stands for a refused one is refused
// (transition forms that embed an IPv4, documentation and benchmarking ranges, this host's own
// interfaces), and this server's own port on any of its addresses even with private addresses allowed.
import { networkInterfaces } from 'node:os'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { classifyAddress, resolvedAllowed, webhookUrlAllowed } from '../../../src/server/webhooks/address'

const strict = { allowPrivate: false, ownPort: 8080 }
const open = { allowPrivate: true, ownPort: 8080 }
/** Two public addresses this test says the host has, as a server on a public interface would. */
const own = ['93.184.216.34', '2606:4700::6810:85e5']

test('addresses: each kind, the IPv4 carried inside an IPv6 one included', () => {
  const cases: [string, string, string][] = [
    ['8.8.8.8', 'public', 'a far address'],
    ['2606:4700:4700::1111', 'public', 'a far IPv6 address'],
    ['192.0.2.1', 'never', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'never', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'never', 'documentation (TEST-NET-3)'],
    ['2001:db8::1', 'never', 'IPv6 documentation'],
    ['3fff::1', 'never', 'IPv6 documentation (2024)'],
    ['198.18.0.1', 'never', 'benchmarking'],
    ['198.19.255.255', 'never', 'benchmarking, its last'],
    ['2001:2::1', 'never', 'IPv6 benchmarking'],
    ['0.1.2.3', 'never', '0/8'],
    ['240.0.0.1', 'never', '240/4'],
    ['255.255.255.255', 'never', 'broadcast'],
    ['224.0.0.251', 'never', 'multicast'],
    ['ff02::1', 'never', 'IPv6 multicast'],
    ['::', 'never', 'IPv6 unspecified'],
    ['::1', 'loopback', 'IPv6 loopback'],
    ['fe80::1', 'link-local', 'IPv6 link-local'],
    ['fd00::1', 'private', 'unique local'],
    ['93.184.216.34', 'own', 'an address of this host'],
    ['2606:4700::6810:85e5', 'own', 'an IPv6 address of this host'],
    ['::ffff:127.0.0.1', 'loopback', 'mapped loopback'],
    ['::ffff:192.0.2.1', 'never', 'mapped documentation'],
    ['::ffff:8.8.8.8', 'public', 'a mapped address is the IPv4 itself'],
    ['::ffff:93.184.216.34', 'own', 'mapped own address'],
    ['::127.0.0.1', 'loopback', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'private', 'IPv4-compatible, deprecated'],
    ['::ffff:0:7f00:1', 'loopback', 'SIIT (RFC 6145) carrying 127.0.0.1'],
    ['2002:7f00:1::1', 'loopback', '6to4 carrying 127.0.0.1'],
    ['2002:c000:201::1', 'never', '6to4 carrying 192.0.2.1'],
    ['2002:a00:1::1', 'private', '6to4 carrying 10.0.0.1'],
    ['2002:808:808::1', 'private', '6to4 carrying a far address'],
    ['2002:5db8:d822::1', 'own', '6to4 carrying an address of this host'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'Teredo whose client (inverted) is 127.0.0.1'],
    ['2001:0:7f00:1::f7f7:f7f7', 'loopback', 'Teredo whose server is 127.0.0.1'],
    ['2001:0:4136:e378::f7f7:f7f7', 'private', 'Teredo carrying far addresses'],
    ['64:ff9b::7f00:1', 'loopback', 'NAT64 carrying 127.0.0.1'],
    ['64:ff9b::a00:1', 'private', 'NAT64 carrying 10.0.0.1'],
    ['64:ff9b::c000:201', 'never', 'NAT64 carrying 192.0.2.1'],
    ['64:ff9b::808:808', 'private', 'NAT64 carrying a far address'],
    ['64:ff9b::5db8:d822', 'own', 'NAT64 carrying an address of this host'],
    ['64:ff9b:1::7f00:1', 'never', 'local-use NAT64: where it carries the IPv4 is the local network\'s choice'],
    ['64:ff9b:1:7f00:0:100::', 'never', 'local-use NAT64, a /48 layout'],
    ['64:ff9b:1::808:808', 'never', 'local-use NAT64, whatever it seems to carry'],
  ]
  const wrong = cases.filter(([address, kind]) => classifyAddress(address, own) !== kind)
  assert.equal(
    wrong.map(([address, kind, what]) => `${what}: ${address} is ${classifyAddress(address, own)}, not ${kind}`),
    [],
  )
})

test('URLs: refused without the setting, never or the server itself with it', () => {
  const cases: [string, string | true, string | true][] = [
    // url, without the setting, with it
    ['https://[2002:7f00:1::1]/', 'webhooks.urlPrivate', true],
    ['http://[2002:7f00:1::1]:8080/', 'webhooks.urlHttps', 'webhooks.urlOwnServer'],
    ['https://[2002:7f00:1::1]:8080/', 'webhooks.urlOwnServer', 'webhooks.urlOwnServer'],
    ['https://[64:ff9b::7f00:1]:8080/', 'webhooks.urlOwnServer', 'webhooks.urlOwnServer'],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'webhooks.urlPrivate', true],
    ['https://93.184.216.34/', 'webhooks.urlPrivate', true],
    ['https://93.184.216.34:8080/', 'webhooks.urlOwnServer', 'webhooks.urlOwnServer'],
    ['https://[2606:4700::6810:85e5]:8080/', 'webhooks.urlOwnServer', 'webhooks.urlOwnServer'],
    ['https://[::ffff:5db8:d822]:8080/', 'webhooks.urlOwnServer', 'webhooks.urlOwnServer'],
    ['https://192.0.2.1/', 'webhooks.urlNever', 'webhooks.urlNever'],
    ['https://[2001:db8::1]/', 'webhooks.urlNever', 'webhooks.urlNever'],
    ['https://198.18.0.1/', 'webhooks.urlNever', 'webhooks.urlNever'],
    ['https://[2002:c000:201::1]/', 'webhooks.urlNever', 'webhooks.urlNever'],
    ['https://8.8.8.8/', true, true],
    ['https://8.8.8.8:8080/', true, true],
  ]
  const wrong = cases.flatMap(([url, without, withIt]) => {
    const found = [webhookUrlAllowed(url, strict, own), webhookUrlAllowed(url, open, own)]
    return found[0] === without && found[1] === withIt ? [] : [`${url}: ${found.join(' / ')}, not ${without} / ${withIt}`]
  })
  assert.equal(wrong, [])
})

test('DNS answers: an address of this host is the server itself on its port, and refused without the setting', () => {
  assert.is(resolvedAllowed(['8.8.8.8', '93.184.216.34'], 443, strict, own), 'webhooks.urlPrivate')
  assert.is(resolvedAllowed(['93.184.216.34'], 443, open, own), true)
  assert.is(resolvedAllowed(['93.184.216.34'], 8080, open, own), 'webhooks.urlOwnServer')
  assert.is(resolvedAllowed(['2002:7f00:1::1'], 8080, open, own), 'webhooks.urlOwnServer')
  assert.is(resolvedAllowed(['198.51.100.9'], 443, open, own), 'webhooks.urlNever')
})

test("this host's real interface addresses are never public, and its port on each is refused", () => {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((each) => each.address))
  assert.ok(addresses.length > 0, 'the host has addresses')
  for (const address of addresses) {
    assert.is.not(classifyAddress(address), 'public', address)
    const host = address.includes(':') ? `[${address}]` : address
    // An interface may sit in a range no receiver has (a test network's 192.0.2.x): refused either way.
    const refused = classifyAddress(address) === 'never' ? 'webhooks.urlNever' : 'webhooks.urlOwnServer'
    assert.is(webhookUrlAllowed(`http://${host}:8080/`, open), refused, address)
    assert.is(resolvedAllowed([address], 8080, open), refused, address)
  }
})

test.run()
