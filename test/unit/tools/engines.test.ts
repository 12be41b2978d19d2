import { readFileSync } from 'node:fs'
import semver from 'semver'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'))
const engines: string = read('package.json').engines.node
const lock: { packages: Record<string, { engines?: { node?: string } }> } = read('package-lock.json')

test('the Node versions package.json accepts are the ones every installed package accepts', () => {
  const oldest = semver.minVersion(engines)?.version ?? ''
  const refusing = Object.entries(lock.packages)
    .filter(([name, entry]) => name && typeof entry.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(oldest, entry.engines!.node!))
    .map(([name, entry]) => `${name.replace(/^node_modules\//, '')} wants ${entry.engines!.node}`)
  assert.equal(refusing, [], `package.json says ${engines}, from ${oldest}`)
})

test('the Node running the tests is one package.json accepts', () => {
  assert.ok(semver.satisfies(process.versions.node, engines), `${process.versions.node} against ${engines}`)
})

test.run()
