// `keel mcp roots <server> [--add DIR]… [--remove DIR]…`: shows or edits the folders a saved MCP
// server may work in (its roots), checked as the window's edits are. No server is started: the new
// list reaches a running Keel's server when it next reads its settings (a restart), and `keel chat`
// uses it at once.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { McpServerConfig } from '../shared/mcp'
import { mcpRootKey } from '../shared/mcp-roots'
import { defaultDatabasePath } from '../main/data-dir'
import { checkMcpRoots } from '../main/mcp/mcp-roots'
import { CliUsageError } from './cli-usage-error'
import { MCP_USAGE } from './mcp-usage'
import { openStoreForCli } from './open-store'

export interface McpRootsIo {
  stdout: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
  /** Where relative folders are resolved from (default: the process's working folder). */
  cwd?: string | undefined
}

export function runMcpRoots(args: string[], io: McpRootsIo): number {
  let parsed
  try {
    parsed = parseArgs({
      args,
      options: {
        add: { type: 'string', multiple: true },
        remove: { type: 'string', multiple: true },
        db: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${MCP_USAGE}`)
  }
  const { values: flags, positionals } = parsed
  if (positionals.length !== 1) throw new CliUsageError(`roots takes one server (its id or name)\n${MCP_USAGE}`)
  const which = positionals[0]!
  const store = openStoreForCli(flags.db ?? defaultDatabasePath(io.env), { create: true })
  try {
    const read = store.settings.get('mcpServers')
    if (!read.ok) throw new CliUsageError(read.error.message)
    const saved = read.value as McpServerConfig[]
    const server = saved.find((config) => config.id === which || config.name === which)
    if (!server)
      throw new CliUsageError(
        `no saved MCP server "${which}" (servers: ${saved.map((config) => config.id).join(', ') || 'none'}; a --mcp-config server's roots are not kept)`,
      )
    const current = server.roots ?? []
    const cwd = io.cwd ?? process.cwd()
    const adds = (flags.add ?? []).map((path) => resolve(cwd, path))
    const removes = new Set((flags.remove ?? []).map((path) => mcpRootKey(resolve(cwd, path))))
    if (adds.length > 0 || removes.size > 0) {
      const missing = [...removes].filter((key) => !current.some((root) => mcpRootKey(root) === key))
      if (missing.length > 0) throw new CliUsageError(`not a root of ${server.name}: ${missing.join(', ')}`)
      const checked = checkMcpRoots([...current.filter((root) => !removes.has(mcpRootKey(root))), ...adds], current)
      if (!checked.ok) throw new CliUsageError(checked.message)
      const next = saved.map((config) => (config.id === server.id ? withRoots(config, checked.roots) : config))
      const written = store.settings.set('mcpServers', next)
      if (!written.ok) throw new CliUsageError(written.error.message)
      writeRoots(io, server.name, checked.roots)
      return 0
    }
    writeRoots(io, server.name, current)
    return 0
  } finally {
    store.close()
  }
}

function withRoots(config: McpServerConfig, roots: string[]): McpServerConfig {
  const { roots: _old, ...rest } = config
  return roots.length > 0 ? { ...rest, roots } : rest
}

function writeRoots(io: McpRootsIo, name: string, roots: readonly string[]): void {
  if (roots.length === 0) {
    io.stdout.write(`${name} may use no folders (it is not told Keel has roots).\n`)
    return
  }
  io.stdout.write(`${name} may use ${roots.length === 1 ? 'this folder' : 'these folders'}:\n`)
  for (const root of roots) io.stdout.write(`  ${root}\n`)
}
