// The rooms of src/main and what each may use: an allow-list (as VS Code's code-import-patterns), so
// a new folder must be given a row before it can land, and no import cycle between files, `import
// type` included (a cycle of types still ties two files into one unit to read and to move).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { files, imports, moduleOf } from './source-imports'

const root = join(import.meta.dirname, '../..')

/**
 * Per folder of src/main (and src/cli, which composes them): the folders (`db`) or single files
 * (`db/sqlite-error`) of src/main it may import. src/shared is open to all. `types:` allows a folder
 * for `import type` only. `(root)` is src/main's own files (index.ts, data-dir.ts).
 */
const LAYERS: Readonly<Record<string, readonly string[]>> = {
  providers: [],
  ledger: ['db/sqlite-error'],
  db: ['ledger/tool-ledger', 'ledger/apply-once'],
  tools: ['db', 'ledger'],
  harness: ['providers', 'tools', 'db'],
  secrets: ['providers', 'types:harness'],
  settings: ['db', 'providers', 'secrets'],
  export: ['db', 'types:ledger'],
  mcp: ['tools', 'ledger', 'secrets', 'settings', 'db'],
  'web-reader': ['tools'],
  app: ['db', 'export', 'harness', 'mcp', 'providers', 'tools', 'secrets', 'settings', 'ledger', 'web-reader'],
  shell: ['app', 'secrets', 'web/static-files'],
  web: ['(root)', 'app', 'db', 'mcp', 'tools', 'secrets'],
  '(root)': ['app', 'db', 'mcp', 'shell', 'web'],
  cli: ['(root)', 'app', 'db', 'export', 'harness', 'mcp', 'providers', 'secrets', 'tools'],
}

/** The room of a repository path: a folder of src/main, `(root)`, `cli`, or undefined (not governed here). */
function roomOf(path: string): string | undefined {
  if (path.startsWith('src/cli/')) return 'cli'
  const inMain = path.match(/^src\/main\/(?:([^/]+)\/)?[^/]+$|^src\/main\/([^/]+)\//)
  if (!inMain) return undefined
  return inMain[2] ?? inMain[1] ?? '(root)'
}

function allowed(from: string, target: string, typeOnly: boolean): boolean {
  const to = roomOf(target)
  if (to === undefined || to === from) return true
  const local = target.replace(/^src\/main\//, '')
  return (LAYERS[from] ?? []).some((entry) => {
    const typesOnly = entry.startsWith('types:')
    const name = typesOnly ? entry.slice('types:'.length) : entry
    if (typesOnly && !typeOnly) return false
    return name === to || name === local
  })
}

/** Every cycle among src files, each as its files in order (Tarjan's strongly connected components). */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      for (;;) {
        const member = stack.pop()!
        onStack.delete(member)
        component.push(member)
        if (member === node) break
      }
      if (component.length > 1 || edges.get(node)?.has(node)) found.push(component.reverse())
    }
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return found
}

describe('layers inside src/main', () => {
  it('every folder of src/main has a row (a new room is given its rules before it lands)', () => {
    const folders = readdirSync(join(root, 'src/main'), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? [entry.name] : [],
    )
    expect(folders.filter((folder) => !Object.hasOwn(LAYERS, folder))).toEqual([])
    // And no row for a folder that is gone.
    expect(
      Object.keys(LAYERS).filter((room) => room !== '(root)' && room !== 'cli' && !folders.includes(room)),
    ).toEqual([])
  })

  it('each folder imports only what its row allows', () => {
    const breaches = imports.flatMap((i) => {
      const from = roomOf(i.file)
      if (from === undefined || !i.target.startsWith('src/')) return []
      return allowed(from, i.target, i.typeOnly) ? [] : [`${i.file} imports ${i.target}${i.typeOnly ? ' (types)' : ''}`]
    })
    expect(breaches).toEqual([])
  })

  it('finds a cycle where there is one, types included (self-test)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ])
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']])
    expect(cyclesOf(new Map([['a', new Set(['b'])]]))).toEqual([])
  })

  it('no import cycle between files of src, `import type` included', () => {
    const known = new Set(files.map(moduleOf))
    // `./x` may name x.ts or x/index.ts.
    const resolve = (target: string) =>
      known.has(target) ? target : known.has(`${target}/index`) ? `${target}/index` : undefined
    const edges = new Map<string, Set<string>>()
    for (const i of imports) {
      const to = resolve(i.target)
      if (!to) continue
      const from = moduleOf(i.file)
      const set = edges.get(from) ?? new Set<string>()
      set.add(to)
      edges.set(from, set)
    }
    expect(cyclesOf(edges)).toEqual([])
  })
})
