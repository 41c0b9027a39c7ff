// `x-mcp-header` (2026-07-28, Streamable HTTP): a tool's inputSchema may ask that a primitive
// argument be mirrored into an `Mcp-Param-<Name>` request header (for gateways and load
// balancers). The SDK writes the headers when it is handed the tool's definition; Keel lists tools
// raw (every field kept for pinning), so it keeps that definition here per client. A client on
// HTTP MUST drop a tool whose declaration is malformed: mirroring it is impossible, and calling it
// without the header would route it wrongly.
import type { Client, Tool } from '@modelcontextprotocol/client'
import type { McpListedTool } from './mcp-connection-port'
import { type McpDroppedTool, type McpHeaderFault, mcpHeaderFaultText } from '../../shared/mcp-dropped-tools'

const X_MCP_HEADER = 'x-mcp-header'
/** RFC 9110 `token`: no spaces, controls, delimiters or non-ASCII. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Types that mirror into one header value unambiguously (a `number` may be written several ways). */
const MIRRORABLE_TYPES = new Set(['string', 'integer', 'boolean'])
/** Subschemas a declaration may not sit under: only a chain of `properties` is statically reachable. */
const UNREACHABLE_KEYWORDS = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const

/** Why a tool's `x-mcp-header` declarations cannot be honoured, in English, or undefined when they can (or it has none). */
export function xMcpHeaderFault(inputSchema: unknown): string | undefined {
  const fault = xMcpHeaderProblem(inputSchema)
  return fault && mcpHeaderFaultText(fault)
}

/** Why a tool's `x-mcp-header` declarations cannot be honoured (typed), or undefined when they can. */
export function xMcpHeaderProblem(inputSchema: unknown): McpHeaderFault | undefined {
  const seen = new Map<string, string>()
  const visit = (node: unknown, path: readonly string[], reachable: boolean): McpHeaderFault | undefined => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined
    const schema = node as Record<string, unknown>
    const where = path.length > 0 ? path.join('.') : '(root)'
    if (X_MCP_HEADER in schema) {
      if (!reachable || path.length === 0) return { code: 'not-on-property', path: where }
      const name = schema[X_MCP_HEADER]
      if (typeof name !== 'string' || name.length === 0) return { code: 'no-name', path: where }
      if (!HTTP_TOKEN.test(name)) return { code: 'not-a-header-name', path: where, header: name }
      if (typeof schema.type !== 'string' || !MIRRORABLE_TYPES.has(schema.type))
        return { code: 'not-mirrorable', path: where }
      const lower = name.toLowerCase()
      const before = seen.get(lower)
      if (before !== undefined) return { code: 'repeated', header: name, first: before }
      seen.set(lower, name)
    }
    const properties = schema.properties
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const fault = visit(child, [...path, key], reachable)
        if (fault) return fault
      }
    }
    for (const keyword of UNREACHABLE_KEYWORDS) {
      const sub = schema[keyword]
      if (sub === undefined) continue
      const branches = Array.isArray(sub)
        ? sub
        : sub !== null && typeof sub === 'object' && isSchemaMap(keyword)
          ? Object.values(sub)
          : [sub]
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false)
        if (fault) return fault
      }
    }
    return undefined
  }
  return visit(inputSchema, [], true)
}

function isSchemaMap(keyword: string): boolean {
  return (
    keyword === 'patternProperties' ||
    keyword === 'dependentSchemas' ||
    keyword === '$defs' ||
    keyword === 'definitions'
  )
}

export interface HeaderScreening {
  kept: McpListedTool[]
  /** The tools left out, each with its typed fault and the English `reason`. */
  dropped: Array<McpDroppedTool & { reason: string }>
}

/** Splits a listing into the tools Keel may call over Streamable HTTP and those it must drop (with why). */
export function screenHeaderDeclarations(tools: readonly McpListedTool[]): HeaderScreening {
  const kept: McpListedTool[] = []
  const dropped: HeaderScreening['dropped'] = []
  for (const tool of tools) {
    // A malformed entry is the admission step's to judge (mcp-definition-admission.ts).
    const fault = tool !== null && typeof tool === 'object' ? xMcpHeaderProblem(tool.inputSchema) : undefined
    if (fault === undefined) kept.push(tool)
    else
      dropped.push({
        name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
        fault,
        reason: mcpHeaderFaultText(fault),
      })
  }
  return { kept, dropped }
}

/** The definitions each client last listed, by tool name: what the SDK mirrors `Mcp-Param-*` headers from. */
const definitions = new WeakMap<Client, Map<string, McpListedTool>>()

export function rememberDefinitions(client: Client, tools: readonly McpListedTool[]): void {
  const byName = new Map<string, McpListedTool>()
  for (const tool of tools)
    if (tool !== null && typeof tool === 'object' && typeof tool.name === 'string') byName.set(tool.name, tool)
  definitions.set(client, byName)
}

/**
 * The listed definition of `name` for `callTool({toolDefinition})`, when that client listed one,
 * without its outputSchema: given one, the SDK judges the result and throws after the tool ran
 * (Keel's adapter judges it instead). Given a definition, the SDK also never sends the call again
 * after a header mismatch.
 */
export function definitionFor(client: Client, name: string): Tool | undefined {
  const listed = definitions.get(client)?.get(name)
  if (!listed) return undefined
  const { outputSchema: _judgedByKeel, ...rest } = listed
  return rest as Tool
}

/**
 * The tools of one listing Keel offers: on a 2026-07-28 session over Streamable HTTP, those whose
 * header declarations can be honoured; their definitions are kept for the calls, and the tools
 * left out are said (`dropped`) so the user learns why a tool is missing.
 */
export function toolsForWire(
  client: Client,
  streamableHttp: boolean,
  tools: McpListedTool[],
): { offered: McpListedTool[]; dropped: McpDroppedTool[] } {
  const modern = streamableHttp && client.getProtocolEra() === 'modern'
  const screening = modern ? screenHeaderDeclarations(tools) : { kept: tools, dropped: [] }
  rememberDefinitions(client, screening.kept)
  return { offered: screening.kept, dropped: screening.dropped.map(({ name, fault }) => ({ name, fault })) }
}
