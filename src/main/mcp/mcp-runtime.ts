// Keel's MCP parts put together: the hub over real connections (McpConnection), the tool adapter
// (Ajv-checked arguments, outcomes, results), definition hashes, provider names and consent.
import { dirname, join, resolve } from 'node:path'
import type { McpServerConfig } from '../../shared/mcp'
import type { McpPinStore } from '../db/mcp-pin-store'
import { McpConnection, type McpConnectionOptions } from './mcp-connection'
import { mcpDefinitionHash } from './mcp-definition-hash'
import { resolveCommand } from './mcp-environment'
import { McpHub, type McpLaunchDescription } from './mcp-hub'
import { KeelOAuthProvider } from './mcp-oauth-provider'
import type { McpOAuthVault } from './mcp-oauth-vault'
import { assignMcpProviderNames } from './mcp-provider-names'
import { mcpFingerprint } from './mcp-server-config'
import { toKeelTool } from './mcp-tool-adapter'

export interface McpRuntimeOptions {
  pins: McpPinStore
  /**
   * The login shell's PATH (resolved once at startup by the launcher: `loginShellPath()`), where
   * stdio commands are looked up and what they run with; absent: Keel's own PATH. The command line
   * shown for consent and the one run are resolved on the same PATH.
   */
  loginPath?: string | undefined
  connection?: McpConnectionOptions | undefined
  log?: ((message: string) => void) | undefined
  /** Where stdio servers without a `cwd` run, one folder each (see {@link mcpServersDir}). */
  serversDir?: string | undefined
  /**
   * OAuth sign-ins of remote servers (the key vault). A server started here uses and renews its
   * saved tokens but never opens a browser: one that needs a new sign-in fails until the user signs in.
   */
  oauthVault?: McpOAuthVault | undefined
}

/** `mcp-servers/` next to the store's file (Keel's data folder); none for an in-memory store. */
export function mcpServersDir(databasePath: string): string | undefined {
  if (databasePath === '' || databasePath === ':memory:' || databasePath.startsWith('file:')) return undefined
  return join(dirname(resolve(databasePath)), 'mcp-servers')
}

export function createMcpHub(options: McpRuntimeOptions): McpHub {
  return new McpHub({
    pins: options.pins,
    connect: (spec) =>
      new McpConnection(spec, {
        loginPath: async () => options.loginPath,
        ...options.connection,
        ...(options.oauthVault && spec.transport !== 'stdio'
          ? {
              oauth: new KeelOAuthProvider({
                serverId: spec.id,
                vault: options.oauthVault,
                mode: { kind: 'background' },
              }),
            }
          : {}),
      }),
    toTool: (input) => {
      const adapted = toKeelTool(input)
      return adapted.ok ? adapted.tool : { refused: adapted.reason }
    },
    definitionHash: mcpDefinitionHash,
    providerNames: assignMcpProviderNames,
    describeLaunch: (config) => describeLaunch(config, options.loginPath),
    fingerprint: (config, launch) => mcpFingerprint(config, launch.argv),
    ...(options.log ? { log: options.log } : {}),
    serversDir: options.serversDir,
  })
}

/**
 * What the user agrees to run: for stdio the executable as the OS will find it (on the server's own
 * PATH if its env sets one, else the login shell's, else Keel's) and every argument; for HTTP the URL.
 */
export function describeLaunch(config: McpServerConfig, loginPath: string | undefined): McpLaunchDescription {
  if (config.transport !== 'stdio') return { commandLine: config.url ?? '', cwd: undefined }
  const command = config.command ?? ''
  const path = loginPath ?? process.env.PATH
  const resolved = resolveCommand(command, path, config.cwd ? { cwd: config.cwd } : {})
  const argv = [resolved ?? command, ...(config.args ?? [])]
  const shown = argv.map(quoteForDisplay).join(' ')
  return { commandLine: resolved ? shown : `${shown}  (${command} was not found on PATH)`, argv, cwd: config.cwd }
}

/** POSIX-shell style quoting, for reading only (Keel never runs a shell): what you see is each exact argument. */
function quoteForDisplay(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg
  return `'${arg.replace(/'/g, `'\\''`)}'`
}
