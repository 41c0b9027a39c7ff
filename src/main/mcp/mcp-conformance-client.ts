// The client the official MCP conformance suite runs (`conformance client --command …`): it drives
// Keel's own McpConnection (not the SDK directly) over Streamable HTTP against the suite's scenario
// server: connect, list tools, call each with arguments built from its schema, answer elicitation
// with the schema's defaults. Following the SSE `retry` field is the SDK transport's job. A server
// that wants OAuth gets Keel's real sign-in (mcp-oauth-provider.ts, loopback receiver included);
// only the browser is replaced: the suite's authorization server redirects at once, so a plain
// GET of the authorization URL, following its redirect to the loopback, is the user's part.
import { createMemoryKeyVault } from '../secrets/key-vault'
import type { ElicitationAnswer, ElicitationRequest } from '../tools/tool'
import { McpConnection } from './mcp-connection'
import type { McpCallOutcome, McpListedTool } from './mcp-connection-port'
import { KeelOAuthProvider } from './mcp-oauth-provider'
import { McpOAuthVault } from './mcp-oauth-vault'

/** The client ID metadata document URL the suite's CIMD scenario expects (it is never fetched). */
export const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'

export interface ConformanceClientIo {
  log: (line: string) => void
}

/** Runs one scenario against `url`; the exit code (0: the client did its part). */
export async function runConformanceClient(
  url: string,
  env: NodeJS.ProcessEnv,
  io: ConformanceClientIo = { log: (line) => process.stderr.write(`${line}\n`) },
): Promise<number> {
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? ''
  io.log(`keel conformance client: scenario ${scenario || '(none)'} at ${url}`)
  const context = parseContext(env.MCP_CONFORMANCE_CONTEXT)
  const oauth = new KeelOAuthProvider({
    serverId: 'conformance',
    vault: new McpOAuthVault(createMemoryKeyVault()),
    mode: { kind: 'interactive', openUrl: followAuthorizationRedirect, timeoutMs: 15_000 },
    clientName: 'keel-conformance-client',
    clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
    preRegistered:
      typeof context.client_id === 'string'
        ? {
            clientId: context.client_id,
            clientSecret: typeof context.client_secret === 'string' ? context.client_secret : undefined,
          }
        : undefined,
  })
  await oauth.prepare()
  const connection = new McpConnection(
    {
      id: 'conformance',
      name: 'Conformance server',
      transport: 'http',
      url,
      // Generous: the suite starts many scenarios at once, and on a small shared machine an OAuth
      // start (discover, metadata, registration, sign-in, token) took over 20 s on load alone.
      timeoutMs: 60_000,
      maxTotalTimeoutMs: 60_000,
      startTimeoutMs: 60_000,
    },
    // One attempt: a failed start is the result, not something to retry.
    { clientInfo: { name: 'keel-conformance-client', version: '0.1.0' }, backoff: { initialMs: 10 * 60_000 }, oauth },
  )
  try {
    await connection.start()
    const status = connection.status()
    if (status.state !== 'ready') {
      io.log(`not connected: ${status.state === 'failed' ? status.reason : status.state}`)
      return 1
    }
    const tools = await connection.listTools()
    io.log(`tools: ${tools.map((tool) => tool.name).join(', ') || '(none)'}`)
    let failures = 0
    const scripted = scriptedCalls(context)
    for (const tool of tools) {
      const args = scripted.get(tool.name) ?? conformanceArguments(tool, tools)
      const outcome = await connection.callTool(tool.name, args, {
        signal: new AbortController().signal,
        elicit: answerWithDefaults,
      })
      io.log(`${tool.name}(${JSON.stringify(args)}) → ${describe(outcome)}`)
      if (outcome.kind === 'not-sent' || outcome.kind === 'unknown') failures++
    }
    return failures === 0 ? 0 : 1
  } catch (error) {
    io.log(`error: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await connection.close()
    await oauth.close()
  }
}

/** The "browser" of a headless run: GET the authorization URL and follow its redirect (to Keel's loopback receiver). */
export async function followAuthorizationRedirect(url: URL): Promise<void> {
  const answer = await fetch(url, { redirect: 'manual' })
  await answer.body?.cancel()
  const location = answer.headers.get('location')
  if (!location) throw new Error(`The authorization server did not redirect (HTTP ${answer.status})`)
  const callback = await fetch(new URL(location, url))
  await callback.body?.cancel()
}

function parseContext(json: string | undefined): Record<string, unknown> {
  if (!json) return {}
  try {
    const value = JSON.parse(json) as unknown
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The arguments a scenario asks for by tool name (`toolCalls` in its context, e.g. the `Mcp-Param-*` header values). */
export function scriptedCalls(context: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const calls = new Map<string, Record<string, unknown>>()
  if (!Array.isArray(context.toolCalls)) return calls
  for (const call of context.toolCalls as unknown[]) {
    if (call === null || typeof call !== 'object') continue
    const { name, arguments: args } = call as { name?: unknown; arguments?: unknown }
    if (typeof name === 'string' && args !== null && typeof args === 'object' && !Array.isArray(args))
      calls.set(name, args as Record<string, unknown>)
  }
  return calls
}

/** The schema-preservation scenario's echo tool and the tool whose inputSchema it wants back, verbatim. */
const SCHEMA_ECHO_TOOL = 'json_schema_echo'
const SCHEMA_FOCAL_TOOL = 'json_schema_2020_12_tool'

/**
 * Arguments for a tool from its schema: the suite's `add_numbers` gets {a: 5, b: 3}, its schema echo
 * tool the listed inputSchema of the focal tool (as Keel holds it); otherwise required fields get
 * small plain values.
 */
export function conformanceArguments(
  tool: McpListedTool,
  listed: readonly McpListedTool[] = [],
): Record<string, unknown> {
  if (tool.name === 'add_numbers') return { a: 5, b: 3 }
  const focal = listed.find((candidate) => candidate.name === SCHEMA_FOCAL_TOOL)
  if (tool.name === SCHEMA_ECHO_TOOL && focal) return { schema: focal.inputSchema }
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>
  const required = Array.isArray(tool.inputSchema.required)
    ? (tool.inputSchema.required as unknown[]).filter((key): key is string => typeof key === 'string')
    : []
  const args: Record<string, unknown> = {}
  for (const key of required) args[key] = sampleValue(properties[key] ?? {})
  return args
}

function sampleValue(schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  switch (schema.type) {
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return {}
    default:
      return 'test'
  }
}

/** Accepts the form with every field's default (SEP-1034), and a plain value for a required field without one. */
export async function answerWithDefaults(request: ElicitationRequest): Promise<ElicitationAnswer> {
  const properties = (request.requestedSchema.properties ?? {}) as Record<string, Record<string, unknown>>
  const required = new Set(
    Array.isArray(request.requestedSchema.required) ? (request.requestedSchema.required as string[]) : [],
  )
  const content: Record<string, string | number | boolean | string[]> = {}
  for (const [key, schema] of Object.entries(properties)) {
    if (!('default' in schema) && !required.has(key)) continue
    const value = sampleValue(schema)
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') content[key] = value
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) content[key] = value
  }
  return { action: 'accept', content }
}

function describe(outcome: McpCallOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return `${outcome.result.isError ? 'error result' : 'result'} ${JSON.stringify(outcome.result.content).slice(0, 200)}`
    case 'rejected':
      return `rejected ${outcome.code} ${outcome.message}`
    case 'not-sent':
      return `not sent: ${outcome.message}`
    case 'unknown':
      return `unknown (${outcome.reason}): ${outcome.message}`
  }
}
