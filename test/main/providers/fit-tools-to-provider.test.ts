// any set of tools fits every provider's declared rules (property), and the
// rules' edge cases one by one: a shortened description, combinators at the top, arrays without
// items, self-referential and exponentially expanding `$ref`s, schemas too deep to send.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../src/main/providers/provider-registry'
import { fitToolsToProvider, shortenText, type FittableTool } from '../../../src/main/providers/fit-tools-to-provider'
import type { ProviderToolRules } from '../../../src/main/providers/provider-tool-rules'
import { compileInputSchema } from '../../../src/main/mcp/mcp-json-schema'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'

const RULES = PROVIDER_IDS.map((id) => [id, PROVIDERS[id].toolRules] as const)
const chat = PROVIDERS['openai-chat'].toolRules
const gemini = PROVIDERS.gemini.toolRules

/** Every way a request's tools break `rules`, checked from the rules' own words (not the fitter's code). */
function violations(
  tools: readonly { name: string; description: string; inputSchema: Record<string, unknown> }[],
  rules: ProviderToolRules,
): string[] {
  const found: string[] = []
  if (rules.maxTools !== undefined && tools.length > rules.maxTools) found.push(`${tools.length} tools`)
  if (new Set(tools.map((t) => t.name)).size !== tools.length) found.push('a name twice')
  for (const tool of tools) {
    if (!rules.namePattern.test(tool.name)) found.push(`name ${tool.name}`)
    if (rules.maxDescriptionChars !== undefined && tool.description.length > rules.maxDescriptionChars)
      found.push(`${tool.name}: description ${tool.description.length}`)
    if (tool.inputSchema.type !== 'object') found.push(`${tool.name}: top type`)
    for (const keyword of rules.topLevelForbidden)
      if (keyword in tool.inputSchema) found.push(`${tool.name}: top ${keyword}`)
    // Every object in the schema, wherever it is (the generated schemas put none in enum/const/default).
    const stack: unknown[] = [tool.inputSchema]
    while (stack.length > 0) {
      const node = stack.pop()
      if (typeof node !== 'object' || node === null) continue
      if (!Array.isArray(node)) {
        const record = node as Record<string, unknown>
        const isArray = record.type === 'array' || (Array.isArray(record.type) && record.type.includes('array'))
        if (rules.arrayItemsRequired && isArray && record.items === undefined)
          found.push(`${tool.name}: array without items`)
        if (rules.refsInlined && ('$ref' in record || '$dynamicRef' in record)) found.push(`${tool.name}: a $ref`)
      }
      stack.push(...Object.values(node))
    }
  }
  return found
}

const leaf = fc.oneof(
  fc.constantFrom<Record<string, unknown>>(
    { type: 'string' },
    { type: 'number', exclusiveMinimum: 0 },
    { type: 'array' },
    { type: ['array', 'null'] },
    { $ref: '#' },
    { $ref: '#/$defs/node' },
    { $ref: '#/$defs/missing' },
    { $dynamicRef: '#meta' },
  ),
  fc.record({ type: fc.constant('array'), items: fc.constant({ $ref: '#/$defs/node' }) }),
)
const schemaNode = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), tie('node'), { maxKeys: 3 }),
    }),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc.record({ $ref: fc.constant('#/$defs/node'), description: fc.string() }),
  ),
})).node
const topSchema = fc.record(
  {
    type: fc.constant('object'),
    properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), schemaNode, { maxKeys: 4 }),
    $defs: fc.record({ node: schemaNode }),
    anyOf: fc.array(schemaNode, { maxLength: 2 }),
    oneOf: fc.array(schemaNode, { maxLength: 2 }),
    enum: fc.constant([{}]),
    not: schemaNode,
  },
  { requiredKeys: ['type'] },
)
const toolArb = fc.record({
  name: fc.oneof(
    fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,70}$/),
    fc.string({ maxLength: 10 }),
    fc.constantFrom('mcp__a__b.c', '9lives', 'get_measurement'),
  ),
  description: fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 1000, maxLength: 3000, unit: fc.constantFrom('a', 'é', '😀', ' ') }),
  ),
  inputSchema: topSchema,
  own: fc.boolean(),
})

