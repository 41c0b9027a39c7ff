// The renderer's folders (docs/architecture.md, "The window"): features keep their insides to
// themselves, the edge (main.tsx, api/, app/) is imported by nobody below it, and the whole API
// stops at main.tsx and api/: every other part is handed a narrow client.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { files, type Import, imports } from './source-imports'

const root = join(import.meta.dirname, '../..')
const RENDERER = 'src/renderer/src/'

/** The feature a repository path belongs to (`features/<name>/…`), if any. */
const featureOf = (path: string): string | undefined =>
  path.startsWith(`${RENDERER}features/`) ? path.slice(`${RENDERER}features/`.length).split('/')[0] : undefined

/**
 * What a file outside a feature may import from it: its index (the feature's public surface) and its
 * words (`*-messages`, composed by i18n/messages.ts).
 */
function reachesInside(i: Import): boolean {
  const feature = featureOf(i.target)
  if (feature === undefined || featureOf(i.file) === feature) return false
  const inside = i.target.slice(`${RENDERER}features/${feature}`.length)
  return !(inside === '' || inside === '/index' || /^\/[a-z-]+-messages$/.test(inside))
}

/** The edge builds the window: nothing below it (features, state, lib, ui, i18n) imports it. */
function reachesEdge(i: Import): boolean {
  const below = /^src\/renderer\/src\/(features|state|lib|ui|i18n)\//.test(i.file)
  return below && /^src\/renderer\/src\/(app|api|main)(\/|$)/.test(i.target)
}

/** `KeelApi` named anywhere but as `Pick<KeelApi, …>`, `keyof KeelApi` or in its import. */
function wholeApiUses(text: string): string[] {
  return text
    .replace(/^[ \t]*import\s[^'"]*?\sfrom\s+['"][^'"]+['"]/gm, '')
    .split('\n')
    .flatMap((line) => [...line.matchAll(/(Pick<|keyof\s+)?\bKeelApi\b/g)].filter((m) => m[1] === undefined))
    .map((m) => m.input.trim())
}

const rendererFiles = files.filter((file) => file.startsWith(RENDERER))

describe('renderer folders', () => {
  it('finds a breach where there is one (self-test)', () => {
    const at = (file: string, target: string): Import => ({ file, target, typeOnly: false })
    expect(reachesInside(at(`${RENDERER}features/chat/tool-card.tsx`, `${RENDERER}features/mcp/mcp-badges`))).toBe(true)
    expect(reachesInside(at(`${RENDERER}app/app.tsx`, `${RENDERER}features/chat/composer`))).toBe(true)
    expect(reachesInside(at(`${RENDERER}features/chat/tool-card.tsx`, `${RENDERER}features/mcp`))).toBe(false)
    expect(reachesInside(at(`${RENDERER}features/chat/messages.tsx`, `${RENDERER}features/chat/status`))).toBe(false)
    expect(reachesInside(at(`${RENDERER}i18n/messages.ts`, `${RENDERER}features/mcp/mcp-messages`))).toBe(false)
    expect(reachesEdge(at(`${RENDERER}features/chat/composer.tsx`, `${RENDERER}app/window-keys`))).toBe(true)
    expect(reachesEdge(at(`${RENDERER}app/app.tsx`, `${RENDERER}features/chat`))).toBe(false)
    expect(wholeApiUses("import type {\n  KeelApi,\n} from 'x'\nfunction f(api: KeelApi) {}")).toEqual([
      'function f(api: KeelApi) {}',
    ])
    expect(wholeApiUses("type C = Pick<KeelApi, 'mcp.list'>\nconst names: (keyof KeelApi)[] = []")).toEqual([])
  })

  it('a feature is imported from outside only through its index (or its words)', () => {
    expect(imports.filter(reachesInside).map((i) => `${i.file} imports ${i.target}`)).toEqual([])
  })

  it('features, state, lib, ui and i18n never import main.tsx, app/ or api/', () => {
    expect(imports.filter(reachesEdge).map((i) => `${i.file} imports ${i.target}`)).toEqual([])
  })

  it('every feature has an index.ts (its public surface)', () => {
    const features = readdirSync(join(root, RENDERER, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(features.length).toBeGreaterThan(0)
    expect(features.filter((name) => !existsSync(join(root, RENDERER, 'features', name, 'index.ts')))).toEqual([])
  })

  it('only main.tsx and api/ hold the whole API: every other part names it only narrowed', () => {
    const edge = (file: string) => file === `${RENDERER}main.tsx` || file.startsWith(`${RENDERER}api/`)
    const breaches = rendererFiles
      .filter((file) => !edge(file))
      .flatMap((file) => wholeApiUses(readFileSync(join(root, file), 'utf8')).map((use) => `${file}: ${use}`))
    expect(breaches).toEqual([])
  })

  it('test/renderer mirrors the folders of src/renderer/src', () => {
    const testFolders = (
      readdirSync(join(root, 'test/renderer'), { recursive: true, withFileTypes: true }) as {
        name: string
        parentPath: string
        isDirectory(): boolean
      }[]
    )
      .filter((entry) => entry.isDirectory())
      .map((entry) =>
        join(entry.parentPath, entry.name).slice(join(root, 'test/renderer/').length).split('\\').join('/'),
      )
    expect(testFolders.filter((folder) => !existsSync(join(root, RENDERER, folder)))).toEqual([])
  })
})
