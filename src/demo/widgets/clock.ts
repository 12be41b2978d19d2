/** The clock ticks once a second. */
export const CLOCK_TICK_MS = 1000

/** The hands' angles in degrees, clockwise from 12, for the local time of `at`; the hour and minute hands creep. */
export function handAngles(at: Date) {
  const seconds = at.getSeconds()
  const minutes = at.getMinutes() + seconds / 60
  const hours = (at.getHours() % 12) + minutes / 60
  return { hour: hours * 30, minute: minutes * 6, second: seconds * 6 }
}
