import { join } from 'node:path'

/**
 * Where the better-sqlite3 addon built for an Electron ABI lives, beside (never instead of) the
 * Node build in `node_modules/better-sqlite3/build`. One `node_modules` can then serve vitest and
 * the CLI (Node's ABI) and the desktop app (Electron's) without rebuilding back and forth.
 * `scripts/build-electron-addon.mjs` writes it; the Electron shell loads it when it exists.
 */
export function electronAddonPath(projectRoot: string, abi: string | number): string {
  return join(projectRoot, 'node_modules', '.keel-native', `better_sqlite3-electron-abi${abi}.node`)
}
