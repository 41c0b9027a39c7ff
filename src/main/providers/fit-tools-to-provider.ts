import type { ProviderToolDefinition } from './provider-request'
import type { ProviderToolRules } from './provider-tool-rules'
import { reduceToolSchema } from './reduce-tool-schema'

/** A tool offered to a turn, before one provider's rules are applied. */
export interface FittableTool extends ProviderToolDefinition {
  /** One of Keel's own tools: kept before any server's when the provider takes fewer than are enabled. */
  own: boolean
}

/** Why a tool was not sent to the provider. */
export type LeftOutReason =
  /** More tools are enabled than the provider takes in one request; `max` is its limit. */
  | { kind: 'over-limit'; max: number }
  /** The provider refuses the tool's name (and renaming would break the call back to it). */
  | { kind: 'name-not-accepted' }
  /** The schema cannot be sent in any form the provider takes (too deep, too large). */
  | { kind: 'schema-not-accepted'; detail: string }

export interface LeftOutTool {
  name: string
  reason: LeftOutReason
}

export interface FittedTools {
  /** What the request declares: every one within the provider's rules. */
  tools: ProviderToolDefinition[]
  /** What it does not, in the order offered: the user is told before the request. */
  leftOut: LeftOutTool[]
  /** Tools sent with a shortened description (the full one is still what the user sees). */
  shortened: string[]
}

/**
 * Fits a turn's tools to one provider's rules, so that no set of servers can make the request
 * refused as a whole: descriptions shortened, schemas reduced to what the provider takes (the
 * tool's own schema still validates the arguments), tools whose name it refuses left out, and
 * when more are enabled than it takes, Keel's own tools first, then the others in the order
 * offered (servers as configured, each server's tools as it lists them). Pure.
 */
export function fitToolsToProvider(tools: readonly FittableTool[], rules: ProviderToolRules): FittedTools {
  const leftOut: LeftOutTool[] = []
  const shortened: string[] = []
  const accepted: (ProviderToolDefinition & { own: boolean })[] = []
  const names = new Set<string>()
  for (const tool of tools) {
    // A name seen twice would make the provider's call ambiguous: the first one offered keeps it.
    if (!rules.namePattern.test(tool.name) || names.has(tool.name)) {
      leftOut.push({ name: tool.name, reason: { kind: 'name-not-accepted' } })
      continue
    }
    const schema = reduceToolSchema(tool.inputSchema, rules)
    if (!schema.ok) {
      leftOut.push({ name: tool.name, reason: { kind: 'schema-not-accepted', detail: schema.reason } })
      continue
    }
    names.add(tool.name)
    const description =
      rules.maxDescriptionChars === undefined
        ? tool.description
        : shortenText(tool.description, rules.maxDescriptionChars)
    if (description !== tool.description) shortened.push(tool.name)
    accepted.push({ name: tool.name, description, inputSchema: schema.schema, own: tool.own })
  }
  const ordered = [...accepted.filter((tool) => tool.own), ...accepted.filter((tool) => !tool.own)]
  const max = rules.maxTools ?? ordered.length
  const sent = ordered.slice(0, max)
  for (const tool of ordered.slice(max)) leftOut.push({ name: tool.name, reason: { kind: 'over-limit', max } })
  return {
    tools: sent.map(({ own: _own, ...tool }) => tool),
    leftOut,
    shortened: shortened.filter((name) => sent.some((tool) => tool.name === name)),
  }
}

/** `text` in at most `max` UTF-16 units, ending in "…" when cut, never inside a surrogate pair. */
export function shortenText(text: string, max: number): string {
  if (text.length <= max) return text
  if (max <= 0) return ''
  let end = max - 1
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end-- // a high surrogate whose pair would be cut off
  return `${text.slice(0, end)}…`
}
