// Import from the de-facto MCP config JSON: `mcpServers` (Claude Desktop, Cursor, Cline, …) or
// `servers` (VS Code). Only that key is read; every other top-level key (`preferences`, `inputs`,
// `globalShortcut`, …) is ignored. Per entry:
// - `command`, `args`, `env`, `cwd` (stdio); `url`, `headers` (http/sse); `type`: `stdio`;
//   `http` | `streamable-http` | `streamableHttp` → Streamable HTTP; `sse` → legacy HTTP+SSE; absent:
//   `command` → stdio, `url` → http (both without a `type`: skipped, the user says which);
// - Keel's own options `disabled` (boolean), `timeout` (ms, 1000–600000) and `trustReadOnlyHints`
//   (boolean);
// - any other key is kept as it was in `extra`.
// `${…}` placeholders (`${env:X}`, `${input:x}`, `${X}`, `${workspaceFolder}`, …) are never resolved
// or imported: in an env value or header the key is kept without a value (reported unresolved; the
// window shows it as missing); in `command`, `args`, `cwd` or `url` the entry cannot run as written
// and is skipped (reported in both `skipped` and `unresolved`).
// Every env value and header value comes back in `secrets` (for the key vault), never in `config`.
// A name already used (by a saved server, or earlier in the same text) is skipped with the reason,
// not renamed: a second "filesystem" is more likely the same server pasted again than a new one.
// An entry with a bad field is skipped with the reason; the others are still imported.
import type { McpImportReport, McpServerConfig, McpTransport } from '../../shared/mcp'
import { MCP_MAX_TIMEOUT_MS, mcpServerId } from '../../shared/mcp'
import {
  MCP_ARGS_MAX,
  MCP_ENV_KEY_PATTERN,
  MCP_HEADER_NAME_PATTERN,
  MCP_KEY_MAX,
  MCP_MIN_TIMEOUT_MS,
  MCP_NAME_MAX,
  MCP_TEXT_MAX,
  MCP_VALUE_MAX,
  mcpServerConfigSchema,
} from '../../shared/mcp-server-schema'
import type { McpSecretValues } from './mcp-secrets'

/** One imported server: its config (no values) and its env values and headers, for the vault. */
export interface McpImportedServer {
  config: McpServerConfig
  secrets: McpSecretValues
}

/** Why nothing could be imported (an entry's problem only skips that entry: see the report). */
export type McpConfigParseError =
  /** `position` (0-based), `line` and `column` (1-based) when the parser said where. */
  | {
      kind: 'not-json'
      message: string
      position: number | undefined
      line: number | undefined
      column: number | undefined
    }
  | { kind: 'not-an-object'; message: string }
  | { kind: 'no-servers-key'; message: string }
  | { kind: 'servers-not-an-object'; message: string; readKey: 'mcpServers' | 'servers' }

export type McpConfigParseResult =
  | { ok: true; servers: McpImportedServer[]; report: McpImportReport }
  | { ok: false; error: McpConfigParseError }

type Unresolved = McpImportReport['unresolved'][number]
type Where = Unresolved['where']

const KNOWN_KEYS = new Set([
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'type',
  'disabled',
  'timeout',
  'trustReadOnlyHints',
])

const TRANSPORTS: Readonly<Record<string, McpTransport>> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
}

/**
 * `${…}`; an unterminated `${` counts too (it is not a value either) but only those two characters
 * are kept: the text after it may be part of a real value.
 */
const PLACEHOLDER = /\$\{(?:[^}]*\})?/g

/** The placeholders in a value, joined (`${env:A} ${env:B}`), or undefined when there are none. */
export function findPlaceholders(value: string): string | undefined {
  const found = value.match(PLACEHOLDER)
  return found ? found.join(' ') : undefined
}

/**
 * Parses pasted or read config text. `existing`: the servers already saved (their names are taken;
 * their ids too, so new ids stay unique).
 */
