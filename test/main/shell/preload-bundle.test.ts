import { build } from 'esbuild'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

// The sandboxed preload can require only `electron`: bundle it as the build does (CommonJS,
// everything inlined) and check nothing else is required and zod is not pulled in.
describe('preload bundle', () => {
  it('requires only electron and contains no zod', async () => {
    const result = await build({
      entryPoints: [join(import.meta.dirname, '../../../src/preload/index.ts')],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      external: ['electron'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const code = result.outputFiles[0]!.text
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules'))).toEqual([])
    expect(code).not.toMatch(/zod|ZodError|safeParse/)
  })
})
