import { z } from 'zod'
import type { JsonValue } from '../../json-value'
import type { ToolDescriptor } from '../../tool-outcome'
import type { AccessOf } from './command-domain'

/** The tools a turn offers, and the actions outside Keel whose outcome the user must check. */
export const TOOL_SCHEMAS = {
  /** Every tool the next turn would offer: name, title, source, effect. */
  'tools.list': z.strictObject({}),
  /** Actions started outside Keel whose outcome was never learned (stopped, timed out, connection lost, a crash). */
  'actions.unknown': z.strictObject({}),
  /** The user checked one of them: it happened (`done`) or it did not (`not-done`). */
  'actions.resolve': z.strictObject({ key: z.string().regex(/^[0-9a-f]{64}$/), outcome: z.enum(['done', 'not-done']) }),
} as const

export const TOOL_ACCESS = {
  'tools.list': 'read',
  'actions.unknown': 'read',
  'actions.resolve': 'write',
} as const satisfies AccessOf<typeof TOOL_SCHEMAS>

export interface ToolResponses {
  'tools.list': ToolInfo[]
  'actions.unknown': UnknownAction[]
  'actions.resolve': { resolved: boolean }
}

/** A tool as the window sees it (no schema). */
export type ToolInfo = Pick<
  ToolDescriptor,
  'name' | 'title' | 'titles' | 'source' | 'effect' | 'grantKey' | 'grantScoped' | 'provider'
>

/** An action whose outcome Keel could not learn: shown for the user to check, never run again by Keel. */
export interface UnknownAction {
  /** Its idempotency key (what `actions.resolve` names). */
  key: string
  toolName: string
  conversationId: string
  /** The arguments it was started with. */
  arguments: JsonValue
  /** When it was started (epoch ms). */
  startedAt: number
}
