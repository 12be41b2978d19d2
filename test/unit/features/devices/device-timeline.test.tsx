import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { durationText, TimelineStrip } from '../../../../src/features/devices/device-timeline'
import { cleanup, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

const MIN = 60_000

/** Today at `hours:minutes`, local time. */
const today = (hours: number, minutes: number) => {
  const date = new Date()
  date.setHours(hours, minutes, 0, 0)
  return date.getTime()
}

test('draws each run over its share of the span and lists it in words, the last one still going', () => {
  const start = today(9, 12)
  const from = start - 60 * MIN
  const to = start + 240 * MIN
  const runs = [
    { status: 'offline' as const, from: new Date(from).toISOString(), to: new Date(start).toISOString() },
    { status: 'online' as const, from: new Date(start).toISOString(), to: new Date(start + 125 * MIN).toISOString() },
    { status: 'error' as const, from: new Date(start + 125 * MIN).toISOString(), to: new Date(start + 180 * MIN).toISOString() },
    { status: 'disabled' as const, from: new Date(start + 180 * MIN).toISOString(), to: null },
  ]
  render(<TimelineStrip runs={runs} from={from} to={to} />)
  const items = page().getAllByRole('listitem').map((item) => item.textContent ?? '')
  assert.is(items.length, 4)
  assert.match(items[1]!, /^Online, from 0?9:12.* for 2 h 5 min$/)
  assert.match(items[2]!, /^Error, from .* for 55 min$/)
  assert.match(items[3]!, /^Disabled, from .* for 1 h 0 min \(still going\)$/)
  const strip = document.querySelector('[aria-hidden="true"]') as HTMLElement
  const widths = [...strip.children].map((run) => parseFloat((run as HTMLElement).style.inlineSize))
  assert.equal(widths.map((width) => Math.round(width)), [20, 42, 18, 20])
  assert.equal([...strip.children].map((run) => (run as HTMLElement).style.insetInlineStart), ['0%', '20%', `${(185 / 300) * 100}%`, '80%'])
})

test('says how long in days, hours and minutes', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`
  assert.is(durationText(t, 30_000), 'deviceTimeline.underMinute {}')
  assert.is(durationText(t, 59 * MIN), 'deviceTimeline.minutes {"m":59}')
  assert.is(durationText(t, 61 * MIN), 'deviceTimeline.hours {"h":1,"m":1}')
  assert.is(durationText(t, 26 * 60 * MIN), 'deviceTimeline.days {"d":1,"h":2}')
})

test.run()
