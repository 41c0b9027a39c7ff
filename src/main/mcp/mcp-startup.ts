// What every launcher (the desktop app, browser mode, the CLI) does before the core starts its MCP
// servers: read `--mcp-config` / `KEEL_MCP_CONFIG` (servers for this process, not saved), and
// resolve the login shell's PATH once — only when some stdio server is configured (it runs the
// user's shell rc files, which can take a while).
import type { McpServerConfig } from '../../shared/mcp'
import type { StoreReader } from '../db/keel-store'
import { readSettings } from '../settings/read-settings'
import { loadMcpConfigFile, mcpConfigFilePath, type LoadedMcpConfigFile, type McpFileServer } from './mcp-config-file'
import { loginShellPath } from './mcp-environment'

export type McpStartup =
  | { ok: true; fileServers: McpFileServer[]; loginPath: string | undefined; file: LoadedMcpConfigFile | undefined }
  | { ok: false; message: string }

export async function prepareMcpStartup(input: {
  store: StoreReader
  flag: string | undefined
  env: Readonly<Record<string, string | undefined>>
  cwd?: string | undefined
  /** Tests: no login shell. */
  resolveLoginPath?: () => Promise<string | undefined>
}): Promise<McpStartup> {
  const saved = readSettings(input.store).values.mcpServers as McpServerConfig[]
  const path = mcpConfigFilePath(input.flag, input.env)
  let file: LoadedMcpConfigFile | undefined
  if (path) {
    const loaded = await loadMcpConfigFile(path, { cwd: input.cwd, existing: saved })
    if (!loaded.ok) return { ok: false, message: loaded.error.message }
    file = loaded.file
  }
  const fileServers = file?.servers ?? []
  const anyStdio = [...saved, ...fileServers.map((server) => server.config)].some(
    (config) => config.transport === 'stdio' && !config.disabled,
  )
  const loginPath = anyStdio ? await (input.resolveLoginPath ?? loginShellPath)() : undefined
  return { ok: true, fileServers, loginPath, file }
}

/** One line per entry of the file Keel did not take, for stderr. */
export function describeFileReport(file: LoadedMcpConfigFile): string[] {
  return [
    ...file.report.skipped.map((skip) => `${file.path}: server "${skip.name}" not used: ${skip.reason}`),
    ...file.report.unresolved.map(
      (value) =>
        `${file.path}: server "${value.server}": ${value.where} ${value.key} is ${value.placeholder}, which Keel does not resolve: set the value in the file`,
    ),
  ]
}
