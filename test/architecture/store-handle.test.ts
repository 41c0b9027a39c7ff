// The store's raw SQLite connection (`StoreReader.db`) belongs to the store's own layers: db/ (the
// stores), ledger/ (exactly-once steps) and export/ (the whole-store import and export). Every other
// layer goes through the stores and the writer's operations (`transaction`, `whenWritable`,
// `exactlyOnce`, `path`, `isOpen`), so a write cannot bypass the write gate or the ledger unseen.
// Read with the type checker: `.db` on anything typed as the store, however it is named.
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const STORE_FILE = 'src/main/db/keel-store.ts'
/** Where the connection may be used. */
const OWNERS = ['src/main/db/', 'src/main/ledger/', 'src/main/export/']

function program(): ts.Program {
  const configPath = join(root, 'tsconfig.node.json')
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path))
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const files = parsed.fileNames.filter((file) => /\/src\/(main|cli)\//.test(file))
  return ts.createProgram(files, { ...parsed.options, noEmit: true })
}

/** Each use of the store's `db` in `source`, as `file:line`. */
function usesOfStoreDb(prog: ts.Program, storeFile: string, source: ts.SourceFile): string[] {
  const checker = prog.getTypeChecker()
  const declaredByStore = (symbol: ts.Symbol | undefined) =>
    (symbol?.declarations ?? []).some((d) => relative(root, d.getSourceFile().fileName) === storeFile)
  const found: string[] = []
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    found.push(`${relative(root, source.fileName)}:${line + 1}`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'db') {
      if (declaredByStore(checker.getSymbolAtLocation(node.name))) report(node)
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'db'
    ) {
      if (declaredByStore(checker.getTypeAtLocation(node.expression).getProperty('db'))) report(node)
    } else if (ts.isObjectBindingPattern(node)) {
      for (const element of node.elements) {
        const name = element.propertyName ?? element.name
        if (!ts.isIdentifier(name) || name.text !== 'db') continue
        if (declaredByStore(checker.getTypeAtLocation(node).getProperty('db'))) report(element)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the store connection', () => {
  it('is used only in db/, ledger/ and export/', () => {
    const prog = program()
    const outside = prog
      .getSourceFiles()
      .filter((source) => {
        const path = relative(root, source.fileName)
        return /^src\/(main|cli)\//.test(path) && !OWNERS.some((owner) => path.startsWith(owner))
      })
      .flatMap((source) => usesOfStoreDb(prog, STORE_FILE, source))
    expect(outside).toEqual([])
  }, 120_000)

  it('finds a use where there is one: a property, an element and a destructuring (self-test)', () => {
    const files: Record<string, string> = {
      'store.ts': 'export interface StoreReader { readonly db: { open: boolean }; readonly path: string }',
      'use.ts': [
        "import type { StoreReader } from './store'",
        'export function a(store: StoreReader) { return store.db.open }',
        "export function b(reader: StoreReader) { return reader['db'].open }",
        'export function c({ db }: StoreReader) { return db.open }',
        'export function d(store: StoreReader, flags: { db: string }) { return [store.path, flags.db] }',
      ].join('\n'),
    }
    const host = ts.createCompilerHost({})
    const at = (name: string) => join(root, 'virtual', name)
    const byPath = new Map(Object.entries(files).map(([name, text]) => [at(name), text]))
    host.getSourceFile = (name, version) => {
      const text = byPath.get(name)
      return text === undefined ? undefined : ts.createSourceFile(name, text, version)
    }
    host.fileExists = (name) => byPath.has(name)
    host.readFile = (name) => byPath.get(name)
    host.directoryExists = () => true
    const prog = ts.createProgram([at('use.ts')], { noLib: true, types: [] }, host)
    const uses = usesOfStoreDb(prog, 'virtual/store.ts', prog.getSourceFile(at('use.ts'))!)
    expect(uses).toEqual(['virtual/use.ts:2', 'virtual/use.ts:3', 'virtual/use.ts:4'])
  })
})
