// `keel mcp registry [search]`: one page of the MCP registry's server list (the one KEEL_MCP_REGISTRY_URL
// or the setting names, else the official one), each server with what adding it would run. It
// adds nothing: adding is the window's (its consent screen shows the exact command first).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { McpRegistryArg, McpRegistrySearchResponse } from '../shared/mcp-registry'
import { defaultDatabasePath } from '../main/data-dir'
import { mcpRegistryUrl, registryProblemText, searchMcpRegistry } from '../main/mcp/mcp-registry-client'
import { CliUsageError } from './cli-usage-error'
import { MCP_USAGE } from './mcp-usage'
import { openStoreForCli } from './open-store'

interface RegistryCliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
}

/** The registry setting, when a store exists (this command never creates one). */
function settingOf(path: string): string | null {
  if (!existsSync(path)) return null
  const store = openStoreForCli(path, { create: false, allowReadOnly: true })
  try {
    const read = store.settings.get('mcpRegistryUrl')
    // A corrupt setting is as if unset (the official registry), as the app reads it.
    return read.ok ? read.value : null
  } finally {
    store.close()
  }
}

const argText = (arg: McpRegistryArg) =>
  arg.kind === 'text'
    ? arg.text
    : arg.kind === 'input'
      ? `<${arg.input}>`
      : arg.text.replace(/\{([^{}]+)\}/g, (whole, name: string) => (arg.inputs.includes(name) ? `<${name}>` : whole))
// Registry text goes to a terminal: control characters (escape sequences) are shown, not obeyed.
const plain = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)

function print(page: Extract<McpRegistrySearchResponse, { state: 'found' }>, io: RegistryCliIo): void {
  for (const server of page.servers) {
    io.stdout.write(
      `${plain(server.name)} ${plain(server.version)}${server.title ? ` — ${plain(server.title)}` : ''}\n`,
    )
    if (server.description) io.stdout.write(`  ${plain(server.description.slice(0, 200))}\n`)
    for (const option of server.options) {
      if (!option.usable) {
        io.stdout.write(`  ✗ ${plain(option.label)}: cannot be added (${option.reason.code})\n`)
        continue
      }
      const { draft } = option
      const what =
        draft.transport === 'stdio' ? [draft.command ?? '', ...(draft.args ?? []).map(argText)].join(' ') : draft.url
      io.stdout.write(`  + ${draft.transport}: ${plain(what ?? '')}\n`)
      const values = draft.values.map((value) => `${value.key}${value.secret ? ' (secret)' : ''}`)
      if (values.length > 0)
        io.stdout.write(`    needs ${draft.transport === 'stdio' ? 'env' : 'headers'}: ${plain(values.join(', '))}\n`)
    }
  }
  if (page.skipped > 0) io.stdout.write(`(${page.skipped} entries could not be read)\n`)
  if (page.nextCursor) io.stdout.write(`more: --cursor ${plain(page.nextCursor)}\n`)
}

export async function runMcpRegistry(argv: string[], io: RegistryCliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, cursor: { type: 'string' }, db: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${MCP_USAGE}`)
  }
  const { values: flags, positionals } = parsed
  if (positionals.length > 1) throw new CliUsageError(`registry takes at most one search text\n${MCP_USAGE}`)
  const registryUrl = mcpRegistryUrl(io.env, settingOf(flags.db ?? defaultDatabasePath(io.env)))
  const page = await searchMcpRegistry(registryUrl, { search: positionals[0], cursor: flags.cursor })
  if (flags.json) io.stdout.write(`${JSON.stringify(page, null, 2)}\n`)
  else if (page.state === 'found') print(page, io)
  if (page.state === 'failed') {
    io.stderr.write(`[keel] ${registryProblemText(page.problem)} (${registryUrl})\n`)
    return 1
  }
  return 0
}
