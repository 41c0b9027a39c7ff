// The window must not carry zod (about 180 kB of a 1.76 MB bundle came from value imports of the
// contract module): build the renderer as `electron-vite build` does, with the project's own
// renderer config, and look at every module that ended up in the bundle.
import { join, relative, sep } from 'node:path'
import { build, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import config from '../../../electron.vite.config'

const root = join(import.meta.dirname, '../../..')

async function rendererModules(): Promise<string[]> {
  const output = (await build({
    ...config.renderer,
    configFile: false,
    root: join(root, 'src/renderer'),
    logLevel: 'silent',
    build: { write: false, minify: false, rollupOptions: { input: join(root, 'src/renderer/index.html') } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[]
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  return chunks.flatMap((chunk) => chunk.moduleIds).map((id) => relative(root, id).split(sep).join('/'))
}

describe('renderer bundle', () => {
  it('holds no zod, nor any module of ours that imports it', async () => {
    const modules = await rendererModules()
    // It is the real graph: the entry, the channel list and React are in it.
    expect(modules).toContain('src/renderer/src/main.tsx')
    expect(modules).toContain('src/shared/ipc/channels.ts')
    expect(modules.some((id) => id.includes('node_modules/react-dom/'))).toBe(true)
    expect(modules.filter((id) => id.includes('node_modules/zod/'))).toEqual([])
    expect(modules.filter((id) => ['src/shared/ipc/app-contract.ts', 'src/shared/settings.ts'].includes(id))).toEqual(
      [],
    )
  })
})
