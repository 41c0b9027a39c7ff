/**
 * An empty array that V8 already stores as an array of objects ("PACKED_ELEMENTS").
 *
 * Why: `[]` starts as an array of small integers and changes kind at its first push of a string or
 * an object. The per-event code is optimized in the middle of a turn, when the turn's arrays have
 * long changed kind, so it expects object arrays; the next turn's fresh `[]` then deoptimizes it at
 * its first push (seen with --trace-deopt: "not a Smi" at every turn's first text delta). An array
 * born with the kind it will have keeps the optimized code valid from one turn to the next.
 */
export function emptyObjectArray<T>(): T[] {
  const array: unknown[] = [SEED]
  array.length = 0 // an array never goes back to a narrower kind: it stays an object array
  return array as T[]
}

const SEED = {}
