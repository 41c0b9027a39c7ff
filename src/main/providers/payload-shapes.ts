import type { WireObject } from './wire-access'

/** Only small payloads are sampled (a turn's first and last events are headers, stops and short deltas). */
const SAMPLED_PAYLOAD_CHARS = 2048
/** How many of a turn's first payloads, and of its last ones, are sampled. */
const FIRST_SAMPLES = 24
const LAST_SAMPLES = 8 // a power of two: the ring index is a mask
/** Most shapes kept per provider (a provider's wire has a few dozen payload shapes). */
const MAX_KEPT_SHAPES = 64

/**
 * The texts of a turn's first and last small payloads, for {@link PayloadShapes}. Sampling costs a
 * length test and a store per payload; nothing is parsed while the turn runs.
 */
export class PayloadSampler {
  private readonly first: string[] = []
  /** A ring of the last payloads ('' where there is none yet). */
  private readonly last: string[] = new Array<string>(LAST_SAMPLES).fill('')
  private lastCount = 0

  sample(data: string): void {
    if (data.length > SAMPLED_PAYLOAD_CHARS) return
    if (this.first.length < FIRST_SAMPLES) this.first.push(data)
    else this.last[this.lastCount++ & (LAST_SAMPLES - 1)] = data
  }

  /** The turn's first payloads, and forgets them. */
  takeFirst(): string[] {
    const texts = this.first.slice()
    this.first.length = 0
    return texts
  }

  /** The turn's last payloads (not in order), and forgets them. */
  takeLast(): string[] {
    const texts = this.last.filter((text) => text.length > 0)
    this.last.fill('')
    this.lastCount = 0
    return texts
  }
}

/**
 * One object of each payload shape a provider's turns begin and end with, kept for the life of the
 * process: every string replaced, so no word of a conversation outlives its turn (keys, numbers and
 * the protocol's discriminators stay; small integers become 0).
 *
 * Why: `JSON.parse` gives each payload a hidden class ("map") found by key order in V8's transition
 * tree, and V8 keeps a map only while some object uses it. The events a turn sees once (a message
 * start, a block stop, the usage chunk) die with the turn; after a major GC the next turn's same
 * payloads get new maps, and the optimized per-event code, which checks maps, deoptimizes at each
 * of them and is compiled again (seen with --trace-deopt: "wrong map" at the block stop of every
 * turn, and ~40 M instructions of recompilation per turn under callgrind). Keeping one object per
 * shape keeps its map, so a turn's payloads get the maps the optimized code expects.
 */
export class PayloadShapes {
  private readonly kept: WireObject[] = []
  private readonly signatures = new Set<string>()

  /** Keeps the shape of each payload text not kept yet (while there is room); returns the shapes it kept. */
  keep(texts: readonly string[]): WireObject[] {
    const added: WireObject[] = []
    for (const text of texts) {
      if (this.kept.length >= MAX_KEPT_SHAPES) break
      // Parsed like a payload (same key order: same map), then strings replaced (see emptyStrings).
      const shape: unknown = JSON.parse(text, emptyStrings)
      if (typeof shape !== 'object' || shape === null || Array.isArray(shape)) continue
      const signature = JSON.stringify(shape)
      if (this.signatures.has(signature)) continue
      this.signatures.add(signature)
      this.kept.push(shape as WireObject)
      added.push(shape as WireObject)
    }
    return added
  }

  get size(): number {
    return this.kept.length
  }
}

/**
 * The protocol's own words, kept in a shape: what payloads are dispatched on (`type`, a finish
 * reason). Every other string becomes `x` (not empty: adapters skip an empty name or delta, and the
 * anchor's adapter must open the calls and blocks a turn opens).
 */
const PROTOCOL_KEYS = new Set(['type', 'event_type', 'object', 'role', 'status', 'finish_reason', 'finishReason', 'stop_reason'])

/**
 * Strings become `x` (but see {@link PROTOCOL_KEYS}) and small integers 0, so shapes that differ
 * only in content are kept once. Each replacement has the representation of what it replaces (a
 * string, a small integer), so the shape keeps the payload's map rather than a more general one.
 */
function emptyStrings(key: string, value: unknown): unknown {
  if (typeof value === 'string') return PROTOCOL_KEYS.has(key) ? value : 'x'
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 2 ** 30) return 0
  return value
}
