// Tool schemas every provider accepts: for any JSON Schema a server may send ($ref cycles,
// combinators, type arrays, huge descriptions, odd formats, junk where a schema belongs), each
// provider's declaration keeps that provider's documented rules (checked by an independent
// checker written from the cited sources), the reduction never throws, is never stricter than the
// server's schema, and still shows the model every parameter; the documented reductions one by one.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileJsonSchema } from '../../../src/main/mcp/mcp-json-schema'
import { fitToolsToProvider, type FittableTool } from '../../../src/main/providers/fit-tools-to-provider'
import { PROVIDERS } from '../../../src/main/providers/provider-registry'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import { declarationViolations } from '../../support/provider-declaration-rules'

/** A value as it arrives from a server: plain JSON (so `__proto__` is an own key, as JSON.parse makes it). */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** The schema `provider` is sent for one tool (undefined: the tool was left out). */
function sentSchema(provider: ProviderId, schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const fitted = fitToolsToProvider(
    [{ name: 'tool', description: 'd', inputSchema: schema, own: false }],
    PROVIDERS[provider].toolRules,
  )
  return fitted.tools[0]?.inputSchema
}

const KEEPS_REFS = ['openai-chat', 'openai-responses', 'anthropic'] as const
const NO_TOP_COMBINATORS = KEEPS_REFS

const formats = fc.constantFrom('uri', 'date-time', 'email', 'int64', 'binary', 'x-made-up', '')
const hugeText = fc.string({ minLength: 1025, maxLength: 4000, unit: fc.constantFrom('a', 'é', '😀', ' ', '\n') })
const propertyName = fc.oneof(
  fc.constantFrom('path', 'type', 'title', '__proto__', 'constructor', 'a/b', 'x~y', '$ref', 'items'),
  fc.string({ minLength: 1, maxLength: 5 }),
)

/** Any schema node; `junk` adds what is no schema at all (the original then does not compile). */
function schemaArb(junk: boolean): fc.Arbitrary<unknown> {
  const leaves: unknown[] = [
    true,
    false,
    { type: 'string' },
    { type: 'integer', exclusiveMinimum: 0 },
    { type: 'array' },
    { type: ['array', 'null'] },
    { type: ['string', 'null'] },
    { enum: ['a', 1, null] },
    { const: { a: 1 } },
    { $ref: '#' },
    { $ref: '#/$defs/node' },
    { $ref: '#/properties/path' },
    { $ref: '#/anyOf/0' },
    { $ref: '#/allOf/0/properties/path' },
    { $anchor: 'here', type: 'number' },
  ]
  if (junk)
    leaves.push(
      null,
      7,
      'string',
      [],
      { $ref: '#/$defs/missing' },
      { $ref: 'https://example.com/s.json' },
      { $ref: 5 },
      { $dynamicRef: '#meta' },
      { $ref: '#/%E0%A4%A' },
      { properties: [], items: 'x', anyOf: {} },
    )
  const leaf = fc.oneof(
    fc.constantFrom(...leaves),
    fc.record({ type: fc.constant('string'), format: formats }),
    fc.record({ type: fc.constant('string'), description: hugeText }),
  )
  return fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.dictionary(propertyName, tie('node'), { maxKeys: 3 }),
          required: fc.array(propertyName, { maxLength: 2 }),
          additionalProperties: fc.oneof(fc.boolean(), tie('node')),
          unevaluatedProperties: fc.constant(false),
        },
        { requiredKeys: ['properties'] },
      ),
      fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ type: fc.constant('array'), items: tie('node') }, { requiredKeys: ['type'] }),
      fc.record(
        {
          $ref: fc.constantFrom('#', '#/$defs/node'),
          description: fc.string(),
          unevaluatedProperties: fc.constant(false),
        },
        { requiredKeys: ['$ref'] },
      ),
    ),
  })).node
}

/** An object branch as zod and pydantic write unions: named properties, often closed. */
function branchArb(node: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(propertyName, node, { maxKeys: 3 }),
      required: fc.array(propertyName, { maxLength: 2 }),
      additionalProperties: fc.constant(false),
    },
    { requiredKeys: ['properties'] },
  )
}

