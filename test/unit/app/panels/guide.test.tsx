import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GuideDialog } from '../../../../src/app/shell/panels/guide-dialog'
import { canGoBack, isLastSlide, nextSlide, previousSlide } from '../../../../src/app/shell/panels/guide-slides'
import '../../../../src/ui/console-texts'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(cleanup)

test('Next walks the slides and Done on the last returns to the first', () => {
  const walk = [0]
  for (let step = 0; step < 5; step++) walk.push(nextSlide(walk[walk.length - 1] ?? 0))
  assert.equal(walk, [0, 1, 2, 3, 4, 0])
  assert.equal([0, 1, 2, 3, 4].map(isLastSlide), [false, false, false, false, true])
})

test('Back is disabled on the first slide and steps back elsewhere', () => {
  assert.equal([0, 1, 2, 3, 4].map(canGoBack), [false, true, true, true, true])
  assert.equal([0, 1, 2, 3, 4].map(previousSlide), [0, 0, 1, 2, 3])
})

const open = () => {
  const closes: string[] = []
  render(<GuideDialog onClose={() => closes.push('close')} />)
  const view = page()
  return {
    closes,
    title: () => view.getByRole('dialog').getAttribute('aria-labelledby') ?? '',
    heading: () => view.getByRole('heading', { level: 2 }).textContent,
    back: () => view.getByRole('button', { name: 'Back' }) as HTMLButtonElement,
    next: () => view.getByRole('button', { name: /^(Next|Done)$/ }),
    current: () => {
      const steps = view.getAllByRole('listitem')
      return steps.findIndex((step) => step.getAttribute('aria-current') === 'step')
    },
  }
}

test('the dialog shows the slides with a stepper, Back disabled first, Done last', () => {
  const guide = open()
  assert.ok(page().getByRole('dialog', { name: 'Welcome to Edgeline Console' }))
  assert.is(page().getByRole('list', { name: 'Progress' }).children.length, 5)
  assert.is(guide.current(), 0)
  assert.ok(guide.back().disabled)
  assert.ok(document.activeElement === guide.next(), 'Next has the focus')
  const headings = [guide.heading()]
  for (let step = 1; step < 5; step++) {
    fireEvent.click(guide.next())
    headings.push(guide.heading())
    assert.is(guide.current(), step)
    assert.not.ok(guide.back().disabled)
  }
  assert.equal(headings, [
    'Welcome to Edgeline Console',
    'The menu follows your rights',
    'Devices and tunnels',
    'Keys are shown once',
    'Make it yours',
  ])
  assert.is(guide.next().textContent, 'Done')
  fireEvent.click(guide.back())
  assert.is(guide.current(), 3)
  assert.is(guide.next().textContent, 'Next')
})

test('Done returns to the first slide and closes', () => {
  const guide = open()
  for (let step = 0; step < 4; step++) fireEvent.click(guide.next())
  assert.equal(guide.closes, [])
  fireEvent.click(guide.next())
  assert.equal(guide.closes, ['close'])
  assert.is(guide.current(), 0)
  assert.is(guide.heading(), 'Welcome to Edgeline Console')
})

test.run()
