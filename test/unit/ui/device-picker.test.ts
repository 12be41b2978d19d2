import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pickerLabels } from '../../../src/ui/device-picker'

test('labels a device by its name, and same-named devices by name and serial', () => {
  const labels = pickerLabels([
    { id: 'd-1', name: 'gate-1', serial: 'SN-0001' },
    { id: 'd-2', name: 'gate-1', serial: 'SN-0002' },
    { id: 'd-3', name: 'gate-2', serial: 'SN-0003' },
  ])
  assert.equal([...labels.values()], ['gate-1 · SN-0001', 'gate-1 · SN-0002', 'gate-2'])
})

test.run()
