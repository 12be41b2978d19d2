/**
 * The demo's reset with a code: the reset form 'sends' a made-up code, shown
 * on the page as the e-mail would show it, and a message equal to that code is the right one.
 */

export const CODE_LENGTH = 6

/**
 * A code of six digits, leading zeros kept, from `random` (a number from 0 up to 1, as
 * `Math.random` gives). It guards nothing, so any source will do; tests give a fixed one.
 */
export function makeCode(random: () => number = Math.random): string {
  const value = Math.floor(random() * 10 ** CODE_LENGTH) % 10 ** CODE_LENGTH
  return String(value).padStart(CODE_LENGTH, '0')
}

/** Whether `message` is the code that was sent, spaces around it aside; nothing sent, nothing matches. */
export const codeMatches = (sent: string | null, message: string): boolean => sent !== null && message.trim() === sent
