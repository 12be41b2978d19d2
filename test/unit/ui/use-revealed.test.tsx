import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { useRevealed } from '../../../src/ui/use-after-paint'
import { act, cleanup, render } from './testing'

test.after.each(() => cleanup())

/** Waits a frame and the task after it, as the hook does between steps. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))

test('a long page is drawn in full a step per frame after its first paint, and stops at its total', async () => {
  const seen: number[] = []
  function Page({ ready }: { ready: boolean }) {
    seen.push(useRevealed(ready, 25, 10))
    return null
  }
  const { rerender } = render(<Page ready={false} />)
  await nextFrame()
  assert.is(seen.at(-1), 0, 'nothing before the page is ready')
  rerender(<Page ready />)
  assert.is(seen.at(-1), 0, 'the first frame draws the summaries only')
  for (let frame = 0; frame < 6; frame++) await nextFrame()
  assert.equal([...new Set(seen)], [0, 10, 20, 25])
})

test.run()
