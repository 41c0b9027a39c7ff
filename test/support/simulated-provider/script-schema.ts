import { z } from 'zod'
import type { ScriptedResponse } from './types'

/** Validates scripts that arrive as JSON (the CLI's `--script` file, `POST /_sim/enqueue`). */
const count = z.number().int().nonnegative()

const toolCallSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  arguments: z.union([z.strictObject({ raw: z.string() }), z.record(z.string(), z.unknown())]),
  argumentChunks: z.number().int().positive().optional(),
})

const faultsSchema = z.strictObject({
  chunkSize: z.union([z.number().int().positive(), z.literal('random')]).optional(),
  seed: z.number().int().optional(),
  delayMs: count.optional(),
  headersDelayMs: count.optional(),
  resetBeforeFirstByte: z.boolean().optional(),
  cutAfterBytes: count.optional(),
  cutAfterEvents: count.optional(),
  stallAfterEvents: count.optional(),
  holdAfterEvents: count.optional(),
  holdAfterText: z.string().min(1).optional(),
  errorAfterEvents: z
    .strictObject({
      afterEvents: count,
      kind: z.enum(['overloaded', 'server', 'rate-limit']),
      message: z.string().optional(),
    })
    .optional(),
  compat: z
    .strictObject({
      repeatIdOnEveryFragment: z.boolean().optional(),
      sameIndexForAllCalls: z.boolean().optional(),
      idZero: z.boolean().optional(),
      noFinishReason: z.boolean().optional(),
      usageOnChoiceChunk: z.boolean().optional(),
    })
    .optional(),
})

const deltas = z.union([z.string(), z.array(z.string())])

const turnSchema = z.strictObject({
  type: z.literal('turn'),
  text: deltas.optional(),
  reasoning: deltas.optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  finish: z.enum(['stop', 'tool-calls', 'length', 'content-filter']).optional(),
  usage: z
    .strictObject({
      inputTokens: count,
      outputTokens: count,
      reasoningTokens: count.optional(),
      cachedInputTokens: count.optional(),
    })
    .nullable()
    .optional(),
  id: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  faults: faultsSchema.optional(),
  marks: z.record(z.string(), z.string().min(1)).optional(),
})

const httpErrorSchema = z.strictObject({
  type: z.literal('http-error'),
  status: z.number().int().min(100).max(599),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  delayMs: count.optional(),
})

const recordedStreamSchema = z.strictObject({
  type: z.literal('recorded-stream'),
  events: z.array(z.string()),
  faults: z
    .strictObject({
      chunkSize: z.union([z.number().int().positive(), z.literal('random')]).optional(),
      seed: z.number().int().optional(),
      delayMs: count.optional(),
      holdAfterEvents: count.optional(),
      holdAfterText: z.string().min(1).optional(),
    })
    .optional(),
})

export const scriptedResponseSchema = z.discriminatedUnion('type', [turnSchema, httpErrorSchema, recordedStreamSchema])

// The schema must accept nothing the types reject.
const schemaMatchesTypes: z.infer<typeof scriptedResponseSchema> extends ScriptedResponse ? true : never = true
void schemaMatchesTypes

/** A script: one response, an array of them, or `{ "responses": [...] }`. Throws a readable error. */
export function parseScript(value: unknown): ScriptedResponse[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && 'responses' in value
      ? (value as { responses: unknown }).responses
      : [value]
  const result = z.array(scriptedResponseSchema).safeParse(list)
  if (!result.success) throw new Error(`invalid simulated-provider script: ${z.prettifyError(result.error)}`)
  return result.data
}
