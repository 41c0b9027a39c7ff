// An MCP tool's input schema, checked by Ajv in its declared dialect (2020-12 by default), on the
// arguments exactly as sent: no defaults, no coercion, no network.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { compileInputSchema, compileJsonSchema, schemaDialect } from '../../../src/main/mcp/mcp-json-schema'

function schemaOf(schema: Record<string, unknown>) {
  const compiled = compileInputSchema(schema)
  if (!compiled.ok) throw new Error(`refused: ${compiled.reason}`)
  return compiled
}

const tupleAndDependency = {
  type: 'object',
  properties: {
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
    a: { type: 'string' },
    b: { type: 'string' },
  },
  dependentRequired: { a: ['b'] },
}

describe('dialects', () => {
  it('enforces 2020-12 keywords (prefixItems, dependentRequired) when no dialect is declared or 2020-12 is', () => {
    for (const declared of [{}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }]) {
      const { schema, dialect } = schemaOf({ ...declared, ...tupleAndDependency })
      expect(dialect).toBe('2020-12')
      expect(schema.validate({ pair: ['x', 1], a: 'a', b: 'b' })).toMatchObject({ ok: true })
      expect(schema.validate({ pair: [1, 'x'] })).toMatchObject({
        ok: false,
        issues: [
          { path: 'pair.0', message: 'pair.0: expected string, got number' },
          { path: 'pair.1', message: 'pair.1: expected integer, got a string ("x")' },
        ],
      })
      expect(schema.validate({ a: 'only a' })).toMatchObject({
        ok: false,
        issues: [{ path: 'b', message: "missing argument 'b', required when 'a' is given" }],
      })
    }
  })

  it('checks a schema declared draft-07 (the reference servers’ dialect) with draft-07 rules', () => {
    const { schema, dialect } = schemaOf({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { path: { type: 'string' }, pair: { type: 'array', prefixItems: [{ type: 'string' }] } },
      required: ['path'],
      dependencies: { path: ['mode'] },
    })
    expect(dialect).toBe('draft-07')
    expect(schema.validate({ path: '/tmp', mode: 'r' })).toMatchObject({ ok: true })
    expect(schema.validate({})).toMatchObject({
      ok: false,
      issues: [{ path: 'path', message: "missing required argument 'path'" }],
    })
    expect(schema.validate({ path: '/tmp' })).toMatchObject({ ok: false, issues: [{ path: 'mode' }] })
    // prefixItems is not a draft-07 keyword: a draft-07 schema does not get 2020-12 rules.
    expect(schema.validate({ path: '/tmp', mode: 'r', pair: [1] })).toMatchObject({ ok: true })
  })

  it('reads 2019-09 and draft-06 too, and refuses any other declared dialect with a reason', () => {
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toEqual({
      ok: true,
      dialect: '2019-09',
    })
    expect(
      schemaOf({ $schema: 'https://json-schema.org/draft/2019-09/schema', ...tupleAndDependency }).schema.validate({
        a: 'x',
      }),
    ).toMatchObject({ ok: false })
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-06/schema#' })).toEqual({
      ok: true,
      dialect: 'draft-06',
    })
    for (const $schema of ['http://json-schema.org/draft-04/schema#', 'https://example.com/my-dialect', 42]) {
      const compiled = compileInputSchema({ $schema, type: 'object' })
      expect(compiled.ok).toBe(false)
      expect(!compiled.ok && compiled.reason).toMatch(/dialect/)
    }
  })

  it('refuses a schema that is not valid in its dialect, or not an object schema', () => {
    expect(compileInputSchema({ type: 'object', properties: { a: { type: 'text' } } })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a valid JSON Schema/),
    })
    expect(compileInputSchema({ type: 'string' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an object schema/),
    })
  })
})

