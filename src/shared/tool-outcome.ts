import type { Locale } from './locale'
import type { JsonValue } from './json-value'

/**
 * What running a tool does, which decides how it is run (not its name, not a server's claims):
 * - `none`: only looks (a pure read): runs without asking, not ledgered, may be retried once;
 * - `local`: changes Keel's own database, in one transaction with its ledger entry;
 * - `external`: changes something outside Keel, whose outcome can be unknown (stopped, timed out,
 *   connection lost): asked for, claimed in the ledger first, never re-run;
 * - `unknown`: nobody can say: treated like `external`.
 */
export type ToolEffect = 'none' | 'local' | 'external' | 'unknown'

/** In outcomes: `read` for a tool without effect, `write` for every other (they go through the ledger). */
export type ToolKind = 'read' | 'write'

export function kindOfEffect(effect: ToolEffect): ToolKind {
  return effect === 'none' ? 'read' : 'write'
}

/**
 * A piece of a tool's result beyond its JSON output: text, JSON, an image (base64). The user sees
 * every part; images go to the model too, inside the result where the API takes them (capped),
 * unless `audience` is `user`: content a tool meant only for the user (an MCP server's
 * `audience: ["user"]`) is shown, never sent.
 */
export type ToolResultPart =
  | { type: 'text'; text: string; audience?: 'user' | undefined }
  | { type: 'json'; value: JsonValue; audience?: 'user' | undefined }
  | { type: 'image'; mimeType: string; data: string; audience?: 'user' | undefined }

/**
 * The ledger's record of one logical write action (one idempotency key).
 * - `succeeded`: the effect committed together with this record; its output is stored.
 * - `failed`: the handler refused or failed; nothing of its effect was kept. Not retried automatically.
 * - `unknown`: the action started but its outcome was never recorded (an external effect cut by a
 *   crash or still running). Never re-run automatically; surfaced to the user.
 */
export type LedgerState = 'succeeded' | 'failed' | 'unknown'

/**
 * Why a tool handler did not produce a result.
 * - `not-found`: the thing to act on does not exist (e.g. no measurement with that id).
 * - `rejected`: the handler refused on its own rules (valid arguments, impossible action).
 * - `unknown-turn`: the turn named in the call is not stored in that conversation (a harness bug).
 * - `storage`: the database failed; the transaction rolled back and nothing was written or recorded.
 * - `external`: an effect outside this database failed.
 * - `internal`: a bug in the tool (an unexpected exception); recorded, not retried.
 */
export type ToolFailureKind = 'not-found' | 'rejected' | 'unknown-turn' | 'storage' | 'external' | 'internal'

export interface ToolFailure {
  kind: ToolFailureKind
  /** Model-facing: says what happened and, when possible, what to do instead. */
  message: string
  /** Whether running the same call again could succeed. Writes are still never retried automatically. */
  retryable: boolean
}

/** One problem with a call's arguments, for the model to fix its call. */
export interface ToolArgumentIssue {
  /** Dotted path of the argument (`unit`, `range.from`); empty for the arguments object itself. */
  path: string
  /** Model-facing (English): what the model is told. */
  message: string
  /** The same problem as data, for the window to say in the user's language (never sent to the model). */
  reason?: ArgumentIssueReason | undefined
}

/**
 * What was wrong with one argument, by kind, with what the user needs to hear ("Weight takes kg or
 * lb"): the window words it (src/renderer/src/features/chat/argument-issue-text.ts).
 * - `allowed-values`: only these values are taken (`subject`: what they depend on, e.g. the
 *   measurement kind `weight`);
 * - `missing`: a required argument was not given; `unexpected`: one the tool does not take;
 * - `wrong-type`: `expected` is a JSON type (`number`, `string`, `integer`, `boolean`, `array`, `object`, `null`);
 * - `range`: a number outside `minimum`…`maximum` (either may be absent; `unit` the range is in);
 * - `too-long` / `too-short`: text (or a list) over / under `limit` characters (items);
 * - `other`: anything else (the window names the argument).
 */
