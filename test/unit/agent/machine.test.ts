import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { firmwareVersion, machineModel, machineSerial, osName, readings, Sampler } from '../../../src/agent/machine'

const PI = path.resolve('test/unit/agent/fixtures/pi')

/** A device root of its own: the Pi's files copied, which a test may change. */
function copyOfPi(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-root-'))
  fs.cpSync(PI, root, { recursive: true })
  return root
}

test('the serial is the machine id, else D-Bus\'s, else the Pi\'s, else the host name', () => {
  const root = copyOfPi()
  try {
    assert.is(machineSerial(root, 'kiosk'), '10000000a3b4c5d6')
    fs.mkdirSync(path.join(root, 'var/lib/dbus'), { recursive: true })
    fs.writeFileSync(path.join(root, 'var/lib/dbus/machine-id'), 'dbus0123456789abcdef0123456789ab\n')
    assert.is(machineSerial(root, 'kiosk'), 'dbus0123456789abcdef0123456789ab')
    fs.writeFileSync(path.join(root, 'etc/machine-id'), '4f2c0a1b9d8e4c7fa6b5c4d3e2f1a0b9\n')
    assert.is(machineSerial(root, 'kiosk'), '4f2c0a1b9d8e4c7fa6b5c4d3e2f1a0b9')
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-bare-'))
    assert.is(machineSerial(bare, 'kiosk 7'), 'kiosk-7')
    fs.rmSync(bare, { recursive: true })
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test('OS, firmware and model come from the device\'s files, with the kernel\'s as fallbacks', () => {
  assert.is(osName(PI), 'Raspbian GNU/Linux 11 (bullseye)')
  assert.is(firmwareVersion(PI), '2.6.0-rc1')
  assert.is(firmwareVersion(PI, '3.0.0'), '3.0.0', '--firmware first')
  assert.is(machineModel(PI), 'Raspberry Pi 4 Model B Rev 1.2')
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-bare-'))
  assert.is(osName(bare), `${os.type()} ${os.release()}`)
  assert.is(firmwareVersion(bare), os.release())
  assert.is(machineModel(bare), undefined)
  fs.rmSync(bare, { recursive: true })
})

test('a sample reads CPU and traffic since the one before, memory now; the first sets the start', () => {
  const root = copyOfPi()
  try {
    const sampler = new Sampler(root)
    assert.equal(sampler.sample(), { memory: 25 })
    for (const file of ['proc/stat', 'proc/net/dev']) fs.copyFileSync(path.join(PI, `${file}.later`), path.join(root, file))
    assert.equal(sampler.sample(), { cpu: 20, memory: 25, bytes_in: 1796, bytes_out: 10700 })
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test('a heartbeat carries only what could be read, with the last round trip as latency', () => {
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-bare-'))
  const first = readings(new Sampler(bare), { os: 'Linux', firmware: '1.0' }, undefined)
  assert.not.ok('metrics' in first, 'no file, no metric')
  assert.is(first.os, 'Linux')
  const next = readings(new Sampler(bare), { os: 'Linux', firmware: '1.0' }, 42.345)
  assert.equal(next.metrics, { latency_ms: 42.3 })
  fs.rmSync(bare, { recursive: true })
})

test.run()
