import { keepAnswer, keptAnswer, type Kept } from '../lib/kept-answers'
import { onClear } from '../lib/storage'
import { keptScope } from './session'

/** Counts the wipes of local storage (a sign-out): an answer asked for before one is not kept. */
let wipes = 0
onClear(() => wipes++)

/**
 * The signed-in user's shelf for one kind of answer (`name`): what was kept for them in their
 * organization, and a way to keep the next one there. The shelf is chosen when asked for, so an
 * answer arriving after a switch of organization is never filed under the new one.
 */
export function shelfOf<T>(name: string): { kept: Kept<T> | undefined; keep: (value: T) => void } {
  const scope = keptScope()
  const wiped = wipes
  return {
    kept: scope ? keptAnswer<T>(scope, name) : undefined,
    keep: (value) => {
      if (scope && wipes === wiped) keepAnswer(scope, name, value)
    },
  }
}
