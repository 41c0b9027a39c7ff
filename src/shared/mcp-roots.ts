// A server's roots: the folders the user allowed it to work in (MCP `roots/list`). None by default:
// a server with no roots is not even told Keel supports roots. Pure and without zod (the window
// imports it): the window checks what the user typed with the rules the stored list's schema
// (mcp-server-schema.ts) applies; the core also checks that an added folder exists.

/** At most this many roots per server, each at most this long. */
export const MCP_ROOTS_MAX = 64
export const MCP_ROOT_PATH_MAX = 4096

/** An absolute path on POSIX (`/home/u`) or Windows (`C:\work`, `\\server\share`). */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/

/** Why a typed folder cannot be a root, or undefined when its form is fine. */
export type McpRootProblem = 'empty' | 'not-absolute' | 'too-long' | 'control-character'

export function mcpRootProblem(path: string): McpRootProblem | undefined {
  if (path.trim() === '') return 'empty'
  if (path.length > MCP_ROOT_PATH_MAX) return 'too-long'
  // A NUL cuts the path short at the OS; other control characters are never part of a picked folder.
  if (/[\u0000-\u001F\u007F]/.test(path)) return 'control-character'
  if (!ABSOLUTE.test(path)) return 'not-absolute'
  return undefined
}

/** Two spellings of one folder (`/a/b/` and `/a/b`) are the same root. */
export function mcpRootKey(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/[\\/]+$/, '') : path
  return trimmed === '' || /^[A-Za-z]:$/.test(trimmed) ? `${trimmed}/` : trimmed
}