export type ArgumentIssueReason =
  | { kind: 'allowed-values'; values: string[]; subject?: string | undefined }
  | { kind: 'missing' }
  | { kind: 'unexpected' }
  | { kind: 'wrong-type'; expected: string }
  | {
      kind: 'range'
      minimum?: number | undefined
      maximum?: number | undefined
      unit?: string | undefined
      subject?: string | undefined
    }
  | { kind: 'too-long'; limit: number; unit: 'characters' | 'items' }
  | { kind: 'too-short'; limit: number; unit: 'characters' | 'items' }
  | { kind: 'other' }

/** What the harness asks the registry to run: one call from a completed, validated turn. */
export interface ToolCallRequest {
  conversationId: string
  turnId: string
  /** The provider's call id (or the locally generated one); the result goes back under it. */
  callId: string
  toolName: string
  /** The parsed arguments as the provider sent them (`undefined` when their text was not a JSON object). */
  arguments: unknown
  /** Their text as it arrived, when known: says why `arguments` is undefined (cut, malformed, nested too deeply). */
  argumentsText?: string | undefined
  /** The user's IANA time zone (a calendar day given is that zone's local day); absent: UTC. */
  timeZone?: string | undefined
}

interface OutcomeBase {
  callId: string
  toolName: string
}

/** Present on every outcome of a write tool that reached the ledger. */
interface LedgeredBase extends OutcomeBase {
  /** The idempotency key of the logical action (hex SHA-256; see `src/main/ledger/idempotency-key.ts`). */
  idempotencyKey: string
}

/**
 * The result of one tool call, as serializable data. Every call gets exactly one outcome, which
 * the harness returns to the model under `callId`. Times are ISO-8601 UTC strings (model-facing).
 */
export type ToolCallOutcome =
  /** The tool ran now. For writes, the effect and the ledger record committed in one transaction. */
  | (OutcomeBase & {
      status: 'succeeded'
      kind: ToolKind
      output: JsonValue
      repeated: false
      idempotencyKey: string | undefined
      parts?: ToolResultPart[]
    })
  /** The same action was already recorded: this is its stored result; nothing was written again. */
  | (LedgeredBase & { status: 'succeeded'; kind: 'write'; output: JsonValue; repeated: true; firstRecordedAt: string })
  /** The arguments did not pass the tool's schema; nothing ran and nothing was recorded. */
  | (OutcomeBase & { status: 'invalid-arguments'; message: string; issues: ToolArgumentIssue[] })
  /** No tool has this name; nothing ran. */
  | (OutcomeBase & { status: 'unknown-tool'; message: string; availableTools: string[] })
  /**
   * The tool failed. With `repeated: false` it failed now (recorded in the ledger for writes, except
   * `storage` failures, which roll back everything); with `repeated: true` this is the stored failure.
   */
  | (OutcomeBase & {
      status: 'failed'
      kind: ToolKind
      error: ToolFailure
      repeated: boolean
      idempotencyKey: string | undefined
      firstRecordedAt: string | undefined
    })
  /** The action was started before but its outcome was never recorded: not re-run; ask the user. */
  | (LedgeredBase & { status: 'unknown'; message: string; firstRecordedAt: string })
  /** The user declined the action when asked: it never ran. */
  | (OutcomeBase & { status: 'denied' })
  /** The user stopped the turn before the action started: it never ran. */
  | (OutcomeBase & { status: 'cancelled' })

export type ToolCallStatus = ToolCallOutcome['status']

/** A tool as the harness, the providers and the window see it. */
export interface ToolDescriptor {
  /** The name providers are sent (unique in a turn). */
  name: string
  /** What the window calls it (English, or the server's words). */
  title: string
  /** Its title in the window's other languages, when Keel knows them (the built-ins). */
  titles?: Partial<Record<Locale, string>>
  description: string
  effect: ToolEffect
  /** Where it comes from: `keel` for the built-ins. */
  source: string
  /** JSON Schema (draft 2020-12) of the arguments. */
  inputJsonSchema: Record<string, unknown>
  /** What "always allow" is keyed to (the name, or an MCP tool's server + tool + definition hash). */
  grantKey: string
  /**
   * Set when "always allow" is given per call, not per tool: each call's grant is
   * `<name>@<scope>` (the page reader's scope is the site), and `grantKey` is that of one call.
   */
  grantScoped?: true
  /** Who provides it (an MCP server's name), for the approval card. */
  provider?: string
  /** Hints for the approval card (untrusted). */
  hints?: { destructive?: boolean | undefined; openWorld?: boolean | undefined; readOnly?: boolean | undefined }
}
