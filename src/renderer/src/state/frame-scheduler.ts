// When the window's stores tell their listeners: once per animation frame, all of them together.

export type Scheduler = (flush: () => void) => void

/**
 * Once per animation frame, with a timer as backstop (frames pause in hidden windows). Whichever
 * comes first cancels the other: a stale backstop firing between frames would add a commit.
 */
export const frameScheduler: Scheduler = (flush) => {
  let done = false
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : undefined
  const timer = setTimeout(() => run(), 100)
  function run(): void {
    if (done) return
    done = true
    clearTimeout(timer)
    if (frame !== undefined) cancelAnimationFrame(frame)
    flush()
  }
}

/**
 * One frame for several stores: every flush asked for before the frame runs in the same callback,
 * so stores that changed together tell React together and the window still commits once per frame
 * (each store on its own frame callback would let React commit between them).
 */
export function sharedFrame(schedule: Scheduler = frameScheduler): Scheduler {
  let pending: (() => void)[] | undefined
  return (flush) => {
    if (pending) return void pending.push(flush)
    const batch = [flush]
    pending = batch
    schedule(() => {
      if (pending === batch) pending = undefined
      for (const each of batch) each()
    })
  }
}
