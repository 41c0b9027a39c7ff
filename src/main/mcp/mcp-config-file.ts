// `--mcp-config FILE` / `KEEL_MCP_CONFIG` (the CLI and browser mode): servers for this process only,
// in the same format as an import (mcp-config-import.ts: only `mcpServers`/`servers` is read; `${…}`
// placeholders are never resolved). Nothing is saved: the configs are not written to settings and
// their env values and headers stay in this process's memory (not the vault) — hand them to
// `ProviderKeys.addSessionSecrets` (see {@link mcpFileSecretValues}) so they are scrubbed like keys.
//
// Consent: the user named the file on the command line (or in the environment they started Keel
// with), which is their agreement to run what it lists; these servers (`origin: 'file'`) start
// without the consent view. A server in the file whose name a saved server already has is skipped
// (reported), so the file never silently replaces a server the user configured in the window.
import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { McpImportReport, McpServerConfig } from '../../shared/mcp'
import { parseMcpConfigJson, type McpConfigParseError, type McpImportedServer } from './mcp-config-import'
import { mcpSecretValueList } from './mcp-secrets'

/** The environment variable that names a config file when `--mcp-config` is not given. */
export const MCP_CONFIG_ENV = 'KEEL_MCP_CONFIG'

/** The same limit as a pasted import (`mcp.import`). */
export const MCP_CONFIG_FILE_MAX_BYTES = 1_000_000

/** Why the file gave no servers; `path` is the absolute path that was tried. */
export type McpConfigFileError =
  | { kind: 'file-missing'; path: string; message: string }
  | { kind: 'file-unreadable'; path: string; message: string }
  | { kind: 'file-too-large'; path: string; message: string }
  | (McpConfigParseError & { path: string })

/** A server from the file: consented by naming the file, never saved. */
export interface McpFileServer extends McpImportedServer {
  origin: 'file'
}

export interface LoadedMcpConfigFile {
  path: string
  servers: McpFileServer[]
  report: McpImportReport
}

export type McpConfigFileResult = { ok: true; file: LoadedMcpConfigFile } | { ok: false; error: McpConfigFileError }

/** The file to read: `--mcp-config` wins over `KEEL_MCP_CONFIG`; undefined when neither is given (or empty). */
export function mcpConfigFilePath(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const chosen = flag?.trim() || env[MCP_CONFIG_ENV]?.trim()
  return chosen ? chosen : undefined
}

/**
 * Reads and parses the file (a relative path is taken from `cwd`, default the process's).
 * `existing`: the saved servers (their names are taken; see the file comment).
 */
export async function loadMcpConfigFile(
  filePath: string,
  options: {
    cwd?: string | undefined
    existing?: ReadonlyArray<Pick<McpServerConfig, 'id' | 'name'>> | undefined
  } = {},
): Promise<McpConfigFileResult> {
  const path = resolve(options.cwd ?? process.cwd(), filePath)
  let text: string
  try {
    const info = await stat(path)
    if (!info.isFile())
      return { ok: false, error: { kind: 'file-unreadable', path, message: `The MCP config ${path} is not a file.` } }
    if (info.size > MCP_CONFIG_FILE_MAX_BYTES) {
      return {
        ok: false,
        error: {
          kind: 'file-too-large',
          path,
          message: `The MCP config ${path} is ${info.size} bytes; the limit is ${MCP_CONFIG_FILE_MAX_BYTES}.`,
        },
      }
    }
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT')
      return { ok: false, error: { kind: 'file-missing', path, message: `The MCP config ${path} does not exist.` } }
    return {
      ok: false,
      error: {
        kind: 'file-unreadable',
        path,
        message: `The MCP config ${path} could not be read (${code ?? 'error'}).`,
      },
    }
  }
  const parsed = parseMcpConfigJson(text, options.existing ?? [])
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, path, message: `${path}: ${parsed.error.message}` } }
  return {
    ok: true,
    file: {
      path,
      servers: parsed.servers.map((server) => ({ ...server, origin: 'file' as const })),
      report: parsed.report,
    },
  }
}

/** Every env value and header of the file's servers, for the redaction set (`ProviderKeys.addSessionSecrets`). */
export function mcpFileSecretValues(file: LoadedMcpConfigFile): string[] {
  return file.servers.flatMap((server) => mcpSecretValueList(server.secrets))
}