function topArb(junk: boolean): fc.Arbitrary<Record<string, unknown>> {
  const node = schemaArb(junk)
  const branch = fc.oneof(branchArb(node), node)
  return fc
    .record(
      {
        type: fc.constantFrom<unknown>('object', ['object', 'null']),
        description: hugeText,
        properties: fc.dictionary(propertyName, node, { maxKeys: 4 }),
        required: fc.array(propertyName, { maxLength: 3 }),
        $defs: fc.record({ node }),
        anyOf: fc.array(branch, { minLength: 1, maxLength: 3 }),
        oneOf: fc.array(branch, { minLength: 1, maxLength: 3 }),
        allOf: fc.array(branch, { minLength: 1, maxLength: 2 }),
        enum: fc.constant([{}]),
        not: node,
        unevaluatedProperties: fc.constant(false),
      },
      { requiredKeys: [] },
    )
    .map(wire)
}

/** Names of a schema's own top-level properties (a plain-object map only). */
function topNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  const properties = (schema as Record<string, unknown>).properties
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties)
    ? Object.keys(properties)
    : []
}

/** Arguments a model might send for `schema`: its parameter names with assorted values. */
function argumentsArb(schema: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const names = [...new Set([...topNames(schema), 'other'])]
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom<unknown>('a', 1, 0, null, [], {}, ['x'], { a: 1 }, { path: 'p', name: 'n' }),
  )
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 3 }).map(wire)
}

