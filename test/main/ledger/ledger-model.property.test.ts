// Model-based property test of the idempotency ledger over the real SQLite store: random sequences
// of execute / repeat (new call id, other spelling) / retry (same call id) / restart / delete /
// invalid calls. After every step: every key has exactly one effect row, repeats return the stored
// result, nothing else is written. Runs: KEEL_PROPERTY_RUNS (default 100).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../src/shared/json-value'
import type { ToolCallOutcome, ToolCallRequest } from '../../../src/shared/tool-outcome'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { createKeelToolRegistry, type ToolRegistry } from '../../../src/main/tools/tool-registry'
import { fakeClock, type FakeClock } from '../db/store-fixtures'
import { NO_VIOLATIONS, countEffectsWithoutEntry, findLedgerViolations } from './ledger-checks'

const RUNS = Number(process.env.KEEL_PROPERTY_RUNS ?? 100)

/** Logical actions, each with several spellings the provider might send (key order, number format, unit alias, offset). */
const RECORD_ACTIONS: { id: string; spellings: string[] }[] = [
  {
    id: 'weight-70-kg',
    spellings: [
      '{"kind":"weight","value":70,"unit":"kg"}',
      '{"unit":"kg","kind":"weight","value":70.0}',
      '{"value":7e1,"unit":"KG","kind":"weight"}',
    ],
  },
  {
    id: 'weight-154-lb',
    spellings: [
      '{"kind":"weight","value":154,"unit":"lb"}',
      '{"unit":"lbs","value":154.0,"kind":"weight"}',
      '{"kind":"weight","unit":"pounds","value":1.54e2}',
    ],
  },
  {
    id: 'height-180-cm-day',
    spellings: [
      '{"kind":"height","value":180,"unit":"cm","date":"2025-03-01"}',
      '{"date":"2025-03-01","kind":"height","unit":"centimeters","value":180}',
      '{"kind":"height","value":1.8e2,"unit":"cm","date":" 2025-03-01 "}',
    ],
  },
  {
    id: 'body-fat-20-instant',
    spellings: [
      '{"kind":"body-fat","value":20,"unit":"%","date":"2025-03-01T10:00:00Z"}',
      '{"date":"2025-03-01T07:00:00-03:00","unit":"percent","value":20,"kind":"body-fat"}',
      '{"kind":"body-fat","unit":"%","value":2e1,"date":"2025-03-01T10:00:00.000Z"}',
    ],
  },
]
const TURNS = 3
const MISSING_ID = 987_654

interface StoredAction {
  status: 'succeeded' | 'failed'
  output: JsonValue | undefined
  errorKind: string | undefined
}

interface Model {
  /** Logical action (turn + tool + meaning) → what its first execution did. */
  actions: Map<string, StoredAction>
  /** Measurement ids created so far, in order, and those not deleted. */
  created: number[]
  alive: Set<number>
  lastWrite: { request: ToolCallRequest; action: string } | undefined
  calls: number
}

interface Real {
  dir: string
  path: string
  clock: FakeClock
  store: KeelStore
  registry: ToolRegistry
  conversationId: string
  turnIds: string[]
}

function open(real: Pick<Real, 'path' | 'clock'>): { store: KeelStore; registry: ToolRegistry } {
  const opened = openKeelStore(real.path, { clock: real.clock })
  if (!opened.ok) throw new Error(opened.error.message)
  return { store: opened.store, registry: createKeelToolRegistry(opened.store) }
}

function checkInvariants(model: Model, real: Real): void {
  const db = real.store.db
  expect(findLedgerViolations(db)).toEqual(NO_VIOLATIONS)
  expect(countEffectsWithoutEntry(db)).toBe(0)
  expect((db.prepare('SELECT count(*) AS n FROM tool_ledger').get() as { n: number }).n).toBe(model.actions.size)
  const live = (
    db.prepare('SELECT id FROM measurements WHERE deleted_at IS NULL ORDER BY id').all() as { id: number }[]
  ).map((r) => r.id)
  expect(live).toEqual([...model.alive].sort((a, b) => a - b))
  expect((db.prepare('SELECT count(*) AS n FROM measurements').get() as { n: number }).n).toBe(model.created.length)
}

/** Checks an outcome against the model: first execution, or the stored result of the same action. */
function expectAgainstModel(
  model: Model,
  action: string,
  outcome: ToolCallOutcome,
  firstTime: () => StoredAction,
): void {
  const stored = model.actions.get(action)
  if (stored) {
    expect(outcome.status).toBe(stored.status)
    if (outcome.status === 'succeeded') {
      expect(outcome.repeated).toBe(true)
      expect(outcome.output).toEqual(stored.output)
    } else if (outcome.status === 'failed') {
      expect(outcome.repeated).toBe(true)
      expect(outcome.error.kind).toBe(stored.errorKind)
    }
    return
  }
  expect(outcome.status === 'succeeded' || outcome.status === 'failed' ? outcome.repeated : 'n/a').toBe(false)
  model.actions.set(action, firstTime())
}

class RecordCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly turn: number,
    readonly action: number,
    readonly spelling: number,
    readonly advanceMs: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    const spec = RECORD_ACTIONS[this.action]!
    real.clock.advance(this.advanceMs)
    const request: ToolCallRequest = {
      conversationId: real.conversationId,
      turnId: real.turnIds[this.turn]!,
      callId: `call_${++model.calls}`,
      toolName: 'record_measurement',
      arguments: JSON.parse(spec.spellings[this.spelling]!),
    }
    const outcome = await real.registry.executeToolCall(request)
    const action = `${this.turn}|record|${spec.id}`
    expectAgainstModel(model, action, outcome, () => {
      expect(outcome.status).toBe('succeeded')
      const id = outcome.status === 'succeeded' ? (outcome.output as { recorded: { id: number } }).recorded.id : -1
      expect(model.created).not.toContain(id)
      model.created.push(id)
      model.alive.add(id)
      return {
        status: 'succeeded',
        output: outcome.status === 'succeeded' ? outcome.output : undefined,
        errorKind: undefined,
      }
    })
    model.lastWrite = { request, action }
    checkInvariants(model, real)
  }
  toString = () =>
    `record(turn ${this.turn}, ${RECORD_ACTIONS[this.action]!.id}, spelling ${this.spelling}, +${this.advanceMs}ms)`
}

class DeleteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly turn: number,
    readonly pick: number | 'missing',
  ) {}
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    const id =
      this.pick === 'missing' || model.created.length === 0
        ? MISSING_ID
        : model.created[this.pick % model.created.length]!
    const request: ToolCallRequest = {
      conversationId: real.conversationId,
      turnId: real.turnIds[this.turn]!,
      callId: `call_${++model.calls}`,
      toolName: 'delete_measurement',
      arguments: { id },
    }
    const outcome = await real.registry.executeToolCall(request)
    const action = `${this.turn}|delete|${id}`
    expectAgainstModel(model, action, outcome, () => {
      if (model.alive.has(id)) {
        expect(outcome.status).toBe('succeeded')
        model.alive.delete(id)
        return {
          status: 'succeeded',
          output: outcome.status === 'succeeded' ? outcome.output : undefined,
          errorKind: undefined,
        }
      }
      expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'not-found' } })
      return { status: 'failed', output: undefined, errorKind: 'not-found' }
    })
    model.lastWrite = { request, action }
    checkInvariants(model, real)
  }
  toString = () => `delete(turn ${this.turn}, ${this.pick})`
}

/** The same call again, same call id (the harness re-executing after a restart or a lost acknowledgement). */
class RetrySameCallCommand implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.lastWrite !== undefined
  async run(model: Model, real: Real): Promise<void> {
    const last = model.lastWrite!
    const outcome = await real.registry.executeToolCall(last.request)
    const stored = model.actions.get(last.action)!
    expect(outcome.status).toBe(stored.status)
    expect(outcome.status === 'succeeded' || outcome.status === 'failed' ? outcome.repeated : undefined).toBe(true)
    if (outcome.status === 'succeeded') expect(outcome.output).toEqual(stored.output)
    checkInvariants(model, real)
  }
  toString = () => 'retry-same-call'
}

class RestartCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    real.store.close()
    const reopened = open(real)
    real.store = reopened.store
    real.registry = reopened.registry
    expect(real.store.recovery.unknownLedgerEntries).toBe(0)
    checkInvariants(model, real)
  }
  toString = () => 'restart'
}

class InvalidCallCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly variant: number) {}
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    const bad: unknown[] = [
      { kind: 'weight', value: 11, unit: 'stone' },
      { kind: 'weight', value: 7000, unit: 'kg' },
      { kind: 'weight', value: '70', unit: 'kg' },
      { kind: 'weight', value: 70, unit: 'kg', extra: 1 },
      undefined,
    ]
    const outcome = await real.registry.executeToolCall({
      conversationId: real.conversationId,
      turnId: real.turnIds[0]!,
      callId: `call_${++model.calls}`,
      toolName: 'record_measurement',
      arguments: bad[this.variant % bad.length],
    })
    expect(outcome.status).toBe('invalid-arguments')
    checkInvariants(model, real)
  }
  toString = () => `invalid(${this.variant})`
}

const commands = [
  fc
    .tuple(fc.nat(TURNS - 1), fc.nat(RECORD_ACTIONS.length - 1), fc.nat(2), fc.integer({ min: 0, max: 7_200_000 }))
    .map(([turn, action, spelling, advance]) => new RecordCommand(turn, action, spelling, advance)),
  fc
    .tuple(fc.nat(TURNS - 1), fc.oneof(fc.nat(50), fc.constant('missing' as const)))
    .map(([turn, pick]) => new DeleteCommand(turn, pick)),
  fc.constant(new RetrySameCallCommand()),
  fc.constant(new RestartCommand()),
  fc.nat(10).map((variant) => new InvalidCallCommand(variant)),
]

describe('idempotency ledger (model-based)', () => {
  it(`keeps exactly one effect per action across repeats, retries and restarts (${RUNS} random sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        const dir = mkdtempSync(join(tmpdir(), 'keel-'))
        const clock = fakeClock()
        const path = join(dir, 'keel.db')
        const { store, registry } = open({ path, clock })
        const conversation = store.conversations.createConversation({ id: 'conv' })
        const turnIds = Array.from(
          { length: TURNS },
          (_, i) =>
            store.conversations.startTurn({
              conversationId: conversation.id,
              userText: `turn ${i}`,
              turnId: `turn-${i}`,
            }).turn.id,
        )
        const real: Real = { dir, path, clock, store, registry, conversationId: conversation.id, turnIds }
        try {
          await fc.asyncModelRun(
            () => ({
              model: { actions: new Map(), created: [], alive: new Set<number>(), lastWrite: undefined, calls: 0 },
              real,
            }),
            cmds,
          )
          expect(real.store.db.pragma('integrity_check', { simple: true })).toBe('ok')
          expect(real.store.db.pragma('foreign_key_check')).toEqual([])
        } finally {
          real.store.close()
          rmSync(dir, { recursive: true, force: true })
        }
      }),
      { numRuns: RUNS },
    )
  })
})
