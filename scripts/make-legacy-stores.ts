// Writes test/fixtures/legacy-stores/*.sqlite: stores as earlier versions of main left them.
//
// Each fixture is one store's life: opened by a sequence of main's commits, each running the
// migrations it had (taken from git history, `git archive <commit> src/main/db/migrations`) with
// the runner main had then (every migration above `user_version`, in numeric order, one per
// transaction), and each writing some data in the columns that existed then. Migrations reached
// main out of numeric order (0120 before 0100 and 0110, 0180 before 0160), so some of these stores
// lack a migration that their `user_version` claims. Tested by test/main/db/legacy-stores.test.ts.
//
// Run from the repository root: npx tsx scripts/make-legacy-stores.ts
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'

interface HistoricalMigration {
  version: number
  name: string
  up(db: Database.Database): void
}

/** A commit of main that opened the store, and whether it wrote data (a build whose code needed a column the store lacked could not). */
interface Stage {
  commit: string
  label: string
  write: boolean
}

interface Life {
  file: string
  what: string
  stages: Stage[]
}

const KEEL_APPLICATION_ID = 0x4b45454c

const LIVES: Life[] = [
  {
    file: 'used-from-0050-to-0080.sqlite',
    what: 'made by the first store (0010-0050), used by each build up to 0080',
    stages: [
      { commit: 'c1df6e228fce96322e5599f2695ee38e3aeeee50', label: 'c1df6e2', write: true },
      { commit: '1157bdd9936fea1a58d03e7360569a3f06918890', label: '1157bdd', write: true },
      { commit: '6da124abcd3049fcffd5d1ef6b4d154d8339c6ad', label: '6da124a', write: true },
      { commit: '306da9dc65f32c6d0e460832636b8703a769e8a6', label: '306da9d', write: true },
    ],
  },
  {
    file: 'made-at-0090-before-strict.sqlite',
    what: 'made while mcp_tool_pins was not yet STRICT (a09357c)',
    stages: [{ commit: 'a09357c49edaeac7c1a54c98786b2fd3d4c87d54', label: 'a09357c', write: true }],
  },
  {
    file: 'made-at-0120-without-0100-0110.sqlite',
    what: 'made when 0120 was on main without 0100 and 0110 (7ef4ca7), then opened by 6adbc72 (user_version 180; lacks 0100, 0110, 0160)',
    stages: [
      { commit: '7ef4ca778ba3fd8bf1ee4b2626b3996ef58ea32b', label: '7ef4ca7', write: true },
      // That build wrote messages with parent_id, which this store lacks: it could not write them.
      { commit: '6adbc7250e579e88b4489e77013f1af29182a9f1', label: '6adbc72', write: false },
    ],
  },
  {
    file: 'made-at-0120-without-0110.sqlite',
    what: 'made when 0100 and 0120 were on main without 0110 (99e7e59), used up to d1aaa62 (user_version 130; lacks 0110)',
    stages: [
      { commit: '99e7e5958f295334221d21ab690c14210900d7d6', label: '99e7e59', write: true },
      { commit: '200fdcb186816014a221a0cdacc8d30e146a1751', label: '200fdcb', write: true },
      { commit: 'd1aaa62596bfff27195b463147157ae130f642b1', label: 'd1aaa62', write: true },
    ],
  },
  {
    file: 'made-at-0120-used-at-0180-without-0160.sqlite',
    what: 'made by 200fdcb (0010-0120), used up to 6adbc72, where 0180 was on main without 0160 (user_version 180; lacks 0160)',
    stages: [
      { commit: '200fdcb186816014a221a0cdacc8d30e146a1751', label: '200fdcb', write: true },
      { commit: 'd1aaa62596bfff27195b463147157ae130f642b1', label: 'd1aaa62', write: true },
      { commit: '6adbc7250e579e88b4489e77013f1af29182a9f1', label: '6adbc72', write: true },
    ],
  },
  {
    file: 'made-at-0130-used-at-0180-complete.sqlite',
    what: 'made by d1aaa62 (0010-0130), used by 1146a73 (every migration, in order)',
    stages: [
      { commit: 'd1aaa62596bfff27195b463147157ae130f642b1', label: 'd1aaa62', write: true },
      { commit: '1146a73b29682c2316daf1b223e5eb4f0ad632f5', label: '1146a73', write: true },
    ],
  },
]

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'test/fixtures/legacy-stores')

async function migrationsAt(commit: string, scratch: string): Promise<HistoricalMigration[]> {
  const dir = join(scratch, commit)
  mkdirSync(dir, { recursive: true })
  const tar = execFileSync('git', ['archive', commit, 'src/main/db/migrations'], { cwd: root })
  execFileSync('tar', ['-x', '-C', dir], { input: tar })
  const index = (await import(pathToFileURL(join(dir, 'src/main/db/migrations/index.ts')).href)) as {
    MIGRATIONS: HistoricalMigration[]
  }
  return [...index.MIGRATIONS].sort((a, b) => a.version - b.version)
}

