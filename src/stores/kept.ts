import { keepAnswer, keptAnswer, type Kept } from '../lib/kept-answers'
import { keptScope } from './session'

/**
 * The signed-in user's shelf for one kind of answer (`name`): what was kept for them in their
 * organization, and a way to keep the next one there. The shelf is chosen when asked for, so an
 * answer arriving after a switch of organization is never filed under the new one.
 */
export function shelfOf<T>(name: string): { kept: Kept<T> | undefined; keep: (value: T) => void } {
  const scope = keptScope()
  return {
    kept: scope ? keptAnswer<T>(scope, name) : undefined,
    keep: (value) => {
      if (scope) keepAnswer(scope, name, value)
    },
  }
}
