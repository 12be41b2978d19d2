import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { usageBars } from '../../../../src/contract/billing'
import { UsageMeter } from '../../../../src/features/billing/usage-meter'
import '../../../../src/features/billing/texts'
import { cleanup, page, render } from '../../ui/testing'

test.after.each(cleanup)

/** Without the isolation marks and with plain spaces, as a reader sees it. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')

const bars = usageBars({ devices: 45, tunnels: 4, traffic_bytes: 512e9 }, { devices: 50, tunnels: 20, traffic_bytes: 500e9 })

test('each limit is a meter named by what it counts, with its values and words', () => {
  render(
    <>
      {bars.map((bar) => (
        <UsageMeter key={bar.key} bar={bar} />
      ))}
    </>,
  )
  const devices = page().getByRole('meter', { name: 'Devices' })
  assert.equal(
    ['aria-valuemin', 'aria-valuemax', 'aria-valuenow', 'aria-valuetext'].map((name) => devices.getAttribute(name)),
    ['0', '50', '45', '45 of 50, Near the limit'],
  )
  const tunnels = page().getByRole('meter', { name: 'Tunnels' })
  assert.is(tunnels.getAttribute('aria-valuetext'), '4 of 20')
  const traffic = page().getByRole('meter', { name: 'Traffic this month' })
  assert.is(plain(traffic.getAttribute('aria-valuetext')), '512 GB of 500 GB, At the limit')
  // Past the limit, the bar stays full and says so.
  assert.is(traffic.getAttribute('aria-valuenow'), String(500e9))
  assert.is((traffic.firstElementChild as HTMLElement).style.inlineSize, '100%')
  assert.is((tunnels.firstElementChild as HTMLElement).style.inlineSize, '20%')
})

test('a meter near or at the limit carries the class that colours it', () => {
  render(<UsageMeter bar={bars[0]!} />)
  const meter = page().getByRole('meter', { name: 'Devices' })
  assert.match(meter.className, /warning/)
  cleanup()
  render(<UsageMeter bar={bars[1]!} />)
  assert.not.match(page().getByRole('meter', { name: 'Tunnels' }).className, /warning|full/)
})

test.run()
