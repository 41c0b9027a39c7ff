// Roots as the MCP wire carries them (`file://` URIs with a name), and the core's check of folders
// the user adds: the form (shared rules) and that each is a folder on this machine now.
import { statSync } from 'node:fs'
import { basename, isAbsolute, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'
import { mcpRootKey, mcpRootProblem } from '../../shared/mcp-roots'

/** One entry of a `roots/list` result. */
export interface McpRoot {
  uri: string
  name: string
}

/** The roots a server is sent: each folder as a `file://` URI, named after its last part. */
export function mcpRootsForWire(paths: readonly string[]): McpRoot[] {
  return paths.map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path }))
}

export type McpRootsCheck = { ok: true; roots: string[] } | { ok: false; message: string }

/**
 * The user's new list, checked: every folder absolute (on this OS) and unique; folders not in
 * `previous` must exist as folders (one that was allowed before and has gone since can still be
 * kept or removed). Paths are normalized (`/a/./b/` → `/a/b`).
 */
export function checkMcpRoots(next: readonly string[], previous: readonly string[] = []): McpRootsCheck {
  const before = new Set(previous.map(mcpRootKey))
  const seen = new Set<string>()
  const roots: string[] = []
  for (const given of next) {
    const problem = mcpRootProblem(given)
    if (problem || !isAbsolute(given)) return { ok: false, message: `${given} is not an absolute folder path.` }
    const path = mcpRootKey(normalize(given))
    if (seen.has(path)) return { ok: false, message: `The folder ${path} is listed twice.` }
    seen.add(path)
    if (!before.has(path) && !isFolder(path)) return { ok: false, message: `There is no folder at ${path}.` }
    roots.push(path)
  }
  return { ok: true, roots }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
