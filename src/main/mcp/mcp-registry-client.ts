// Reads one page of an MCP registry's server list (`GET {base}/v0.1/servers`): with a timeout and a
// size cap, errors as data (each worded by the window), entries read tolerantly (mcp-registry-entry.ts).
import type { Env } from '../../shared/env'
import {
  httpUrl,
  MCP_REGISTRY_DEFAULT_URL,
  type McpRegistryProblem,
  type McpRegistrySearchResponse,
} from '../../shared/mcp-registry'
import { registryServerView } from './mcp-registry-draft'
import { readRegistryEntry, registryPageSchema } from './mcp-registry-entry'

export const MCP_REGISTRY_TIMEOUT_MS = 15_000
/** A page of 100 servers is well under 1 MB; past this the answer is not a registry's page. */
export const MCP_REGISTRY_MAX_BYTES = 5 * 1024 * 1024
export const MCP_REGISTRY_PAGE_SIZE = 30

export interface McpRegistryQuery {
  search?: string | undefined
  cursor?: string | undefined
  limit?: number | undefined
}

export interface McpRegistryClientOptions {
  timeoutMs?: number
  maxBytes?: number
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/**
 * The registry to ask: `KEEL_MCP_REGISTRY_URL` (tests, a session), else the user's setting (an
 * enterprise's own registry), else the official one. Only http(s); anything else falls through.
 */
export function mcpRegistryUrl(env: Env, setting: string | null | undefined): string {
  const chosen = httpUrl(env.KEEL_MCP_REGISTRY_URL?.trim() || undefined) ?? httpUrl(setting ?? undefined)
  return (chosen ?? MCP_REGISTRY_DEFAULT_URL).replace(/\/+$/, '')
}

/** The body as text, refusing (and cancelling) it once it passes `maxBytes`. */
async function boundedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    return undefined
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** One page of servers, or why not. Never throws. */
export async function searchMcpRegistry(
  registryUrl: string,
  query: McpRegistryQuery,
  options: McpRegistryClientOptions = {},
): Promise<McpRegistrySearchResponse> {
  const timeoutMs = options.timeoutMs ?? MCP_REGISTRY_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MCP_REGISTRY_MAX_BYTES
  const url = new URL(`${registryUrl}/v0.1/servers`)
  const search = query.search?.trim()
  if (search) url.searchParams.set('search', search)
  if (query.cursor) url.searchParams.set('cursor', query.cursor)
  url.searchParams.set('limit', String(query.limit ?? MCP_REGISTRY_PAGE_SIZE))
  url.searchParams.set('version', 'latest')
  const failed = (problem: McpRegistryProblem): McpRegistrySearchResponse => ({ state: 'failed', registryUrl, problem })
  const doFetch = options.fetch ?? ((target, init) => fetch(target, init))
  const signal = AbortSignal.timeout(timeoutMs)
  let text: string | undefined
  try {
    const response = await doFetch(url.href, {
      headers: { accept: 'application/json' },
      signal,
      redirect: 'follow',
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      return failed({ code: 'http-status', status: response.status })
    }
    text = await boundedText(response, maxBytes)
  } catch {
    return signal.aborted
      ? failed({ code: 'timeout', seconds: Math.ceil(timeoutMs / 1000) })
      : failed({ code: 'unreachable' })
  }
  if (text === undefined) return failed({ code: 'too-large', maxBytes })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return failed({ code: 'not-json' })
  }
  const page = registryPageSchema.safeParse(json)
  if (!page.success) return failed({ code: 'not-registry' })
  let skipped = 0
  const servers = page.data.servers.flatMap((raw) => {
    const entry = readRegistryEntry(raw)
    if (!entry) skipped++
    return entry ? [registryServerView(entry)] : []
  })
  const nextCursor = page.data.metadata?.nextCursor
  return { state: 'found', registryUrl, servers, skipped, ...(nextCursor ? { nextCursor } : {}) }
}

/** A problem in English (the CLI, logs); the window words it in the user's language. */
export function registryProblemText(problem: McpRegistryProblem): string {
  switch (problem.code) {
    case 'unreachable':
      return 'The MCP registry could not be reached.'
    case 'timeout':
      return `The MCP registry did not answer within ${problem.seconds} s.`
    case 'http-status':
      return `The MCP registry answered with HTTP ${problem.status}.`
    case 'not-json':
      return 'The MCP registry answered with something that is not JSON.'
    case 'too-large':
      return `The MCP registry's answer was larger than ${Math.round(problem.maxBytes / 1024 / 1024)} MB.`
    case 'not-registry':
      return 'The answer is not an MCP registry server list.'
  }
}
