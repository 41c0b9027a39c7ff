// Admission of listed definitions on its own: what cannot come over the wire but can reach the hub
// through any port (a getter that throws, a value that is not JSON, nesting deep enough to overflow
// a recursive walker) is refused per tool, never thrown.
import { describe, expect, it } from 'vitest'
import { admitToolDefinitions, MCP_MAX_DEFINITION_DEPTH } from '../../../src/main/mcp/mcp-definition-admission'
import { mcpDefinitionHash } from '../../../src/main/mcp/mcp-definition-hash'

const fine = { name: 'fine', inputSchema: { type: 'object' } }

describe('admitToolDefinitions', () => {
  it('refuses a definition whose getter throws, keeps the others', () => {
    const trap = { name: 'trap', inputSchema: { type: 'object' } }
    Object.defineProperty(trap, 'description', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    const admission = admitToolDefinitions([trap, fine], 'S', mcpDefinitionHash)
    expect(admission.tools[0]).toMatchObject({ refused: expect.stringMatching(/cannot be read \(boom\)/) })
    expect(admission.tools[1]).toMatchObject({ tool: fine, hash: mcpDefinitionHash(fine) })
  })

  it('refuses nesting far past any stack (100,000 levels) without recursion', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 100_000; i++) schema = { type: 'object', properties: { a: schema } }
    const admission = admitToolDefinitions([{ name: 'deep', inputSchema: schema }, fine], 'S', mcpDefinitionHash)
    expect(admission.tools[0]!.refused).toContain(`nested deeper than ${MCP_MAX_DEFINITION_DEPTH} levels`)
    expect(admission.tools[1]!.refused).toBeUndefined()
  })

  it('refuses values that are not JSON, a missing input schema and a hash that throws; drops nameless entries', () => {
    const admission = admitToolDefinitions(
      [
        { name: 'nan', inputSchema: { type: 'object', maximum: Number.NaN } },
        { name: 'no_schema' },
        { inputSchema: {} },
        42,
        fine,
      ],
      'S',
      (tool) => {
        if (tool.name === 'fine') throw new Error('hash failed')
        return 'x'
      },
    )
    expect(admission.tools.map((tool) => [tool.tool.name, tool.refused])).toEqual([
      ['nan', expect.stringMatching(/not plain JSON/)],
      ['no_schema', expect.stringMatching(/no input schema/)],
      ['fine', expect.stringMatching(/cannot be read \(hash failed\)/)],
    ])
    expect(admission.dropped).toEqual(['entry 3 of its tool list has no name', 'entry 4 of its tool list has no name'])
  })

  it('keeps an own __proto__ key as a key (as JSON.parse made it)', () => {
    const parsed = JSON.parse(
      '{"name":"p","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}',
    ) as Record<string, unknown>
    const [admitted] = admitToolDefinitions([parsed], 'S', mcpDefinitionHash).tools
    expect(admitted!.hash).toBe(mcpDefinitionHash(parsed as never))
    expect(Object.keys((admitted!.tool.inputSchema as { properties: object }).properties)).toEqual(['__proto__'])
  })
})
