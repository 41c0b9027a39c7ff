// Paired timing for asynchronous work: every repetition runs each variant once, in an order that
// rotates (no variant always goes first, inheriting a warm or cold server), then medians are compared.
import { median } from '../store/timing'

const collect = (globalThis as { gc?: () => void }).gc

export interface VariantTimes {
  /** Median of the repetitions (ms, divided by `per`). */
  medianMs: number
  /** Best repetition: less sensitive to a busy machine. */
  bestMs: number
  samples: number[]
}

/**
 * Runs `warmups` untimed rounds, then `reps` timed rounds. `run(rep)` does one repetition of a
 * variant (`rep` is unique across all rounds, so each can use distinct arguments); its time is
 * divided by `per` (the calls it makes) to give ms per call. A run that returns a number has timed
 * itself (ms): that is its sample, so set-up or clean-up around the measured part is not counted.
 */
export async function rotated<K extends string>(options: {
  warmups: number
  reps: number
  per?: number
  variants: Record<K, (rep: number) => Promise<number | void>>
}): Promise<Record<K, VariantTimes>> {
  const names = Object.keys(options.variants) as K[]
  const per = options.per ?? 1
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>
  let rep = 0
  for (let round = 0; round < options.warmups + options.reps; round++) {
    const timed = round >= options.warmups
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!
      collect?.()
      const start = performance.now()
      const own = await options.variants[name](rep++)
      const ms = (typeof own === 'number' ? own : performance.now() - start) / per
      if (timed) samples[name].push(ms)
    }
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      { medianMs: median(samples[name]), bestMs: Math.min(...samples[name]), samples: samples[name] },
    ]),
  ) as Record<K, VariantTimes>
}
