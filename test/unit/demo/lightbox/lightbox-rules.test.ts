import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  clampPan,
  clampZoom,
  doubleClickZoom,
  KEY_ESC,
  KEY_LEFT,
  KEY_RIGHT,
  keyAction,
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_PADDING,
  moveIndex,
  swipeAction,
  SWIPE_MIN,
  wheelAction,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomIn,
  zoomOut,
} from '../../../../src/demo/lightbox/lightbox-rules'

test('the constants of SPEC.md section 9', () => {
  assert.equal([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP], [1, 4, 0.5])
  assert.equal([LIGHTBOX_ANIMATION_MS, LIGHTBOX_PADDING], [300, 10])
  assert.equal([KEY_ESC, KEY_LEFT, KEY_RIGHT], [27, 37, 39])
})

test('the zoom is clamped at both ends', () => {
  assert.is(clampZoom(0.2), ZOOM_MIN)
  assert.is(clampZoom(-3), ZOOM_MIN)
  assert.is(clampZoom(2.5), 2.5)
  assert.is(clampZoom(9), ZOOM_MAX)
  assert.is(zoomOut(ZOOM_MIN), ZOOM_MIN, 'no zooming out past the minimum')
  assert.is(zoomIn(ZOOM_MAX), ZOOM_MAX, 'no zooming in past the maximum')
  assert.is(zoomIn(3.75), ZOOM_MAX)
  assert.is(zoomIn(1), 1.5)
  assert.is(zoomOut(2), 1.5)
  const steps: number[] = []
  for (let zoom = ZOOM_MIN, i = 0; i < 8; i++) steps.push((zoom = zoomIn(zoom)))
  assert.equal(steps, [1.5, 2, 2.5, 3, 3.5, 4, 4, 4])
})

test('a double click zooms in one step from the default zoom, and resets from any other', () => {
  assert.is(doubleClickZoom(ZOOM_MIN), ZOOM_MIN + ZOOM_STEP)
  assert.is(doubleClickZoom(1.5), ZOOM_MIN)
  assert.is(doubleClickZoom(3), ZOOM_MIN)
  assert.is(doubleClickZoom(ZOOM_MAX), ZOOM_MIN)
})

test('moving wraps around at both ends', () => {
  assert.is(moveIndex(0, 1, 12), 1)
  assert.is(moveIndex(11, 1, 12), 0, 'after the last comes the first')
  assert.is(moveIndex(0, -1, 12), 11, 'before the first comes the last')
  assert.is(moveIndex(5, -1, 12), 4)
  assert.is(moveIndex(0, 1, 1), 0)
  assert.is(moveIndex(0, 1, 0), 0)
})

test('keys: Esc closes, the arrows follow the reading direction, by key name or code', () => {
  assert.is(keyAction({ key: 'Escape' }, false), 'close')
  assert.is(keyAction({ keyCode: 27 }, true), 'close')
  assert.is(keyAction({ key: 'ArrowRight' }, false), 'next')
  assert.is(keyAction({ key: 'ArrowLeft' }, false), 'previous')
  assert.is(keyAction({ keyCode: 39 }, false), 'next')
  assert.is(keyAction({ keyCode: 37 }, false), 'previous')
  assert.is(keyAction({ key: 'ArrowRight' }, true), 'previous', 'in rtl the next photo lies to the left')
  assert.is(keyAction({ key: 'ArrowLeft' }, true), 'next')
  assert.is(keyAction({ key: 'ArrowUp', keyCode: 38 }, false), null)
  assert.is(keyAction({ key: 'a', keyCode: 65 }, false), null)
})

test('a swipe past the threshold moves; dragging to the left brings the next photo in ltr', () => {
  assert.is(swipeAction(-SWIPE_MIN, false), 'next')
  assert.is(swipeAction(-200, false), 'next')
  assert.is(swipeAction(SWIPE_MIN + 1, false), 'previous')
  assert.is(swipeAction(SWIPE_MIN - 1, false), null, 'a short drag is no swipe')
  assert.is(swipeAction(-(SWIPE_MIN - 1), false), null)
  assert.is(swipeAction(0, false), null)
  assert.is(swipeAction(-200, true), 'previous')
  assert.is(swipeAction(200, true), 'next')
})

test('a horizontal wheel turn moves; a vertical or tiny one does not', () => {
  assert.is(wheelAction(40, 0, false), 'next')
  assert.is(wheelAction(-40, 5, false), 'previous')
  assert.is(wheelAction(40, 0, true), 'previous')
  assert.is(wheelAction(-40, 0, true), 'next')
  assert.is(wheelAction(40, 80, false), null, 'mostly vertical')
  assert.is(wheelAction(3, 0, false), null, 'noise')
  assert.is(wheelAction(0, 0, false), null)
})

test('a zoomed photo pans only as far as its edges', () => {
  assert.is(clampPan(50, 1, 400), 0, 'nothing to pan at the default zoom')
  assert.is(clampPan(500, 2, 400), 100)
  assert.is(clampPan(-500, 2, 400), -100)
  assert.is(clampPan(30, 2, 400), 30)
  assert.is(clampPan(1000, 4, 400), 150)
})

test.run()
