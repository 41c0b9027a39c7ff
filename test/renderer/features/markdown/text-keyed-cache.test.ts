import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TextKeyedCache } from '../../../../src/renderer/src/features/markdown/text-keyed-cache'

describe('TextKeyedCache', () => {
  it('makes a value once per key while it stays cached', () => {
    const cache = new TextKeyedCache<string>(100)
    let made = 0
    const make = (key: string) => `${key}:${++made}`
    expect(cache.getOrCreate('alpha', make)).toBe('alpha:1')
    expect(cache.getOrCreate('alpha', make)).toBe('alpha:1')
    expect(cache.getOrCreate('beta', make)).toBe('beta:2')
    expect(made).toBe(2)
    expect(cache.totalChars).toBe('alpha'.length + 'beta'.length)
  })

  it('evicts the least recently used keys once their total length exceeds the budget', () => {
    const cache = new TextKeyedCache<number>(10)
    cache.getOrCreate('aaaa', () => 1)
    cache.getOrCreate('bbbb', () => 2)
    cache.getOrCreate('aaaa', () => -1) // used again: now the newest
    cache.getOrCreate('cccc', () => 3) // 12 chars > 10: the oldest (bbbb) goes
    expect(cache.has('bbbb')).toBe(false)
    expect(cache.has('aaaa')).toBe(true)
    expect(cache.has('cccc')).toBe(true)
    expect(cache.totalChars).toBe(8)
  })

  it('never stores a key longer than the whole budget (and evicts nothing for it)', () => {
    const cache = new TextKeyedCache<number>(5)
    cache.getOrCreate('abc', () => 1)
    expect(cache.getOrCreate('too long a key', () => 2)).toBe(2)
    expect(cache.has('too long a key')).toBe(false)
    expect(cache.has('abc')).toBe(true)
  })

  it('stays within its budget and agrees with its bookkeeping whatever the sequence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }),
        (keys, budget) => {
          const cache = new TextKeyedCache<string>(budget)
          for (const key of keys) {
            expect(cache.getOrCreate(key, (k) => k.toUpperCase())).toBe(key.toUpperCase())
            expect(cache.totalChars).toBeLessThanOrEqual(budget)
          }
          const last = keys[keys.length - 1]
          if (last !== undefined && last.length <= budget) expect(cache.has(last)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('does not store a value its `keep` refuses (it is made again next time)', () => {
    const cache = new TextKeyedCache<number>(100)
    let made = 0
    const make = () => ++made
    expect(cache.getOrCreate('a', make, (v) => v > 1)).toBe(1)
    expect(cache.has('a')).toBe(false)
    expect(cache.getOrCreate('a', make, (v) => v > 1)).toBe(2)
    expect(cache.getOrCreate('a', make, (v) => v > 1)).toBe(2)
    expect(cache.totalChars).toBe(1)
  })
})
