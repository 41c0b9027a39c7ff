// The x-mcp-header rules a client on Streamable HTTP enforces (2026-07-28): which declarations
// drop a tool, and that a tool without any is untouched.
import { describe, expect, it } from 'vitest'
import { screenHeaderDeclarations, xMcpHeaderFault } from '../../../src/main/mcp/mcp-param-headers'

const prop = (schema: Record<string, unknown>) => ({ type: 'object', properties: { p: schema } })

describe('x-mcp-header', () => {
  it.each([
    ['a string', prop({ type: 'string', 'x-mcp-header': 'Region' })],
    ['an integer', prop({ type: 'integer', 'x-mcp-header': 'Priority' })],
    ['a boolean', prop({ type: 'boolean', 'x-mcp-header': 'Verbose' })],
    ['a nested property', prop({ type: 'object', properties: { q: { type: 'string', 'x-mcp-header': 'Q' } } })],
    ['no declaration', { type: 'object', properties: { a: { type: 'number' } } }],
  ])('accepts %s', (_name, schema) => {
    expect(xMcpHeaderFault(schema)).toBeUndefined()
  })

  it.each([
    ['an empty name', prop({ type: 'string', 'x-mcp-header': '' })],
    ['a space', prop({ type: 'string', 'x-mcp-header': 'My Header' })],
    ['a colon', prop({ type: 'string', 'x-mcp-header': 'A:B' })],
    ['non-ASCII', prop({ type: 'string', 'x-mcp-header': 'Régión' })],
    ['a control character', prop({ type: 'string', 'x-mcp-header': 'A\nB' })],
    ['an object', prop({ type: 'object', 'x-mcp-header': 'Filter' })],
    ['an array', prop({ type: 'array', 'x-mcp-header': 'List' })],
    ['a number', prop({ type: 'number', 'x-mcp-header': 'Ratio' })],
    ['no type', prop({ 'x-mcp-header': 'Any' })],
    [
      'a name twice, in another case',
      {
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Region' },
          b: { type: 'string', 'x-mcp-header': 'REGION' },
        },
      },
    ],
    ['under items', prop({ type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } })],
    ['under anyOf', { type: 'object', anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }],
    ['on the root', { type: 'object', 'x-mcp-header': 'Root' }],
  ])('refuses %s', (_name, schema) => {
    expect(xMcpHeaderFault(schema)).toEqual(expect.any(String))
  })

  it('keeps the other tools of a listing, in order, and says why one was dropped', () => {
    const screening = screenHeaderDeclarations([
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'bad', inputSchema: prop({ type: 'object', 'x-mcp-header': 'F' }) },
      { name: 'c', inputSchema: prop({ type: 'string', 'x-mcp-header': 'C' }) },
    ])
    expect(screening.kept.map((tool) => tool.name)).toEqual(['a', 'c'])
    expect(screening.dropped).toEqual([
      {
        name: 'bad',
        fault: { code: 'not-mirrorable', path: 'p' },
        reason: expect.stringMatching(/string, integer or boolean/),
      },
    ])
  })
})