describe('the arguments exactly as sent', () => {
  const schema = schemaOf({
    type: 'object',
    properties: {
      count: { type: 'integer', default: 10 },
      flag: { type: 'boolean', default: false },
      range: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' } },
        required: ['from'],
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  }).schema

  it('fills no defaults: the value passed on is the very object given, unchanged', () => {
    const args = { range: { from: 'a' } }
    const result = schema.validate(args)
    expect(result).toEqual({ ok: true, value: { range: { from: 'a' } } })
    expect(result.ok && result.value).toBe(args)
    expect(args).toEqual({ range: { from: 'a' } })
  })

  it('coerces nothing: "5" is not an integer, "false" not a boolean; nothing is removed', () => {
    const args = { count: '5', flag: 'false', extra: 1 }
    expect(schema.validate(args)).toMatchObject({
      ok: false,
      issues: [
        { path: 'extra', message: "unexpected argument 'extra'; this tool does not accept it" },
        { path: 'count', message: 'count: expected integer, got a string ("5")' },
        { path: 'flag', message: 'flag: expected boolean, got a string ("false")' },
      ],
    })
    expect(args).toEqual({ count: '5', flag: 'false', extra: 1 })
  })

  it('names nested arguments by their dotted path', () => {
    expect(schema.validate({ range: { to: 'b', by: 1 } })).toMatchObject({
      ok: false,
      issues: [
        { path: 'range.from', message: "missing required argument 'range.from'" },
        { path: 'range.by', message: "unexpected argument 'range.by'; this tool does not accept it" },
      ],
    })
    const listed = schemaOf({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { 'a/b': { enum: ['x', 'y'] } } } } },
    }).schema
    expect(listed.validate({ items: [{ 'a/b': 'x' }, { 'a/b': 'z' }] })).toMatchObject({
      ok: false,
      issues: [{ path: 'items.1.a/b', message: 'items.1.a/b: must be one of "x" | "y"' }],
    })
  })

  it('sends providers the schema minus $schema, with type object', () => {
    const compiled = schemaOf({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { a: { type: 'string' } },
    })
    expect(compiled.schema.jsonSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
  })
})

describe('references', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
    server = undefined
  })

  /** A loopback server that would hand out any schema asked for, and counts every request. */
  async function schemaServer(): Promise<{ url: string; requests: () => number }> {
    let requests = 0
    server = createServer((_request, response) => {
      requests++
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'string' }))
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, requests: () => requests }
  }

  it('never fetches a remote $ref: the tool is refused with a reason and the server gets no request', async () => {
    const remote = await schemaServer()
    const refused = [
      compileInputSchema({ type: 'object', properties: { a: { $ref: `${remote.url}/a.json` } } }),
      compileInputSchema({ $id: `${remote.url}/base.json`, type: 'object', properties: { a: { $ref: 'other.json' } } }),
      compileInputSchema({ $schema: `${remote.url}/meta.json`, type: 'object' }),
      compileInputSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
    ]
    for (const compiled of refused) expect(compiled.ok).toBe(false)
    expect(refused[0]).toMatchObject({
      reason: expect.stringMatching(
        /refers to http:\/\/127\.0\.0\.1:\d+\/a\.json, which is not inside the schema \(Keel never fetches schemas\)/,
      ),
    })
    // Give a stray request time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(remote.requests()).toBe(0)
  })

  it('resolves references inside the schema; two servers may reuse one $id for different schemas', () => {
    const first = schemaOf({
      $id: 'urn:tool:args',
      type: 'object',
      properties: { a: { $ref: '#/$defs/n' } },
      $defs: { n: { type: 'integer' } },
    }).schema
    const second = schemaOf({
      $id: 'urn:tool:args',
      type: 'object',
      properties: { a: { $ref: '#/$defs/n' } },
      $defs: { n: { type: 'string' } },
    }).schema
    expect(first.validate({ a: 1 })).toMatchObject({ ok: true })
    expect(first.validate({ a: 'x' })).toMatchObject({ ok: false, issues: [{ path: 'a' }] })
    expect(second.validate({ a: 'x' })).toMatchObject({ ok: true })
    expect(second.validate({ a: 1 })).toMatchObject({ ok: false, issues: [{ path: 'a' }] })
  })
})

describe('compiling once', () => {
  it('compiles a schema once per content (key order does not matter)', () => {
    const a = compileJsonSchema({ type: 'object', properties: { x: { type: 'string' } } })
    const b = compileJsonSchema({ properties: { x: { type: 'string' } }, type: 'object' })
    expect(a.ok).toBe(true)
    expect(b).toBe(a)
    expect(compileJsonSchema({ type: 'object', properties: { x: { type: 'number' } } })).not.toBe(a)
  })
})

describe('arguments named like inherited properties', () => {
  it.each(['2020-12', 'draft-07'])(
    'judges only the call’s own arguments (%s): `constructor` absent is absent',
    (dialect) => {
      const schema = {
        ...(dialect === 'draft-07' ? { $schema: 'http://json-schema.org/draft-07/schema#' } : {}),
        type: 'object',
        properties: { constructor: { type: 'string' }, toString: { type: 'string' } },
      }
      const compiled = compileJsonSchema(schema)
      if (!compiled.ok) throw new Error('schema refused')
      expect(compiled.check({})).toEqual([])
      expect(compiled.check({ constructor: 'x', toString: 'y' })).toEqual([])
      expect(compiled.check({ constructor: 3 })).toMatchObject([{ path: 'constructor' }])
    },
  )
})
