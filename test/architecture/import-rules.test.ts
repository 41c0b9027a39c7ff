// The layer rules of docs/architecture.md's "Layout", checked on every import, `export … from`, dynamic
// import and require in src/ (a comment could not keep them; this test fails on the first breach).
import { isBuiltin } from 'node:module'
import { describe, expect, it } from 'vitest'
import { imports, importsOf, type Import } from './source-imports'

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`)

const RULES: Array<{ rule: string; applies: (file: string) => boolean; allows: (i: Import) => boolean }> = [
  {
    rule: 'src/shared imports only src/shared and zod',
    applies: under('src/shared'),
    allows: (i) => under('src/shared')(i.target) || i.target === 'zod',
  },
  {
    rule: 'in src/main only index.ts and shell/ import electron',
    applies: (file) => under('src/main')(file) && file !== 'src/main/index.ts' && !under('src/main/shell')(file),
    allows: (i) => i.target !== 'electron' && !i.target.startsWith('electron/'),
  },
  {
    rule: 'src/renderer imports neither src/main, src/preload, src/cli nor Node',
    applies: under('src/renderer'),
    allows: (i) => !/^src\/(main|preload|cli)\//.test(i.target) && !isBuiltin(i.target),
  },
  {
    rule: 'src/renderer imports the contract (zod) for types only',
    applies: under('src/renderer'),
    allows: (i) => i.typeOnly || !['src/shared/ipc/app-contract', 'src/shared/settings'].includes(i.target),
  },
  {
    rule: 'src/preload imports only electron and src/shared/ipc/channels (types from src/shared)',
    applies: under('src/preload'),
    allows: (i) =>
      ['electron', 'src/shared/ipc/channels'].includes(i.target) ||
      under('src/preload')(i.target) ||
      (i.typeOnly && under('src/shared')(i.target)),
  },
  {
    rule: 'nothing outside src/cli imports src/cli',
    applies: (file) => !under('src/cli')(file),
    allows: (i) => !under('src/cli')(i.target),
  },
]

describe('import rules', () => {
  it('reads every form of import', () => {
    const sample =
      "import a, { b } from './a'\nimport type { C } from '../c'\nimport {\n  type D,\n  type E,\n} from 'e'\nexport * from './f.ts'\nimport 'g'\nconst h = await import('node:h')\nexport { i } from 'i'\n"
    expect(importsOf('src/x/y.ts', sample)).toEqual([
      { file: 'src/x/y.ts', target: 'src/x/a', typeOnly: false },
      { file: 'src/x/y.ts', target: 'src/c', typeOnly: true },
      { file: 'src/x/y.ts', target: 'e', typeOnly: true },
      { file: 'src/x/y.ts', target: 'src/x/f', typeOnly: false },
      { file: 'src/x/y.ts', target: 'i', typeOnly: false },
      { file: 'src/x/y.ts', target: 'g', typeOnly: false },
      { file: 'src/x/y.ts', target: 'node:h', typeOnly: false },
    ])
    expect(imports).toContainEqual({ file: 'src/main/index.ts', target: 'electron', typeOnly: false })
  })

  for (const { rule, applies, allows } of RULES) {
    it(rule, () => {
      expect(imports.filter((i) => applies(i.file) && !allows(i)).map((i) => `${i.file} imports ${i.target}`)).toEqual(
        [],
      )
    })
  }
})
