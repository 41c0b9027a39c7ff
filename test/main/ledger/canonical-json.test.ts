import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../src/main/ledger/canonical-json'

/** The same value with every object's keys in a random order. */
function shuffleKeys(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, random))
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, shuffleKeys(v, random)] as const)
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      const a = entries[i]
      const b = entries[j]
      if (a && b) {
        entries[i] = b
        entries[j] = a
      }
    }
    return Object.fromEntries(entries)
  }
  return value
}

describe('canonicalJson', () => {
  it('sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    )
  })

  it('writes 70, 70.0 and 7e1 the same (as parsed from the provider’s JSON text), and -0 as 0', () => {
    const spellings = ['{"value":70}', '{"value":70.0}', '{"value":7e1}', '{"value":70.000}', '{"value":0.7E2}']
    expect(new Set(spellings.map((text) => canonicalJson(JSON.parse(text))))).toEqual(new Set(['{"value":70}']))
    expect(canonicalJson({ v: -0 })).toBe('{"v":0}')
  })

  it('leaves out undefined properties (an omitted optional argument)', () => {
    expect(canonicalJson({ a: 1, date: undefined })).toBe(canonicalJson({ a: 1 }))
  })

  it('refuses what is not JSON data', () => {
    expect(() => canonicalJson({ v: Number.NaN })).toThrow(/not JSON/)
    expect(() => canonicalJson({ v: Infinity })).toThrow(/not JSON/)
    expect(() => canonicalJson([1, undefined])).toThrow(/undefined/)
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/plain object/)
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/)
  })

  it('property: any key order gives the same text, and the text parses back to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer(), (value, seed) => {
        let state = seed
        const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x80000000
        const text = canonicalJson(value)
        expect(canonicalJson(shuffleKeys(value, random))).toBe(text)
        expect(canonicalJson(JSON.parse(text))).toBe(text)
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
      { numRuns: 300 },
    )
  })
})
