import { parseArgs } from 'node:util'
import type { McpServerStatus, McpServerView } from '../shared/mcp'
import { mcpHeaderFaultText } from '../shared/mcp-dropped-tools'
import { McpCommands } from '../main/app/mcp-commands'
import { createMemoryKeyVault } from '../main/secrets/key-vault'
import { ProviderKeys } from '../main/secrets/provider-keys'
import { defaultDatabasePath } from '../main/data-dir'
import type { KeelStore } from '../main/db/keel-store'
import { runConformanceClient } from '../main/mcp/mcp-conformance-client'
import { createMcpHub, mcpServersDir } from '../main/mcp/mcp-runtime'
import { describeFileReport, prepareMcpStartup } from '../main/mcp/mcp-startup'
import { CliUsageError } from './cli-usage-error'
import { MCP_USAGE } from './mcp-usage'
import { openStoreForCli } from './open-store'

export interface McpCliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
  /** Tests: how long to wait for servers to start (default: each server's own start deadline, then one listing). */
  startTimeoutMs?: number
}

export async function runMcp(argv: string[], io: McpCliIo): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === 'conformance-client') {
    const url = rest.at(-1)
    if (!url || !/^https?:\/\//.test(url))
      throw new CliUsageError(`conformance-client needs the server URL as its last argument\n${MCP_USAGE}`)
    return runConformanceClient(url, io.env as NodeJS.ProcessEnv)
  }
  if (sub === 'roots') {
    const { runMcpRoots } = await import('./mcp-roots-command')
    return runMcpRoots(rest, io)
  }
  if (sub === 'registry') {
    const { runMcpRegistry } = await import('./mcp-registry-command')
    return runMcpRegistry(rest, io)
  }
  if (sub === 'login' || sub === 'logout') {
    const { runMcpLogin } = await import('./mcp-login-command')
    return runMcpLogin(sub, rest, io)
  }
  if (sub !== 'list' && sub !== 'accept' && sub !== 'resources' && sub !== 'prompts')
    throw new CliUsageError(
      `${sub === undefined ? 'missing' : `unknown`} mcp command${sub ? ` "${sub}"` : ''}\n${MCP_USAGE}`,
    )
  let parsed
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        json: { type: 'boolean' },
        db: { type: 'string' },
        'mcp-config': { type: 'string' },
        watch: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${MCP_USAGE}`)
  }
  const { values: flags, positionals } = parsed
  if (sub !== 'list' && positionals.length !== 1)
    throw new CliUsageError(`${sub} takes one server (its id or name)\n${MCP_USAGE}`)
  if (sub === 'list' && positionals.length > 0) throw new CliUsageError(`list takes no server\n${MCP_USAGE}`)
  if (flags.watch !== undefined && sub !== 'resources')
    throw new CliUsageError(`--watch is for resources <server> --watch <uri>\n${MCP_USAGE}`)

  const store = openStoreForCli(flags.db ?? defaultDatabasePath(io.env), { create: true })
  try {
    const session = await openMcpForCli(store, io, flags['mcp-config'])
    try {
      const views = session.commands.hub.views()
      if (sub === 'list') return list(views, io, flags.json === true)
      if (sub === 'resources' || sub === 'prompts') {
        const { findServer, printPrompts, printResources } = await import('./mcp-features-command')
        const view = findServer(views, positionals[0]!)
        if (flags.watch !== undefined) {
          const { watchResource } = await import('./mcp-watch-command')
          return await watchResource(session.hub, view, flags.watch, io, flags.json === true)
        }
        const print = sub === 'resources' ? printResources : printPrompts
        return await print(session.hub, view, io, flags.json === true)
      }
      return await accept(session.commands, views, positionals[0]!, io)
    } finally {
      await session.close()
    }
  } finally {
    store.close()
  }
}

/** The MCP servers of a CLI run: started, settled, and closed (their process trees) after. */
export async function openMcpForCli(
  store: KeelStore,
  io: McpCliIo,
  configFlag: string | undefined,
  keys = new ProviderKeys(io.env, createMemoryKeyVault()),
) {
  const startup = await prepareMcpStartup({ store, flag: configFlag, env: io.env })
  if (!startup.ok) throw new CliUsageError(startup.message)
  if (startup.file) for (const line of describeFileReport(startup.file)) io.stderr.write(`[keel] ${line}\n`)
  const hub = createMcpHub({
    pins: store.mcpPins,
    loginPath: startup.loginPath,
    serversDir: mcpServersDir(store.path),
    log: (message) => io.stderr.write(`[keel] ${message}\n`),
  })
  const commands = new McpCommands(store, keys, hub, startup.fileServers)
  commands.sync()
  // No fixed wait: each server fails at its own start deadline, so this ends when the slowest has.
  await hub.whenSettled(io.startTimeoutMs)
  return { commands, hub, keys, close: () => hub.close() }
}

/** A server's state in one line (`failed: <reason>`). */
export function statusText(status: McpServerStatus): string {
  switch (status.state) {
    case 'ready':
      return `ready (protocol ${status.protocolVersion}${status.serverName ? `, ${status.serverName}${status.serverVersion ? ` ${status.serverVersion}` : ''}` : ''})`
    case 'failed':
      return `failed: ${status.reason}`
    case 'needs-consent':
      return 'not started: agree to run it in Keel’s Settings first'
    default:
      return status.state
  }
}

function list(views: McpServerView[], io: McpCliIo, json: boolean): number {
  if (json) {
    io.stdout.write(`${JSON.stringify(views, null, 2)}\n`)
  } else if (views.length === 0) {
    io.stdout.write('No MCP servers are configured (add them in Settings, or pass --mcp-config FILE).\n')
  } else {
    for (const view of views) {
      io.stdout.write(
        `${view.config.name} [${view.config.id}, ${view.origin === 'file' ? 'from the config file' : 'saved'}]: ${statusText(view.status)}\n`,
      )
      io.stdout.write(`  runs: ${view.commandLine}\n`)
      if (view.envKeys.length > 0) io.stdout.write(`  env: ${view.envKeys.join(', ')}\n`)
      for (const missing of view.missingValues)
        io.stdout.write(
          `  missing value: ${missing.where} ${missing.key}${missing.placeholder ? ` (${missing.placeholder})` : ''}\n`,
        )
      for (const tool of view.tools) {
        const effect = tool.effect === 'none' ? 'trusted read (runs without asking)' : 'asks first'
        const state = tool.refused
          ? `not offered: ${tool.refused}`
          : !tool.enabled
            ? 'turned off'
            : tool.pin === 'accepted'
              ? 'accepted'
              : `${tool.pin}: withheld until accepted (keel mcp accept ${view.config.id})`
        io.stdout.write(`  ${tool.providerName || tool.name}  ${effect}  ${state}\n`)
      }
      for (const dropped of view.droppedTools ?? [])
        io.stdout.write(`  ${dropped.name}  left out: ${mcpHeaderFaultText(dropped.fault)}\n`)
      io.stdout.write(
        `  offered to the model: ${view.offered.tools} tools, about ${view.offered.estimatedTokens} tokens\n`,
      )
      if (view.config.roots?.length) io.stdout.write(`  roots: ${view.config.roots.join(', ')}\n`)
      if (view.instructions)
        io.stdout.write(
          `  instructions: ${view.instructions.text.length} characters, ${
            view.instructions.send === 'on'
              ? 'sent to the model'
              : view.instructions.send === 'changed'
                ? 'changed since you turned them on: not sent until you turn them on again in Settings'
                : 'not sent to the model (turn on in Settings)'
          }\n`,
        )
    }
  }
  return views.some((view) => view.status.state === 'failed') ? 1 : 0
}

async function accept(commands: McpCommands, views: McpServerView[], which: string, io: McpCliIo): Promise<number> {
  const view = views.find((candidate) => candidate.config.id === which || candidate.config.name === which)
  if (!view)
    throw new CliUsageError(
      `no MCP server "${which}" (servers: ${views.map((candidate) => candidate.config.id).join(', ') || 'none'})`,
    )
  if (view.status.state !== 'ready') {
    io.stderr.write(
      `keel: ${view.config.name} is not running (${statusText(view.status)}): its tools cannot be listed\n`,
    )
    return 1
  }
  // A definition Keel refused to keep (no hash) cannot be accepted: `list` says why.
  const pending = view.tools.filter((tool) => tool.pin !== 'accepted' && tool.definitionHash !== '')
  if (pending.length === 0) {
    io.stdout.write(`Nothing to accept: every tool of ${view.config.name} is the one accepted.\n`)
    return 0
  }
  for (const tool of pending) {
    io.stdout.write(`${tool.pin === 'new' ? 'New tool' : 'Changed tool'}: ${tool.name}\n`)
    for (const line of definitionChanges(tool.acceptedDefinition, tool.definition)) io.stdout.write(`  ${line}\n`)
  }
  const result = await commands.acceptTools({
    serverId: view.config.id,
    tools: Object.fromEntries(pending.map((tool) => [tool.name, tool.definitionHash])),
  })
  if (!result.ok) {
    io.stderr.write(`keel: ${result.error.message}\n`)
    return 1
  }
  io.stdout.write(
    `Accepted ${pending.length} tool definition${pending.length === 1 ? '' : 's'} of ${view.config.name}.\n`,
  )
  return 0
}

/** Which top-level fields of a definition changed, with their old and new values (JSON). */
function definitionChanges(before: Record<string, unknown> | undefined, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].sort()
  const lines: string[] = []
  for (const key of keys) {
    const old = before?.[key] === undefined ? undefined : JSON.stringify(before[key])
    const now = after[key] === undefined ? undefined : JSON.stringify(after[key])
    if (old === now) continue
    if (old !== undefined) lines.push(`- ${key}: ${old}`)
    if (now !== undefined) lines.push(`+ ${key}: ${now}`)
  }
  return lines
}