describe('tool schemas every provider accepts', () => {
  it.each(PROVIDER_IDS.map((id) => [id]))(
    '%s: any tools, any schemas: the request keeps the documented rules and nothing throws',
    (provider: ProviderId) => {
      const tool = fc.record({
        name: fc.oneof(fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,70}$/), fc.string({ maxLength: 8 })),
        description: fc.oneof(fc.string({ maxLength: 40 }), hugeText),
        inputSchema: topArb(true),
        own: fc.boolean(),
      })
      fc.assert(
        fc.property(fc.array(tool, { maxLength: 140 }), (tools: FittableTool[]) => {
          const fitted = fitToolsToProvider(tools, PROVIDERS[provider].toolRules)
          expect(declarationViolations(provider, fitted.tools.map(toDeclaration))).toEqual([])
          expect(fitted.tools.length + fitted.leftOut.length).toBe(tools.length)
          expect(() => JSON.stringify(fitted.tools)).not.toThrow()
        }),
        { numRuns: 40 },
      )
    },
  )

  it.each(PROVIDER_IDS.map((id) => [id]))(
    '%s: never stricter than the server’s schema, and every parameter it names is still declared',
    (provider: ProviderId) => {
      fc.assert(
        fc.property(
          topArb(false).chain((schema) =>
            fc.tuple(fc.constant(schema), fc.array(argumentsArb(schema), { maxLength: 8 })),
          ),
          ([schema, samples]) => {
            const sent = sentSchema(provider, schema)
            expect(sent).toBeDefined()
            // Top-level names, and (where the provider refuses combinators at the top) every name
            // a top-level branch declares.
            const expected = new Set(topNames(schema))
            if ((NO_TOP_COMBINATORS as readonly string[]).includes(provider))
              for (const keyword of ['anyOf', 'oneOf', 'allOf'])
                for (const branch of (schema[keyword] as unknown[] | undefined) ?? [])
                  if (typeof branch === 'object' && branch !== null && !('$ref' in branch))
                    for (const name of topNames(branch)) expected.add(name)
            for (const name of expected) expect(topNames(sent)).toContain(name)
            const original = compileJsonSchema(schema)
            if (!original.ok) return
            const reduced = compileJsonSchema(sent!)
            expect(reduced).toMatchObject({ ok: true })
            if (!reduced.ok) return
            for (const args of [{}, ...samples])
              if (original.check(args).length === 0) expect(reduced.check(args)).toEqual([])
          },
        ),
        { numRuns: 120 },
      )
    },
  )

  it('OpenAI and Anthropic: a union at the top becomes its branches’ properties, required where every branch requires them', () => {
    const union = {
      type: 'object',
      anyOf: [
        {
          type: 'object',
          properties: { action: { const: 'read' }, path: { type: 'string', description: 'The file' } },
          required: ['action', 'path'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            action: { const: 'write' },
            path: { type: 'string', description: 'The file' },
            lines: { type: 'array' },
          },
          required: ['action', 'path', 'lines'],
          additionalProperties: false,
        },
      ],
    }
    for (const provider of NO_TOP_COMBINATORS) {
      const lines = provider === 'anthropic' ? { type: 'array' } : { type: 'array', items: {} }
      expect(sentSchema(provider, union)).toEqual({
        type: 'object',
        properties: {
          action: { anyOf: [{ const: 'read' }, { const: 'write' }] },
          path: { type: 'string', description: 'The file' },
          lines,
        },
        required: ['action', 'path'],
      })
    }
    // Gemini takes the combinator as it is.
    expect(sentSchema('gemini', union)).toEqual(union)
  })

  it('OpenAI: allOf at the top (a $ref among its branches) folds every branch in, with every branch’s required', () => {
    const schema = {
      type: 'object',
      $defs: { base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
      allOf: [{ $ref: '#/$defs/base' }, { properties: { tags: { type: 'array' } }, required: ['tags'] }],
    }
    expect(sentSchema('openai-responses', schema)).toEqual({
      type: 'object',
      $defs: schema.$defs,
      properties: { id: { type: 'integer' }, tags: { type: 'array', items: {} } },
      required: ['id', 'tags'],
    })
  })

  it('a branch that leaves a parameter open sends it open, keeping its description', () => {
    const schema = {
      type: 'object',
      oneOf: [
        { properties: { a: { type: 'string', description: 'The A' } }, required: ['a'] },
        { properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    }
    expect(sentSchema('anthropic', schema)).toEqual({
      type: 'object',
      properties: { a: { description: 'The A' }, b: {} },
    })
  })

  it.each(PROVIDER_IDS.map((id) => [id]))('%s: a parameter named __proto__ is declared like any other', (provider) => {
    const schema = wire(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"x":{"type":"number"}}}') as Record<
        string,
        unknown
      >,
    )
    const sent = sentSchema(provider, schema)!
    expect(Object.keys(sent.properties as object)).toEqual(['__proto__', 'x'])
    expect(JSON.stringify(sent)).toContain('"__proto__":{"type":"string"}')
  })

  it.each(KEEPS_REFS.map((id) => [id]))(
    '%s: a $ref into a combinator removed at the top is loosened, so the schema sent still resolves',
    (provider) => {
      const schema = {
        type: 'object',
        anyOf: [{ properties: { a: { type: 'string' } } }],
        properties: { b: { $ref: '#/anyOf/0/properties/a' } },
      }
      const sent = sentSchema(provider, schema)!
      expect(sent).toEqual({ type: 'object', properties: { b: {}, a: { type: 'string' } } })
      expect(compileJsonSchema(sent).ok).toBe(true)
    },
  )

  it('Gemini: where a cyclic $ref is loosened, unevaluatedProperties beside it goes too (never stricter)', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, child: { allOf: [{ $ref: '#' }], unevaluatedProperties: false } },
    }
    const sent = sentSchema('gemini', schema)!
    expect(declarationViolations('gemini', [{ name: 't', description: 'd', schema: sent }])).toEqual([])
    const args = { name: 'a', child: { name: 'b', child: { name: 'c' } } }
    const original = compileJsonSchema(schema)
    const reduced = compileJsonSchema(sent)
    if (!original.ok || !reduced.ok) throw new Error('does not compile')
    expect(original.check(args)).toEqual([])
    expect(reduced.check(args)).toEqual([])
  })
})

function toDeclaration(tool: { name: string; description: string; inputSchema: Record<string, unknown> }) {
  return { name: tool.name, description: tool.description, schema: tool.inputSchema }
}

describe('checking arguments against the server’s own schema', () => {
  it('a schema that refers to itself without end refuses the arguments instead of throwing', () => {
    const compiled = compileJsonSchema({ type: 'object', oneOf: [{ $ref: '#' }, true] })
    if (!compiled.ok) throw new Error(compiled.reason)
    expect(compiled.check({})).toEqual([
      { path: '', message: "arguments: cannot be checked (the tool's schema refers to itself without end)" },
    ])
  })
})
