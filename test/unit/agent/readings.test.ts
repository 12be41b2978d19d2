import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { asSerial, bytesSince, counterGrowth, cpuPercent, cpuSerial, cpuTimes, firstIpv4, memoryPercent, netCounters, prettyName } from '../../../src/agent/readings'

const fixture = (file: string) => fs.readFileSync(path.resolve('test/unit/agent/fixtures/pi', file), 'utf8')

test('CPU use is the busy share of the ticks between two reads of /proc/stat', () => {
  const before = cpuTimes(fixture('proc/stat'))!
  const after = cpuTimes(fixture('proc/stat.later'))!
  assert.is(after.total - before.total, 1000)
  assert.is(cpuPercent(before, after), 20)
  assert.is(cpuPercent(after, after), undefined, 'no time passed: no reading')
  assert.is(cpuTimes('intr 1 2 3\n'), undefined)
})

test('memory in use is MemTotal less MemAvailable, or less free and caches on an old kernel', () => {
  assert.is(memoryPercent(fixture('proc/meminfo')), 25)
  assert.is(memoryPercent(fixture('proc/meminfo.old-kernel')), 50)
  assert.is(memoryPercent('SwapTotal: 0 kB\n'), undefined)
})

test('traffic sums the interfaces but loopback, through a 32-bit wrap and a reset', () => {
  const before = netCounters(fixture('proc/net/dev'))
  assert.equal([...before.keys()], ['eth0', 'wlan0'])
  const after = netCounters(fixture('proc/net/dev.later'))
  // eth0: 296 to the wrap and 1000 past it in, 10000 out; wlan0 reset: 500 in, 700 out; usb0 new: from now on.
  assert.equal(bytesSince(before, after), { bytes_in: 1796, bytes_out: 10700 })
  assert.equal(bytesSince(after, after), { bytes_in: 0, bytes_out: 0 })
})

test('a counter that went back wrapped when it was past half of 32 bits, else it was reset', () => {
  assert.is(counterGrowth(100, 250), 150)
  assert.is(counterGrowth(2 ** 32 - 10, 5), 15)
  assert.is(counterGrowth(5_000_000, 1_200), 1_200)
  assert.is(counterGrowth(2 ** 40, 7), 7, 'a 64-bit counter going back was reset')
})

test('the OS is PRETTY_NAME of os-release, unquoted', () => {
  assert.is(prettyName(fixture('etc/os-release')), 'Raspbian GNU/Linux 11 (bullseye)')
  assert.is(prettyName("PRETTY_NAME='Alpine Linux v3.20'\n"), 'Alpine Linux v3.20')
  assert.is(prettyName('PRETTY_NAME=Buildroot\n'), 'Buildroot')
  assert.is(prettyName('NAME=x\n'), undefined)
})

test("a Raspberry Pi's serial comes from the Serial line of /proc/cpuinfo, never all zeros", () => {
  assert.is(cpuSerial(fixture('proc/cpuinfo')), '10000000a3b4c5d6')
  assert.is(cpuSerial('Serial\t\t: 0000000000000000\n'), undefined)
  assert.is(cpuSerial('processor\t: 0\n'), undefined)
})

test('the address is the first IPv4 that is not loopback', () => {
  const interfaces = {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    eth0: [{ address: 'fe80::1', family: 'IPv6', internal: false }, { address: '192.168.1.23', family: 'IPv4', internal: false }],
    wlan0: [{ address: '10.0.0.5', family: 'IPv4', internal: false }],
  } as unknown as Parameters<typeof firstIpv4>[0]
  assert.is(firstIpv4(interfaces), '192.168.1.23')
  assert.is(firstIpv4({ lo: interfaces.lo }), undefined)
})

test('a host name becomes a serial the console takes', () => {
  assert.is(asSerial('  kiosk 12.local '), 'kiosk-12.local')
  assert.is(asSerial('_x'), 'x')
  assert.is(asSerial('a'.repeat(80))!.length, 64)
  assert.is(asSerial('---'), undefined)
})

test.run()
