// The Add/Edit server form as plain data, and the `mcp.save` request it makes. Env values and
// headers are write-only: the form starts each known key with an empty value and says whether one
// is set; an empty value keeps what is stored (`null`), a typed value replaces it.
import type { CommandRequest } from '../../../../shared/ipc/app-contract'
import { MCP_MAX_TIMEOUT_MS, type McpServerView, type McpTransport, type McpValue } from '../../../../shared/mcp'

export interface ValueRow {
  /** Stable across edits (React key, field ids). */
  rowId: number
  key: string
  /** What the user typed (never the stored value). */
  value: string
  /** The key was saved before: `set` or `missing` (undefined for a new row). */
  stored: 'set' | 'missing' | undefined
  /** The saved key this row started as (renaming it makes a new key, which needs a value). */
  storedKey: string | undefined
}

export interface ServerForm {
  serverId: string | undefined
  name: string
  transport: McpTransport
  command: string
  /** One argument per line. */
  args: string
  cwd: string
  url: string
  env: ValueRow[]
  headers: ValueRow[]
  /** Whole seconds, or '' for the default. */
  timeoutSeconds: string
  trustReadOnlyHints: boolean
  /** http / sse: a client registered by hand with the sign-in server ('' for none: Keel registers one). */
  oauthClientId: string
  /** Its secret as typed (write-only: '' keeps the saved one). */
  oauthClientSecret: string
  /** The saved client id had a secret (shown as "set"; the secret itself never reaches the window). */
  oauthSecretSet: boolean
  /** The client id this form started with ('' for none). */
  savedOAuthClientId: string
}

export type SaveRequest = CommandRequest<'mcp.save'>

export type FormProblem =
  | { code: 'name-required' }
  | { code: 'command-required' }
  | { code: 'url-invalid' }
  | { code: 'timeout-invalid'; max: number }
  | { code: 'key-empty'; where: 'env' | 'headers' }
  | { code: 'key-repeated'; where: 'env' | 'headers'; key: string }
  | { code: 'value-required'; where: 'env' | 'headers'; key: string }

let nextRowId = 1
/** What a row says about its saved value: only while it still names the saved key. */
export function rowState(row: ValueRow): 'set' | 'missing' | undefined {
  return row.storedKey !== undefined && row.key.trim() === row.storedKey ? row.stored : undefined
}

export function newRow(key = '', stored: ValueRow['stored'] = undefined): ValueRow {
  return { rowId: nextRowId++, key, value: '', stored, storedKey: stored === undefined ? undefined : key }
}

const storedOf = (value: McpValue): 'set' | 'missing' => ('value' in value ? 'set' : value.set ? 'set' : 'missing')

/** An empty form (Add server), or one filled from a saved server (Edit; no values, only their state). */
export function formOf(view?: McpServerView): ServerForm {
  const config = view?.config
  const rows = (values: Record<string, McpValue> | undefined) =>
    Object.entries(values ?? {}).map(([key, value]) => newRow(key, storedOf(value)))
  return {
    serverId: config?.id,
    name: config?.name ?? '',
    transport: config?.transport ?? 'stdio',
    command: config?.command ?? '',
    args: (config?.args ?? []).join('\n'),
    cwd: config?.cwd ?? '',
    url: config?.url ?? '',
    env: rows(config?.env),
    headers: rows(config?.headers),
    timeoutSeconds: config?.timeoutMs === undefined ? '' : String(Math.round(config.timeoutMs / 1000)),
    trustReadOnlyHints: config?.trustReadOnlyHints === true,
    oauthClientId: config?.oauthClient?.clientId ?? '',
    oauthClientSecret: '',
    oauthSecretSet: config?.oauthClient?.secretSet === true,
    savedOAuthClientId: config?.oauthClient?.clientId ?? '',
  }
}

function valuesOf(
  rows: ValueRow[],
  where: 'env' | 'headers',
): { ok: true; values: Record<string, string | null> } | { ok: false; problem: FormProblem } {
  const values: Record<string, string | null> = {}
  for (const row of rows) {
    const key = row.key.trim()
    if (key === '') {
      // A row left wholly empty is no row.
      if (row.value === '' && row.storedKey === undefined) continue
      return { ok: false, problem: { code: 'key-empty', where } }
    }
    if (key in values) return { ok: false, problem: { code: 'key-repeated', where, key } }
    // A stored key renamed is a new key: it needs a value of its own.
    const keeps = row.storedKey !== undefined && key === row.storedKey
    if (row.value === '' && !keeps) return { ok: false, problem: { code: 'value-required', where, key } }
    values[key] = row.value === '' ? null : row.value
  }
  return { ok: true, values }
}

/** The `mcp.save` request for the form, or the first thing to fix. */
export function saveRequestOf(
  form: ServerForm,
): { ok: true; request: SaveRequest } | { ok: false; problem: FormProblem } {
  const name = form.name.trim()
  if (name === '') return { ok: false, problem: { code: 'name-required' } }
  const request: SaveRequest = { name, transport: form.transport, trustReadOnlyHints: form.trustReadOnlyHints }
  if (form.serverId !== undefined) request.serverId = form.serverId
  const seconds = form.timeoutSeconds.trim()
  if (seconds !== '') {
    const max = MCP_MAX_TIMEOUT_MS / 1000
    if (!/^\d+$/.test(seconds) || Number(seconds) < 1 || Number(seconds) > max)
      return { ok: false, problem: { code: 'timeout-invalid', max } }
    request.timeoutMs = Number(seconds) * 1000
  }
  if (form.transport === 'stdio') {
    const command = form.command.trim()
    if (command === '') return { ok: false, problem: { code: 'command-required' } }
    request.command = command
    // One argument per line, exactly as typed (spaces inside an argument are part of it; no shell); blank lines are not arguments.
    request.args = form.args.split(/\r?\n/).filter((line) => line.trim() !== '')
    if (form.cwd.trim() !== '') request.cwd = form.cwd.trim()
    const env = valuesOf(form.env, 'env')
    if (!env.ok) return env
    request.env = env.values
  } else {
    const url = form.url.trim()
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      return { ok: false, problem: { code: 'url-invalid' } }
    request.url = url
    const headers = valuesOf(form.headers, 'headers')
    if (!headers.ok) return headers
    request.headers = headers.values
    const clientId = form.oauthClientId.trim()
    if (clientId !== '')
      request.oauthClient = {
        clientId,
        ...(form.oauthClientSecret !== '' ? { secret: form.oauthClientSecret } : {}),
      }
    // Cleared: the saved client (and its secret) is forgotten; never entered: nothing is sent.
    else if (form.savedOAuthClientId !== '') request.oauthClient = null
  }
  return { ok: true, request }
}
