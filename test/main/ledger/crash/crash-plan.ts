import { mulberry32 } from '../../../support/seeded-random'
// What the crash child does at each step: a pure function of (seed, step), so a restarted child
// re-runs exactly the same actions and the parent can recompute what a step was.

export type StepPlan =
  | {
      kind: 'tool'
      step: number
      conversationId: string
      turnId: string
      toolName: string
      arguments: Record<string, unknown>
      callId: string
    }
  | { kind: 'stream'; step: number; conversationId: string; turnId: string; chunks: string[]; flushEvery: number }

/** mulberry32 seeded by (seed, step). */
function random(seed: number, step: number): () => number {
  return mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(step + 1, 0xc2b2ae35))
}

const STEPS_PER_TURN = 10
const STEPS_PER_CONVERSATION = 50

function recordArguments(rand: () => number): Record<string, unknown> {
  const pick = Math.floor(rand() * 4)
  const day = 1 + Math.floor(rand() * 28)
  const date = rand() < 0.5 ? undefined : `2024-02-${String(day).padStart(2, '0')}`
  const args: Record<string, unknown> =
    pick === 0
      ? { kind: 'weight', value: Math.round((50 + rand() * 60) * 10) / 10, unit: 'kg' }
      : pick === 1
        ? { kind: 'weight', value: Math.round(110 + rand() * 130), unit: 'lb' }
        : pick === 2
          ? { kind: 'waist', value: Math.round(60 + rand() * 50), unit: 'cm' }
          : { kind: 'resting-heart-rate', value: Math.round(45 + rand() * 40), unit: 'bpm' }
  if (date !== undefined) args.date = date
  return args
}

/** The same arguments with keys in reverse order (a different spelling of the same action). */
function respell(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).reverse())
}

export function planStep(seed: number, step: number, callSuffix = ''): StepPlan {
  const rand = random(seed, step)
  const conversationId = `conv-${Math.floor(step / STEPS_PER_CONVERSATION)}`
  const turnId = `turn-${Math.floor(step / STEPS_PER_TURN)}`
  const base = { step, conversationId, turnId }
  // Half the re-runs use the same call id (a retry), half a new one (a regenerated answer).
  const callId = `call-${step}${rand() < 0.5 ? '' : callSuffix}`
  const r = rand()
  if (r < 0.55)
    return { ...base, kind: 'tool', toolName: 'record_measurement', arguments: recordArguments(rand), callId }
  if (r < 0.75) {
    // Repeat an earlier record of the same turn, spelled differently: the ledger must recognise it.
    const back = 1 + Math.floor(rand() * 4)
    const earlier =
      step - back >= 0 && Math.floor((step - back) / STEPS_PER_TURN) === Math.floor(step / STEPS_PER_TURN)
        ? planStep(seed, step - back)
        : undefined
    const args =
      earlier?.kind === 'tool' && earlier.toolName === 'record_measurement'
        ? respell(earlier.arguments)
        : recordArguments(rand)
    return { ...base, kind: 'tool', toolName: 'record_measurement', arguments: args, callId }
  }
  if (r < 0.87) {
    return {
      ...base,
      kind: 'tool',
      toolName: 'delete_measurement',
      arguments: { id: 1 + Math.floor(rand() * (step / 2 + 1)) },
      callId,
    }
  }
  const chunks = Array.from(
    { length: 10 + Math.floor(rand() * 20) },
    (_, i) => `s${step}c${i} ${'é🙂'.repeat(1 + Math.floor(rand() * 3))} `,
  )
  return { ...base, kind: 'stream', chunks, flushEvery: 4 + Math.floor(rand() * 7) }
}

/** Lines the child writes on stdout, one JSON object each, each written *after* its commit. */
export type ChildMessage =
  | { type: 'loaded' }
  | { type: 'ready'; interrupted: number }
  | { type: 'open-failed'; kind: string; message: string }
  | {
      type: 'tool-ack'
      step: number
      callId: string
      status: string
      repeated: boolean
      key: string | undefined
      output: unknown
    }
  | { type: 'flushed'; step: number; messageId: string; length: number; finalized: boolean }