export function parseMcpConfigJson(
  text: string,
  existing: ReadonlyArray<Pick<McpServerConfig, 'id' | 'name'>> = [],
): McpConfigParseResult {
  // A byte-order mark is what Windows editors put first; it is not part of the JSON.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  let parsed: unknown
  try {
    parsed = JSON.parse(source)
  } catch (error) {
    return { ok: false, error: notJson(source, error) }
  }
  if (!isPlainObject(parsed))
    return {
      ok: false,
      error: {
        kind: 'not-an-object',
        message: 'The text is JSON but not an object; expected { "mcpServers": { … } } or { "servers": { … } }.',
      },
    }
  const readKey = Object.hasOwn(parsed, 'mcpServers')
    ? 'mcpServers'
    : Object.hasOwn(parsed, 'servers')
      ? 'servers'
      : undefined
  if (readKey === undefined) {
    return {
      ok: false,
      error: {
        kind: 'no-servers-key',
        message:
          'No "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) key was found, so there is nothing to import.',
      },
    }
  }
  const entries = parsed[readKey]
  if (!isPlainObject(entries)) {
    return {
      ok: false,
      error: {
        kind: 'servers-not-an-object',
        readKey,
        message: `"${readKey}" must be an object of servers by name ({ "name": { "command": … } }).`,
      },
    }
  }

  const names = new Set(existing.map((server) => server.name))
  const ids = new Set(existing.map((server) => server.id))
  const report: McpImportReport = { added: [], skipped: [], unresolved: [], readKey }
  const servers: McpImportedServer[] = []
  for (const [rawName, raw] of Object.entries(entries)) {
    const name = rawName.trim()
    const skip = (reason: string) => report.skipped.push({ name: rawName, reason })
    if (name.length === 0) {
      skip('The server has no name.')
      continue
    }
    if (name.length > MCP_NAME_MAX) {
      skip(`The name is longer than ${MCP_NAME_MAX} characters.`)
      continue
    }
    if (names.has(name)) {
      skip(`A server named "${name}" already exists; remove or rename it first to import this one.`)
      continue
    }
    const entry = readEntry(name, raw)
    report.unresolved.push(...entry.unresolved)
    if (!entry.ok) {
      skip(entry.reason)
      continue
    }
    const id = uniqueId(mcpServerId(name), ids)
    const checked = mcpServerConfigSchema.safeParse({ id, name, ...entry.config })
    if (!checked.success) {
      // The field checks above mirror the stored schema; this is the net under them.
      skip(
        `Not a valid server: ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ')}`,
      )
      continue
    }
    names.add(name)
    ids.add(id)
    servers.push({ config: checked.data, secrets: entry.secrets })
    report.added.push(name)
  }
  return { ok: true, servers, report }
}

type EntryResult =
  | { ok: true; config: Omit<McpServerConfig, 'id' | 'name'>; secrets: McpSecretValues; unresolved: Unresolved[] }
  | { ok: false; reason: string; unresolved: Unresolved[] }

/** Thrown inside {@link readEntry} only, for a field that makes the entry unusable. */
class BadField extends Error {}

