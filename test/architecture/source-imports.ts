// Every import in src/ — static, `export … from`, dynamic import and require — read from the
// source text (shared by the architecture tests).
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'

const root = join(import.meta.dirname, '../..')

export interface Import {
  /** The importing file, e.g. `src/main/index.ts`. */
  file: string
  /** What it imports: a repository path without extension for `./…` specifiers, else the specifier. */
  target: string
  /** `import type` / `export type`, or every name marked `type`: erased from the built code. */
  typeOnly: boolean
}

const STATIC =
  /^[ \t]*(import|export)\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+['"]([^'"]+)['"]/gm
const BARE = /^[ \t]*import\s+['"]([^'"]+)['"]/gm
const CALLED = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g

export function importsOf(file: string, text: string): Import[] {
  const resolve = (specifier: string) =>
    specifier.startsWith('.') ? posix.join(posix.dirname(file), specifier).replace(/\.(d\.)?tsx?$/, '') : specifier
  const erased = (names: string) =>
    names.startsWith('{') &&
    /\btype\s/.test(names) &&
    names
      .slice(1, -1)
      .split(',')
      .every((name) => /^\s*(type\s|$)/.test(name))
  return [
    ...[...text.matchAll(STATIC)].map((m) => ({
      file,
      target: resolve(m[4]!),
      typeOnly: m[2] !== undefined || erased(m[3]!),
    })),
    ...[...text.matchAll(BARE), ...text.matchAll(CALLED)].map((m) => ({
      file,
      target: resolve(m[1]!),
      typeOnly: false,
    })),
  ]
}

/** Every source file under src/, as a repository path (`src/main/index.ts`). */
export const files: readonly string[] = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .map((path) => `src/${path.split('\\').join('/')}`)
  .filter((path) => /\.(m?ts|tsx)$/.test(path))

export const imports: readonly Import[] = files.flatMap((file) =>
  importsOf(file, readFileSync(join(root, file), 'utf8')),
)

/** A source file's repository path without its extension (how import targets are written). */
export const moduleOf = (file: string): string => file.replace(/\.(d\.)?(m?ts|tsx)$/, '')
