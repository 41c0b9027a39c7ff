// `keel mcp login <server>` and `keel mcp logout <server>`: OAuth sign-in to a remote MCP server
// through the system browser and a loopback redirect (`--no-browser` prints the address instead).
// Nothing printed here holds a token: the sign-in is described by its issuer, scope and expiry.
import { parseArgs } from 'node:util'
import { defaultDatabasePath } from '../main/data-dir'
import { prepareMcpStartup } from '../main/mcp/mcp-startup'
import { describeOAuthState, findMcpServer, signInToMcpServer, signOutOfMcpServer } from '../main/mcp/mcp-oauth-login'
import { McpOAuthVault } from '../main/mcp/mcp-oauth-vault'
import { McpSecrets } from '../main/mcp/mcp-secrets'
import { createMemoryKeyVault, type KeyVault } from '../main/secrets/key-vault'
import { CliUsageError } from './cli-usage-error'
import { MCP_USAGE } from './mcp-usage'
import { openInBrowser } from './open-browser'
import { openStoreForCli } from './open-store'

export interface McpLoginIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
  /** Tests: the "browser" (default: the system's). */
  openUrl?: ((url: URL) => Promise<void>) | undefined
  /** Tests: where the sign-in is kept (default: this process's memory, like every CLI secret). */
  vault?: KeyVault | undefined
  /** Tests: how long to wait for the browser (ms). */
  signInTimeoutMs?: number | undefined
}

export async function runMcpLogin(sub: 'login' | 'logout', argv: string[], io: McpLoginIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        db: { type: 'string' },
        'mcp-config': { type: 'string' },
        'no-browser': { type: 'boolean' },
        'client-id': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${MCP_USAGE}`)
  }
  const { values: flags, positionals } = parsed
  if (positionals.length !== 1) throw new CliUsageError(`${sub} takes one server (its id or name)\n${MCP_USAGE}`)
  const vault = io.vault ?? createMemoryKeyVault()
  const store = openStoreForCli(flags.db ?? defaultDatabasePath(io.env), { create: true })
  try {
    const startup = await prepareMcpStartup({
      store,
      flag: flags['mcp-config'],
      env: io.env,
      resolveLoginPath: async () => undefined,
    })
    if (!startup.ok) throw new CliUsageError(startup.message)
    const found = findMcpServer(store, startup.fileServers, new McpSecrets(vault), positionals[0]!)
    if (!found.ok) throw new CliUsageError(found.message)
    const oauthVault = new McpOAuthVault(vault)
    if (sub === 'logout') {
      const result = await signOutOfMcpServer(oauthVault, found.config.id)
      if (!result.ok) {
        io.stderr.write(`keel: ${result.message}\n`)
        return 1
      }
      io.stdout.write(`Signed out of ${found.config.name}: Keel forgot its tokens.\n`)
      return 0
    }
    const noBrowser = flags['no-browser'] === true
    const openUrl =
      io.openUrl ??
      (async (url: URL) => {
        if (!noBrowser) {
          try {
            await openInBrowser(url.href)
            io.stderr.write(`Signing in to ${found.config.name} in your browser…\n`)
            return
          } catch {
            // No browser to open: say where to go instead.
          }
        }
        io.stderr.write(
          `Open this address in a browser on this computer to sign in to ${found.config.name}:\n${url.href}\n`,
        )
      })
    const clientSecret = io.env.KEEL_MCP_CLIENT_SECRET
    const result = await signInToMcpServer({
      config: found.config,
      headers: found.headers,
      vault: oauthVault,
      openUrl,
      timeoutMs: io.signInTimeoutMs,
      preRegistered: flags['client-id'] ? { clientId: flags['client-id'], clientSecret } : undefined,
    })
    if (!result.ok) {
      io.stderr.write(`keel: sign-in to ${found.config.name} failed: ${result.message}\n`)
      return 1
    }
    if (result.state.state === 'signed-out') {
      io.stdout.write(`${result.serverName} did not ask for a sign-in: it is ready without one.\n`)
      return 0
    }
    io.stdout.write(`${result.serverName}: ${describeOAuthState(result.state)}.\n`)
    return 0
  } finally {
    store.close()
  }
}
