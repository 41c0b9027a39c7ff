// What Keel takes from a server's tool listing, one tool at a time: a plain copy of each definition
// (no getters, nothing but JSON), within bounds every later step can handle (SQLite's JSON depth
// limit, the stack of recursive walkers, the size sent to providers on every request), with its
// hash. A definition outside them is refused on its own, with the reason; the others are kept.
// Nothing here throws: a hostile or broken listing must never take Keel down.
import type { McpListedTool } from './mcp-connection-port'

/** Deepest nesting of a definition Keel keeps (SQLite refuses JSON past 1,000; real schemas stay under 30). */
export const MCP_MAX_DEFINITION_DEPTH = 100
/** Largest definition Keel keeps, as JSON (characters): about 64,000 tokens on every request. */
export const MCP_MAX_DEFINITION_CHARS = 256 * 1024
/** Longest tool name (what the pin store holds; the spec says 128). */
export const MCP_MAX_TOOL_NAME_CHARS = 256
/** Most tools kept from one server (more are dropped, and said in the log). */
export const MCP_MAX_TOOLS_PER_SERVER = 1_000

/** One listed tool as Keel keeps it: its plain definition and hash, or (refused) a stub that names it. */
export type AdmittedTool =
  | { tool: McpListedTool; hash: string; refused?: undefined }
  | { tool: McpListedTool; hash: ''; refused: string }

export interface Admission {
  tools: AdmittedTool[]
  /** Entries that could not even be named (no string name, too many tools): for the log. */
  dropped: string[]
}

/** Every listed entry judged on its own; `hash` is the definition hash (may throw: caught here). */
export function admitToolDefinitions(
  listed: readonly unknown[],
  serverName: string,
  hash: (tool: McpListedTool) => string,
): Admission {
  const tools: AdmittedTool[] = []
  const dropped: string[] = []
  const byName = new Map<string, number>()
  const duplicated = new Set<string>()
  listed.forEach((raw, index) => {
    if (index >= MCP_MAX_TOOLS_PER_SERVER) {
      if (index === MCP_MAX_TOOLS_PER_SERVER)
        dropped.push(`it lists ${listed.length} tools; Keel keeps the first ${MCP_MAX_TOOLS_PER_SERVER}`)
      return
    }
    const admitted = admitOne(raw, index, serverName, hash)
    if ('dropped' in admitted) {
      dropped.push(admitted.dropped)
      return
    }
    const name = admitted.tool.name
    const first = byName.get(name)
    if (first === undefined) {
      byName.set(name, tools.length)
      tools.push(admitted)
    } else duplicated.add(name)
  })
  // Two definitions under one name: which one runs is the server's guess; neither is offered.
  for (const name of duplicated) {
    const at = byName.get(name)!
    tools[at] = refusedTool(
      name,
      `Tool '${shortName(name)}' of ${serverName} is not offered: the server lists more than one tool named '${shortName(name)}'`,
    )
  }
  return { tools, dropped }
}

function admitOne(
  raw: unknown,
  index: number,
  serverName: string,
  hash: (tool: McpListedTool) => string,
): AdmittedTool | { dropped: string } {
  let name: unknown
  try {
    name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined
  } catch {
    name = undefined
  }
  if (typeof name !== 'string') return { dropped: `entry ${index + 1} of its tool list has no name` }
  const refuse = (why: string) => refusedTool(name, `Tool '${shortName(name)}' of ${serverName} is not offered: ${why}`)
  if (name.length === 0 || name.length > MCP_MAX_TOOL_NAME_CHARS)
    return refuse(`its name is ${name.length === 0 ? 'empty' : `longer than ${MCP_MAX_TOOL_NAME_CHARS} characters`}`)
  const copied = plainCopy(raw)
  if (!copied.ok) return refuse(copied.reason)
  const tool = copied.value as McpListedTool
  const schema = tool.inputSchema as unknown
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return refuse('it has no input schema (an object)')
  try {
    const chars = JSON.stringify(tool).length
    if (chars > MCP_MAX_DEFINITION_CHARS)
      return refuse(
        `its definition is larger than ${MCP_MAX_DEFINITION_CHARS / 1024} KiB (${Math.ceil(chars / 1024)} KiB)`,
      )
    return { tool, hash: hash(tool) }
  } catch (error) {
    return refuse(`its definition cannot be read (${error instanceof Error ? error.message : String(error)})`)
  }
}

/** A refused tool as shown: its name only (what it sent may be huge or too deep to show). */
function refusedTool(name: string, reason: string): AdmittedTool {
  return { tool: { name: shortName(name), inputSchema: {} }, hash: '', refused: reason }
}

function shortName(name: string): string {
  return name.length > MCP_MAX_TOOL_NAME_CHARS ? `${name.slice(0, 64)}…` : name
}

type Copied = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string }

/**
 * A plain-JSON copy of a definition, made without recursion (a deep one cannot overflow the stack),
 * refused past {@link MCP_MAX_DEFINITION_DEPTH}, on a value that is not JSON, or on a getter that throws.
 */
export function plainCopy(raw: unknown): Copied {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'it is not an object' }
  const root: Record<string, unknown> = {}
  const stack: Array<{ from: object; to: Record<string, unknown> | unknown[]; depth: number }> = [
    { from: raw, to: root, depth: 1 },
  ]
  try {
    for (let item = stack.pop(); item; item = stack.pop()) {
      const { from, to, depth } = item
      const source = from as Record<string, unknown>
      const keys = Array.isArray(from) ? Array.from({ length: from.length }, (_, i) => String(i)) : Object.keys(from)
      for (const key of keys) {
        const value = source[key]
        let copy: unknown
        if (value === undefined) {
          if (Array.isArray(from)) return { ok: false, reason: 'its definition is not plain JSON' }
          continue
        }
        if (value === null || typeof value === 'string' || typeof value === 'boolean') copy = value
        else if (typeof value === 'number') {
          if (!Number.isFinite(value)) return { ok: false, reason: 'its definition is not plain JSON' }
          copy = value
        } else if (typeof value === 'object') {
          const prototype = Object.getPrototypeOf(value) as unknown
          if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
            return { ok: false, reason: 'its definition is not plain JSON' }
          if (depth + 1 > MCP_MAX_DEFINITION_DEPTH)
            return { ok: false, reason: `its definition is nested deeper than ${MCP_MAX_DEFINITION_DEPTH} levels` }
          copy = Array.isArray(value) ? [] : {}
          stack.push({ from: value, to: copy as Record<string, unknown> | unknown[], depth: depth + 1 })
        } else return { ok: false, reason: 'its definition is not plain JSON' }
        // defineProperty: an own `__proto__` key (JSON.parse makes one) stays a key, not a prototype.
        if (Array.isArray(to)) to.push(copy)
        else Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true })
      }
    }
  } catch (error) {
    return {
      ok: false,
      reason: `its definition cannot be read (${error instanceof Error ? error.message : String(error)})`,
    }
  }
  return { ok: true, value: root }
}
