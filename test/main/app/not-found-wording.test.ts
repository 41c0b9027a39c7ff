// Something asked for that is gone is answered one way: `notFound(kind)` (app-result.ts) holds the
// one sentence and code per kind; nothing else in the core builds a `not-found` answer or words it.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const ONE_PLACE = 'src/main/app/app-result.ts'

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file))
}

describe('not-found wording', () => {
  it('every "does not exist (any more)." answer and every not-found failure goes through notFound()', () => {
    const offenders = [...sources('src/main'), ...sources('src/shared')]
      .filter((file) => relative(root, join(root, file)) !== ONE_PLACE)
      .filter((file) => {
        const text = readFileSync(join(root, file), 'utf8')
        return /does not exist \(any more\)\./.test(text) || /fail\(\s*'not-found'/.test(text)
      })
    expect(offenders).toEqual([])
  })
})
