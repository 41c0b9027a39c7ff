// Paired timing for the store benchmark: app and floor runs alternate, medians are compared.

export interface PairedResult {
  /** Medians. */
  appMs: number
  floorMs: number
  ratio: number
  /** Best of the runs: less sensitive to a busy machine (preemption, other processes' I/O). */
  bestAppMs: number
  bestFloorMs: number
  bestRatio: number
}

const collect = (globalThis as { gc?: () => void }).gc

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function time(run: () => void): number {
  collect?.()
  const start = performance.now()
  run()
  return performance.now() - start
}

/** Runs `warmups` untimed pairs, then `reps` timed pairs (app, floor alternating), and compares medians. */
export function paired(options: { warmups: number; reps: number; app: () => void; floor: () => void }): PairedResult {
  for (let i = 0; i < options.warmups; i++) {
    options.app()
    options.floor()
  }
  const app: number[] = []
  const floor: number[] = []
  for (let i = 0; i < options.reps; i++) {
    // Alternate which goes first so neither always inherits the other's garbage or cache state.
    if (i % 2 === 0) {
      app.push(time(options.app))
      floor.push(time(options.floor))
    } else {
      floor.push(time(options.floor))
      app.push(time(options.app))
    }
  }
  const appMs = median(app)
  const floorMs = median(floor)
  const bestAppMs = Math.min(...app)
  const bestFloorMs = Math.min(...floor)
  return { appMs, floorMs, ratio: appMs / floorMs, bestAppMs, bestFloorMs, bestRatio: bestAppMs / bestFloorMs }
}
