/**
 * Long work (an export's batches) takes turns with everything else the process serves.
 * `nextTurn()` resolves on a later turn of the event loop, one waiter a turn across every caller:
 * the requests that arrived meanwhile are read and answered between two batches, and eight exports
 * running at once hold the loop no longer than one. On SQLite a read holds the loop while it runs,
 * so a batch is the longest stretch another tenant waits.
 */
const waiting: (() => void)[] = []
let pumping = false

function pump() {
  waiting.shift()?.()
  if (waiting.length) setImmediate(pump)
  else pumping = false
}

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!pumping) {
      pumping = true
      setImmediate(pump)
    }
  })
}