/** The runner main had from c1df6e2 to this fix: every migration above `user_version`, in order. */
function oldMigrate(db: Database.Database, migrations: HistoricalMigration[], applied: number[]): void {
  const from = db.pragma('user_version', { simple: true }) as number
  for (const migration of migrations) {
    if (migration.version <= from) continue
    db.transaction(() => {
      if ((db.pragma('application_id', { simple: true }) as number) === 0)
        db.pragma(`application_id = ${KEEL_APPLICATION_ID}`)
      migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
    }).immediate()
    applied.push(migration.version)
  }
}

function has(db: Database.Database, table: string, column?: string): boolean {
  const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]
  return columns.length > 0 && (column === undefined || columns.includes(column))
}

/** Inserts a row with the given columns, leaving out those the table does not have (yet). */
function insert(db: Database.Database, table: string, row: Record<string, unknown>): void {
  const present = Object.entries(row).filter(([column]) => has(db, table, column))
  const sql = `INSERT INTO ${table} (${present.map(([c]) => c).join(', ')}) VALUES (${present.map(() => '?').join(', ')})`
  db.prepare(sql).run(...present.map(([, value]) => value))
}

let clock = Date.parse('2026-11-30T08:00:00.000Z')
const tick = () => (clock += 1_000)

/** Adds one turn (a question and its answer, with a tool call, a generation and a measurement) to a conversation. */
function addTurn(
  db: Database.Database,
  conversationId: string,
  turnId: string,
  question: string,
  answer: string,
  stage: Stage,
): void {
  const nextSeq =
    (db
      .prepare('SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE conversation_id = ?')
      .pluck()
      .get(conversationId) as number) ?? 1
  const lastId = () =>
    db
      .prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1')
      .pluck()
      .get(conversationId) as string | undefined
  const now = tick()
  insert(db, 'turns', { id: turnId, conversation_id: conversationId, created_at: now })
  const userId = `${turnId}-q`
  insert(db, 'messages', {
    id: userId,
    conversation_id: conversationId,
    turn_id: turnId,
    seq: nextSeq,
    role: 'user',
    status: 'complete',
    created_at: now,
    updated_at: now,
    parent_id: lastId() ?? null,
  })
  insert(db, 'message_parts', { message_id: userId, position: 0, type: 'text', text: question })
  if (has(db, 'message_attachments')) {
    const data = Buffer.from(`weight,date\n70,${stage.label}\n`)
    insert(db, 'message_attachments', {
      message_id: userId,
      position: 0,
      name: 'weights.csv',
      mime_type: 'text/csv',
      size: data.length,
      data,
    })
  }

  const answerId = `${turnId}-a`
  const callId = `call-${turnId}`
  const at = tick()
  insert(db, 'messages', {
    id: answerId,
    conversation_id: conversationId,
    turn_id: turnId,
    seq: nextSeq + 1,
    role: 'assistant',
    status: 'complete',
    created_at: at,
    updated_at: at,
    parent_id: userId,
    reasoning_ms: 1200,
    notices_json: JSON.stringify([{ id: 'max-rounds', values: { max: 8 } }]),
  })
  insert(db, 'message_parts', { message_id: answerId, position: 0, type: 'reasoning', text: 'The user gave a weight.' })
  const args = { kind: 'weight', value: 70, unit: 'kg' }
  insert(db, 'message_parts', {
    message_id: answerId,
    position: 1,
    type: 'tool-call',
    text: '',
    data_json: JSON.stringify({
      callId,
      callIdIsLocal: false,
      toolName: 'record_measurement',
      argumentsText: JSON.stringify(args),
      arguments: args,
    }),
  })
  const key = `key-${turnId}`
  insert(db, 'message_parts', {
    message_id: answerId,
    position: 2,
    type: 'tool-result',
    text: '',
    data_json: JSON.stringify({
      callId,
      toolName: 'record_measurement',
      outcome: { status: 'succeeded', kind: 'write', output: { id: 1 }, repeated: false, idempotencyKey: key },
    }),
  })
  insert(db, 'message_parts', { message_id: answerId, position: 3, type: 'text', text: answer })
  if (has(db, 'message_replay_items')) {
    insert(db, 'message_replay_items', {
      message_id: answerId,
      position: 4,
      provider: 'anthropic',
      data_json: JSON.stringify({
        type: 'anthropic-thinking',
        thinking: 'The user gave a weight.',
        signature: `sig-${turnId}`,
      }),
    })
  }
  insert(db, 'generations', {
    id: `${turnId}-g1`,
    turn_id: turnId,
    message_id: answerId,
    round: 1,
    attempt: 1,
    provider: 'anthropic',
    profile: 'anthropic',
    model: 'claude-sonnet-4-5',
    started_at: at,
    ended_at: tick(),
    outcome: 'complete',
    finish_reason: 'stop',
    raw_finish_reason: 'end_turn',
    input_tokens: 120,
    output_tokens: 40,
    reasoning_tokens: 10,
    cached_input_tokens: 0,
    usage_source: 'reported',
  })
  insert(db, 'tool_ledger', {
    idempotency_key: key,
    conversation_id: conversationId,
    turn_id: turnId,
    tool_name: 'record_measurement',
    arguments_json: JSON.stringify(args),
    state: 'succeeded',
    output_json: JSON.stringify({ id: 1 }),
    created_at: at,
    updated_at: at,
  })
  const ledgerId = db.prepare('SELECT id FROM tool_ledger WHERE idempotency_key = ?').pluck().get(key) as number
  insert(db, 'tool_ledger_calls', { ledger_id: ledgerId, call_id: callId, referenced_at: at })
  insert(db, 'measurements', {
    kind: 'weight',
    canonical_value: 70,
    input_value: 70,
    input_unit: 'kg',
    taken_at: at,
    taken_at_precision: 'instant',
    recorded_at: at,
    created_by_ledger_id: ledgerId,
    taken_at_offset_min: -180,
  })
  if (has(db, 'conversations', 'current_leaf_id'))
    db.prepare('UPDATE conversations SET current_leaf_id = ? WHERE id = ?').run(answerId, conversationId)
  db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?').run(tick(), conversationId)
}

