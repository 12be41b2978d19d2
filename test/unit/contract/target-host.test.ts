import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isTargetHost } from '../../../src/contract/tunnels'

test('a target is a host name or an IPv4 or IPv6 address', () => {
  for (const host of ['127.0.0.1', '10.0.0.254', 'camera.lan', 'pi', 'my-router.example.com', '::1', 'fe80::1', '2001:db8:0:0:0:0:0:1', '::']) assert.ok(isTargetHost(host), host)
})

test('a port, a scheme, a path or a malformed address is no target', () => {
  for (const host of ['', '127.0.0.1:8080', 'camera.lan:8080', '1.2.3.4.5', '300.1.1.1', '1.2.3', 'a..b', '-x', 'x-', 'http://x', 'x/y', '1:2:3:4:5:6:7:8:9', ':::', '1::2::3', '[::1]', `${'a'.repeat(64)}.lan`]) {
    assert.not.ok(isTargetHost(host), host)
  }
})

test.run()
