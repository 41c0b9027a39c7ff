// One rule for how much of a key settings may show. The core's old copy showed 2–4 characters of
// any key (a 9–15 character key lost 4 of them); the shell's stricter twin is the one kept.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { keyEnding } from '../../../src/main/secrets/key-vault'
import { startAppWorld, type AppWorld } from '../app/app-helpers'

let world: AppWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

describe('keyEnding', () => {
  it('shows at most 4 characters and at most a quarter of the key, and nothing of a key under 16 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
        (key) => {
          const ending = keyEnding(key)
          expect(key.endsWith(ending)).toBe(true)
          expect(ending.length).toBeLessThanOrEqual(4)
          expect(ending.length * 4).toBeLessThanOrEqual(key.length)
          expect(ending.length).toBe(key.length >= 16 ? 4 : 0)
        },
      ),
    )
    expect(keyEnding('sk-0123456789-wxyz')).toBe('wxyz')
    expect(keyEnding('sk-abc-123456')).toBe('')
  })

  it('settings show no ending for a short saved or environment key, the last 4 for a long one', async () => {
    world = await startAppWorld({ env: { OPENAI_API_KEY: 'sk-env-12345' } })
    const client = world.client('a')
    const view = await client.value('keys.set', { provider: 'anthropic', key: 'sk-ant-9876' })
    const key = (id: string) => view.providers.find((provider) => provider.id === id)!.key
    expect(key('anthropic')).toEqual({ set: true, endsWith: '', source: 'saved' })
    expect(key('openai-chat')).toEqual({ set: true, endsWith: '', source: 'environment' })
    const long = await client.value('keys.set', { provider: 'gemini', key: 'AIzaSyD-0123456789-wxyz' })
    expect(long.providers.find((provider) => provider.id === 'gemini')!.key).toEqual({
      set: true,
      endsWith: 'wxyz',
      source: 'saved',
    })
  })
})