describe('fitToolsToProvider', () => {
  it.each(RULES)(
    '%s: any tool set fits the rules, and every tool is either sent or named as left out',
    (_id, rules) => {
      fc.assert(
        fc.property(fc.array(toolArb, { maxLength: 160 }), (tools: FittableTool[]) => {
          const fitted = fitToolsToProvider(tools, rules)
          expect(violations(fitted.tools, rules)).toEqual([])
          expect(fitted.tools.length + fitted.leftOut.length).toBe(tools.length)
          // Over the limit, no server's tool goes while one of Keel's own is left out.
          const overLimit = fitted.leftOut.filter((t) => t.reason.kind === 'over-limit')
          if (overLimit.some((t) => tools.find((o) => o.name === t.name)?.own))
            expect(fitted.tools.every((t) => tools.find((o) => o.name === t.name)?.own)).toBe(true)
          // Nothing is left out for its count unless the request is full.
          if (overLimit.length > 0) expect(fitted.tools.length).toBe(rules.maxTools)
        }),
        { numRuns: 60 },
      )
    },
  )

  it('Chat Completions: over 128, Keel’s own first, then the servers’ in the order offered; the rest named with the limit', () => {
    const server = Array.from({ length: 140 }, (_, i) => ({
      name: `mcp__s__t${i}`,
      description: 'x',
      inputSchema: { type: 'object' },
      own: false,
    }))
    const own = [{ name: 'record_measurement', description: 'y', inputSchema: { type: 'object' }, own: true }]
    const fitted = fitToolsToProvider([...server, ...own], chat)
    expect(fitted.tools.map((t) => t.name)).toEqual(['record_measurement', ...server.slice(0, 127).map((t) => t.name)])
    expect(fitted.leftOut).toEqual(
      server.slice(127).map((t) => ({ name: t.name, reason: { kind: 'over-limit', max: 128 } })),
    )
  })

  it('shortens a description to the limit without splitting a character, and says which were shortened', () => {
    const fitted = fitToolsToProvider(
      [{ name: 'long', description: `${'a'.repeat(1022)}😀tail`, inputSchema: { type: 'object' }, own: false }],
      chat,
    )
    expect(fitted.tools[0]!.description).toBe(`${'a'.repeat(1022)}…`)
    expect(fitted.shortened).toEqual(['long'])
    expect(shortenText('short', 1024)).toBe('short')
  })

  it('OpenAI: combinators go from the top and arrays get items; the tool’s own schema is untouched', () => {
    const schema = {
      type: 'object',
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
      properties: { a: { type: 'array' }, b: { type: 'array', items: { type: 'array' } } },
    }
    const copy = structuredClone(schema)
    const [sent] = fitToolsToProvider([{ name: 't', description: 'd', inputSchema: schema, own: false }], chat).tools
    expect(sent!.inputSchema).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: {} }, b: { type: 'array', items: { type: 'array', items: {} } } },
    })
    expect(schema).toEqual(copy)
  })

  it('Gemini: a self-referential schema is inlined once and loosened where it cycles, and the full one still validates', () => {
    const tree = {
      type: 'object',
      properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['value'],
    }
    const [sent] = fitToolsToProvider([{ name: 'tree', description: 'd', inputSchema: tree, own: false }], gemini).tools
    const once = {
      type: 'object',
      properties: { value: { type: 'number' }, children: { type: 'array', items: {} } },
      required: ['value'],
    }
    expect(sent!.inputSchema).toEqual({
      type: 'object',
      properties: { value: { type: 'number' }, children: { type: 'array', items: once } },
      required: ['value'],
    })
    const compiled = compileInputSchema(tree)
    if (!compiled.ok) throw new Error(compiled.reason)
    expect(compiled.schema.validate({ value: 1, children: [{ value: 2, children: [] }] }).ok).toBe(true)
    expect(compiled.schema.validate({ value: 1, children: [{ children: [] }] }).ok).toBe(false)
  })

  it('Gemini: a $ref that expands exponentially falls back to loosened refs within the budget; too deep a schema is left out', () => {
    const defs: Record<string, unknown> = { d0: { type: 'string' } }
    for (let i = 1; i <= 40; i++)
      defs[`d${i}`] = {
        type: 'object',
        properties: { l: { $ref: `#/$defs/d${i - 1}` }, r: { $ref: `#/$defs/d${i - 1}` } },
      }
    const huge = { type: 'object', $defs: defs, properties: { x: { $ref: '#/$defs/d40' } } }
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 5_000; i++) deep = { type: 'object', properties: { a: deep } }
    const fitted = fitToolsToProvider(
      [
        { name: 'huge', description: 'd', inputSchema: huge, own: false },
        { name: 'deep', description: 'd', inputSchema: deep, own: false },
      ],
      gemini,
    )
    expect(fitted.tools.map((t) => t.name)).toEqual(['huge'])
    expect(fitted.tools[0]!.inputSchema).toEqual({ type: 'object', properties: { x: {} } })
    expect(fitted.leftOut).toEqual([
      {
        name: 'deep',
        reason: { kind: 'schema-not-accepted', detail: 'its input schema is nested more than 100 levels deep' },
      },
    ])
    expect(() => JSON.stringify(fitted.tools)).not.toThrow()
  })

  it('leaves out a name the provider refuses, and a name given twice', () => {
    const tools = ['9lives', 'ok', 'ok'].map((name) => ({
      name,
      description: 'd',
      inputSchema: { type: 'object' },
      own: false,
    }))
    const fitted = fitToolsToProvider(tools, gemini)
    expect(fitted.tools.map((t) => t.name)).toEqual(['ok'])
    expect(fitted.leftOut.map((t) => [t.name, t.reason.kind])).toEqual([
      ['9lives', 'name-not-accepted'],
      ['ok', 'name-not-accepted'],
    ])
  })
})
