import { emptyObjectArray } from './object-array'
import type { WireObject } from './wire-access'

/** How many of a turn's first payloads, and of its last ones, are sampled. */
const FIRST_SAMPLES = 24
const LAST_SAMPLES = 8 // a power of two: the ring index is a mask
/** Most shapes kept per provider (a provider's wire has a few dozen payload shapes). */
const MAX_KEPT_SHAPES = 64

/**
 * A turn's first and last payloads, for {@link PayloadShapes}. Sampling costs a store per payload;
 * nothing is copied while the turn runs (the payloads are let go when the turn ends).
 */
export class PayloadSampler {
  private readonly first = emptyObjectArray<WireObject>()
  /** A ring of the last payloads (`NONE` where there is none yet). */
  private readonly last: WireObject[] = new Array<WireObject>(LAST_SAMPLES).fill(NONE)
  private lastCount = 0

  sample(payload: WireObject): void {
    if (this.first.length < FIRST_SAMPLES) this.first.push(payload)
    else this.last[this.lastCount++ & (LAST_SAMPLES - 1)] = payload
  }

  /** The turn's first payloads, and forgets them. */
  takeFirst(): WireObject[] {
    const payloads = this.first.slice()
    this.first.length = 0
    return payloads
  }

  /** The turn's last payloads (not in order), and forgets them. */
  takeLast(): WireObject[] {
    const payloads = this.last.filter((payload) => payload !== NONE)
    this.last.fill(NONE)
    this.lastCount = 0
    return payloads
  }
}

const NONE: WireObject = {}

/**
 * One object of each payload shape a provider's turns begin and end with, kept for the life of the
 * process. Its strings are replaced, so no word of a conversation outlives its turn (the keys, the
 * protocol's discriminators and small integers stay: see {@link shapeValue}).
 *
 * Why: `JSON.parse` gives each payload a hidden class ("map") found by key order in V8's transition
 * tree, and V8 keeps a map only while some object uses it. The events a turn sees once (a message
 * start, a block stop, the usage chunk, a terminal event) die with the turn; after a major GC the
 * next turn's same payloads get new maps, and the optimized per-event code, which checks maps,
 * deoptimizes at each of them and is compiled again (seen with --trace-deopt: "wrong map" at the
 * block stop of every turn, and ~40 M instructions of recompilation per turn under callgrind). A
 * shape made by `JSON.parse` from the payload's own key order has the payload's map, and keeps it.
 */
export class PayloadShapes {
  private readonly kept: WireObject[] = []
  private readonly signatures = new Set<string>()

  /** Keeps the shape of each payload not kept yet (while there is room); returns the shapes it kept. */
  keep(payloads: readonly WireObject[]): WireObject[] {
    const added: WireObject[] = []
    for (const payload of payloads) {
      if (this.kept.length >= MAX_KEPT_SHAPES) break
      const signature = signatureOf(payload)
      if (signature === undefined || this.signatures.has(signature)) continue
      this.signatures.add(signature)
      const shape = JSON.parse(signature) as WireObject // parsed like a payload: the same maps
      this.kept.push(shape)
      added.push(shape)
    }
    return added
  }
}

/** A shape's JSON is at most this long (a payload made of a huge list is not worth keeping). */
const MAX_SHAPE_CHARS = 16 * 1024

/**
 * The payload as JSON with its strings replaced: small even for a 10 MB terminal event. Undefined
 * when it is too long, or nests too deep for `JSON.stringify` (which then throws a RangeError).
 */
function signatureOf(payload: WireObject): string | undefined {
  let signature: string
  try {
    signature = JSON.stringify(payload, shapeValue)
  } catch {
    return undefined
  }
  return signature.length <= MAX_SHAPE_CHARS ? signature : undefined
}

/**
 * The protocol's own words, kept in a shape: what payloads are dispatched on (`type`, a status, a
 * finish reason, a Vertex argument path). Every other string becomes `x` (not empty: adapters skip
 * an empty name or delta, and the warmth's idle adapter must open the calls and blocks a turn opens).
 */
const PROTOCOL_KEYS = new Set([
  'type',
  'event_type',
  'object',
  'role',
  'status',
  'finish_reason',
  'finishReason',
  'stop_reason',
  'jsonPath',
])

/**
 * Strings become `x` (but see {@link PROTOCOL_KEYS}), integers 0 and other numbers 0.5, so shapes
 * that differ only in content are kept once. Each replacement has the representation of what it
 * replaces (a string, a small integer, a double), so the shape gets the payload's map.
 */
function shapeValue(key: string, value: unknown): unknown {
  if (typeof value === 'string') return PROTOCOL_KEYS.has(key) ? value : 'x'
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : 0.5
  return value
}