/** What one build wrote while it had the store: a new conversation, one more turn in the first, settings, pins. */
function writeStage(db: Database.Database, life: Life, index: number): void {
  const stage = life.stages[index]!
  db.transaction(() => {
    const conversationId = `conv-${stage.label}`
    const now = tick()
    insert(db, 'conversations', {
      id: conversationId,
      title: `Medição de peso (${stage.label})`,
      created_at: now,
      updated_at: now,
      pinned_at: index === 0 ? now : null,
    })
    addTurn(
      db,
      conversationId,
      `turn-${stage.label}-1`,
      `Registre meu peso: 70 kg (${stage.label})`,
      `Anotei seu peso de 70 kg (${stage.label}).`,
      stage,
    )
    addTurn(
      db,
      conversationId,
      `turn-${stage.label}-2`,
      'Qual foi a última medição?',
      'A última medição foi 70 kg.',
      stage,
    )
    const first = db.prepare('SELECT id FROM conversations ORDER BY created_at LIMIT 1').pluck().get() as string
    if (first !== conversationId)
      addTurn(
        db,
        first,
        `turn-${stage.label}-later`,
        `Continuing in ${stage.label}`,
        `Still here in ${stage.label}.`,
        stage,
      )
    if (has(db, 'conversation_settings')) {
      insert(db, 'conversation_settings', {
        conversation_id: conversationId,
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        system_prompt: 'Answer briefly.',
        max_output_tokens: 2048,
        temperature: 0.5,
        updated_at: now,
      })
    }
    db.prepare(
      `INSERT INTO settings (key, value_json, updated_at) VALUES ('maxToolRounds', ?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json`,
    ).run(JSON.stringify(4 + index), now)
    if (has(db, 'mcp_tool_pins')) {
      const definition = JSON.stringify({ name: `echo_${stage.label}`, inputSchema: { type: 'object' } })
      insert(db, 'mcp_tool_pins', {
        server_id: 'everything',
        tool_name: `echo_${stage.label}`,
        definition_hash: 'a'.repeat(64),
        definition_json: definition,
        accepted_at: now,
      })
    }
  }).immediate()
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'keel-legacy-'))
  mkdirSync(outDir, { recursive: true })
  const described: { file: string; what: string; openedBy: string[]; applied: number[] }[] = []
  try {
    for (const life of LIVES) {
      const applied: number[] = []
      const file = join(outDir, life.file)
      rmSync(file, { force: true })
      for (const [index, stage] of life.stages.entries()) {
        const db = new Database(file)
        // Small pages keep the committed files small; SQLite reads any page size.
        if (index === 0) db.pragma('page_size = 1024')
        db.pragma('journal_mode = WAL')
        db.pragma('synchronous = FULL')
        db.pragma('foreign_keys = ON')
        oldMigrate(db, await migrationsAt(stage.commit, scratch), applied)
        if (stage.write) writeStage(db, life, index)
        if (index === life.stages.length - 1)
          console.log(`${life.file}: user_version ${String(db.pragma('user_version', { simple: true }))}`)
        // The last connection's close checkpoints and removes the -wal: one file, still in WAL mode.
        db.close()
      }
      described.push({ file: life.file, what: life.what, openedBy: life.stages.map((s) => s.label), applied })
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  // `applied`: the migrations the store really got, in the order they ran.
  writeFileSync(join(outDir, 'lives.json'), `${JSON.stringify(described, null, 2)}\n`)
}

await main()
