// Vertex streamFunctionCallArguments: arguments rebuilt from jsonPath pieces.
import { describe, expect, it } from 'vitest'
import { JsonPathArguments, parseJsonPath } from '../../../src/main/providers/gemini/json-path-arguments'

describe('parseJsonPath', () => {
  it.each([
    ['$.a', ['a']],
    ['$.a.b[0].c', ['a', 'b', 0, 'c']],
    ["$['key with space'][2]", ['key with space', 2]],
    ['$', []],
  ])('%s', (path, segments) => {
    expect(parseJsonPath(path)).toEqual(segments)
  })

  it.each(['a.b', '$.', '$[x]', '$[0', '$..a'])('rejects %s', (path) => {
    expect(parseJsonPath(path)).toBeUndefined()
  })
})

describe('JsonPathArguments', () => {
  it('concatenates string pieces per path and builds nested arrays', () => {
    const args = new JsonPathArguments()
    args.set('$.ops[0].name', 'app')
    args.set('$.ops[0].name', 'le')
    args.set('$.ops[0].price', 0.5)
    args.set('$.ops[1].ok', true)
    args.set('$.note', null)
    expect(JSON.parse(args.toJson())).toEqual({ ops: [{ name: 'apple', price: 0.5 }, { ok: true }], note: null })
    expect(args.invalid).toBe(false)
  })

  it('keeps concatenating a path after another path came between, and a number replaces a string', () => {
    const args = new JsonPathArguments()
    args.set('$.a', 'x')
    args.set('$.a', '')
    args.set('$.b', 'one')
    expect(args.value).toEqual({ a: 'x', b: 'one' })
    args.set('$.a', 'y')
    args.set('$.a', 'z')
    args.set('$.c', '')
    expect(JSON.parse(args.toJson())).toEqual({ a: 'xyz', b: 'one', c: '' })
    args.set('$.b', 2)
    args.set('$.b', 'two')
    expect(args.value).toEqual({ a: 'xyz', b: 'two', c: '' })
  })

  it('joins 100k streamed pieces into the exact string', () => {
    const args = new JsonPathArguments()
    const pieces = Array.from({ length: 100_000 }, (_, i) => `${i % 10}"\\é😀`.slice(0, 1 + (i % 6)))
    args.set('$.path', 'f.ts')
    for (const p of pieces) args.set('$.content', p)
    expect(args.value).toEqual({ path: 'f.ts', content: pieces.join('') })
  })

  it('marks the arguments unusable on a bad path', () => {
    const args = new JsonPathArguments()
    args.set('nope', 1)
    expect(args.invalid).toBe(true)
  })
})