function readEntry(server: string, raw: unknown): EntryResult {
  const unresolved: Unresolved[] = []
  const blockers: string[] = []
  if (!isPlainObject(raw)) return { ok: false, reason: 'The entry is not an object.', unresolved }
  // JSON.parse makes `__proto__` an own key, but no object Keel builds or validates would keep it.
  if (Object.hasOwn(raw, '__proto__'))
    return { ok: false, reason: 'The entry has a key named "__proto__".', unresolved }
  // A placeholder where the server's own program, arguments, folder or address go: it cannot run as written.
  const runnable = (where: Where, key: string, value: string): string => {
    const placeholder = findPlaceholders(value)
    if (placeholder !== undefined) {
      unresolved.push({ server, where, key, placeholder })
      blockers.push(`${where === 'args' ? `args[${key}]` : where} has the unresolved placeholder ${placeholder}`)
    }
    return value
  }
  try {
    const command = optional(raw, 'command', (value) =>
      runnable('command', 'command', text(value, 'command', { trim: true })),
    )
    const args = optional(raw, 'args', (value) => {
      if (!Array.isArray(value)) throw new BadField('"args" must be an array of strings.')
      if (value.length > MCP_ARGS_MAX) throw new BadField(`"args" has more than ${MCP_ARGS_MAX} items.`)
      return value.map((item: unknown, index) =>
        runnable('args', String(index), text(item, `args[${index}]`, { allowEmpty: true })),
      )
    })
    const cwd = optional(raw, 'cwd', (value) => runnable('cwd', 'cwd', text(value, 'cwd')))
    const url = optional(raw, 'url', (value) => runnable('url', 'url', httpUrl(value)))
    const env = optional(raw, 'env', (value) => values(server, 'env', value, unresolved))
    const headers = optional(raw, 'headers', (value) => values(server, 'headers', value, unresolved))
    const disabled = optional(raw, 'disabled', (value) => boolean(value, 'disabled'))
    const trustReadOnlyHints = optional(raw, 'trustReadOnlyHints', (value) => boolean(value, 'trustReadOnlyHints'))
    const timeoutMs = optional(raw, 'timeout', timeout)
    const transport =
      optional(raw, 'type', (value) => {
        const known = typeof value === 'string' ? TRANSPORTS[value] : undefined
        if (known === undefined)
          throw new BadField(
            `"type" ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describe(value)} is not one Keel knows (stdio, http, streamable-http, streamableHttp, sse).`,
          )
        return known
      }) ?? inferTransport(command, url)
    if (transport === 'stdio') {
      if (command === undefined) throw new BadField('A stdio server needs a "command".')
      if (url !== undefined || headers !== undefined)
        throw new BadField('A stdio server has no "url" or "headers" (give "type": "http" for a remote server).')
    } else {
      if (url === undefined) throw new BadField(`An ${transport} server needs a "url".`)
      if (command !== undefined || args !== undefined || cwd !== undefined || env !== undefined) {
        throw new BadField(
          `An ${transport} server has no "command", "args", "cwd" or "env" (give "type": "stdio" for a local one).`,
        )
      }
    }
    if (blockers.length > 0)
      return {
        ok: false,
        reason: `Not imported: ${blockers.join('; ')} (Keel never fills these in; edit the config with the real value).`,
        unresolved,
      }
    const extra = Object.fromEntries(Object.entries(raw).filter(([key]) => !KNOWN_KEYS.has(key)))
    const config: Omit<McpServerConfig, 'id' | 'name'> = {
      transport,
      ...(command !== undefined ? { command } : {}),
      ...(args !== undefined ? { args } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(env !== undefined ? { env: env.stored } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(headers !== undefined ? { headers: headers.stored } : {}),
      ...(disabled !== undefined ? { disabled } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(trustReadOnlyHints !== undefined ? { trustReadOnlyHints } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    }
    return { ok: true, config, secrets: { env: env?.secrets ?? {}, headers: headers?.secrets ?? {} }, unresolved }
  } catch (error) {
    if (error instanceof BadField) return { ok: false, reason: error.message, unresolved }
    throw error
  }
}

function inferTransport(command: string | undefined, url: string | undefined): McpTransport {
  if (command !== undefined && url !== undefined)
    throw new BadField('The entry has both "command" and "url"; add "type" ("stdio" or "http") to say which.')
  if (command !== undefined) return 'stdio'
  if (url !== undefined) return 'http'
  throw new BadField('The entry has neither "command" (a local server) nor "url" (a remote one).')
}

function optional<T>(raw: Record<string, unknown>, key: string, read: (value: unknown) => T): T | undefined {
  return Object.hasOwn(raw, key) ? read(raw[key]) : undefined
}

function text(value: unknown, field: string, options: { trim?: boolean; allowEmpty?: boolean } = {}): string {
  if (typeof value !== 'string') throw new BadField(`"${field}" must be a string, not ${describe(value)}.`)
  const out = options.trim ? value.trim() : value
  if (out.length === 0 && !options.allowEmpty) throw new BadField(`"${field}" is empty.`)
  if (out.length > MCP_TEXT_MAX) throw new BadField(`"${field}" is longer than ${MCP_TEXT_MAX} characters.`)
  return out
}

function httpUrl(value: unknown): string {
  const url = text(value, 'url', { trim: true })
  // A placeholder is reported as unresolved by the caller, not as a bad URL.
  if (findPlaceholders(url) !== undefined) return url
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new BadField('"url" is not a valid URL.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new BadField(`"url" must be http or https, not ${parsed.protocol.replace(/:$/, '')}.`)
  return url
}

function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new BadField(`"${field}" must be true or false, not ${describe(value)}.`)
  return value
}

function timeout(value: unknown): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < MCP_MIN_TIMEOUT_MS ||
    value > MCP_MAX_TIMEOUT_MS
  ) {
    // Cline writes seconds here; Keel's `timeout` is milliseconds (as LibreChat's).
    throw new BadField(
      `"timeout" must be a whole number of milliseconds from ${MCP_MIN_TIMEOUT_MS} to ${MCP_MAX_TIMEOUT_MS}, not ${describe(value)}.`,
    )
  }
  return value
}

/** env or headers: every key kept (as a vault reference), every value out to the vault; placeholders never. */
function values(server: string, where: 'env' | 'headers', value: unknown, unresolved: Unresolved[]) {
  if (!isPlainObject(value)) throw new BadField(`"${where}" must be an object of strings, not ${describe(value)}.`)
  const pattern = where === 'env' ? MCP_ENV_KEY_PATTERN : MCP_HEADER_NAME_PATTERN
  const stored: Array<[string, { secret: true; set: boolean; placeholder?: string }]> = []
  const secrets: Array<[string, string]> = []
  for (const [key, item] of Object.entries(value)) {
    if (key.length > MCP_KEY_MAX || !pattern.test(key) || key === '__proto__')
      throw new BadField(
        `${JSON.stringify(key)} is not a valid ${where === 'env' ? 'environment variable' : 'header'} name.`,
      )
    if (typeof item !== 'string') throw new BadField(`"${where}.${key}" must be a string, not ${describe(item)}.`)
    if (item.length > MCP_VALUE_MAX) throw new BadField(`"${where}.${key}" is longer than ${MCP_VALUE_MAX} characters.`)
    const placeholder = findPlaceholders(item)
    if (placeholder !== undefined) {
      // Only the placeholder is kept (it names a variable); a literal part around it could be a secret.
      unresolved.push({ server, where, key, placeholder })
      stored.push([key, { secret: true, set: false, placeholder }])
    } else {
      stored.push([key, { secret: true, set: true }])
      secrets.push([key, item])
    }
  }
  // fromEntries, not assignment: a key named `__proto__` stays a key.
  return { stored: Object.fromEntries(stored), secrets: Object.fromEntries(secrets) }
}

function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const id = `${base.slice(0, 40 - suffix.length)}${suffix}`
    if (!taken.has(id)) return id
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'text'
  return `${typeof value} ${JSON.stringify(value)}`
}

function notJson(source: string, error: unknown): McpConfigParseError {
  const detail = error instanceof Error ? error.message : String(error)
  // V8 quotes a piece of the text after the reason (`Unexpected token '}', "{"env": …" is not valid
  // JSON`): the pasted text can hold tokens that are in no redaction set yet, so only the reason is kept.
  const reason = detail.split(/, "|\s+in JSON at position/)[0]!.trim()
  const at = /at position (\d+)/.exec(detail)
  const position = at ? Number(at[1]) : /Unexpected end of JSON input/.test(detail) ? source.length : undefined
  if (position === undefined)
    return {
      kind: 'not-json',
      message: `The text is not JSON: ${reason}.`,
      position,
      line: undefined,
      column: undefined,
    }
  const before = source.slice(0, position)
  const line = before.split('\n').length
  const column = position - before.lastIndexOf('\n')
  return {
    kind: 'not-json',
    message: `The text is not JSON (line ${line}, column ${column}): ${reason}.`,
    position,
    line,
    column,
  }
}
