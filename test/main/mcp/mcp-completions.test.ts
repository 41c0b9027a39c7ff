// `completion/complete` through the reference `everything` server over stdio (its prompt and
// template arguments are completable), a server that does not offer completions (nothing sent),
// and answers a server gets wrong (kept as data: bad values dropped, capped).
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeArgument } from '../../../src/main/mcp/mcp-completions'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpRequester } from '../../../src/main/mcp/mcp-server-features'
import { MCP_MAX_COMPLETION_VALUES } from '../../../src/shared/mcp-completion'
import { referenceServer, stdioSpec, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'

const RESOURCES_SERVER = resolve(__dirname, '../../support/mcp/resources-server.mjs')

const open: McpConnection[] = []
async function ready(args: string[]): Promise<McpRequester> {
  const connection = new McpConnection(stdioSpec(args), TEST_OPTIONS)
  open.push(connection)
  await connection.start()
  const requester = connection.requester()
  if (!requester) throw new Error(`not ready: ${JSON.stringify(connection.status())}`)
  return requester
}

let everything: McpRequester
beforeAll(async () => {
  everything = await ready([referenceServer('everything'), 'stdio'])
}, 30_000)
afterAll(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()))
})

describe('completeArgument', () => {
  it('asks the everything server for a prompt argument, narrowed by the arguments already filled in', async () => {
    expect(everything.capabilities.completions).toBeDefined()
    const prompt = { type: 'prompt' as const, name: 'completable-prompt' }
    expect(await completeArgument(everything, prompt, { name: 'department', value: 'S' })).toEqual({
      ok: true,
      value: { values: ['Sales', 'Support'], total: 2, hasMore: false },
    })
    const all = await completeArgument(everything, prompt, { name: 'department', value: '' })
    expect(all.ok && all.value.values).toEqual(['Engineering', 'Sales', 'Marketing', 'Support'])
    // The second argument depends on the first: the context carries it.
    const names = await completeArgument(everything, prompt, { name: 'name', value: '' }, { department: 'Support' })
    expect(names.ok && names.value.values).toEqual(['John', 'Kim', 'Lee'])
    const none = await completeArgument(everything, prompt, { name: 'name', value: '' })
    expect(none.ok && none.value.values).toEqual([])
  })

  it('asks for a resource template argument by the template', async () => {
    const template = { type: 'resource' as const, uriTemplate: 'demo://resource/dynamic/text/{resourceId}' }
    const id = await completeArgument(everything, template, { name: 'resourceId', value: '7' })
    expect(id.ok && id.value.values).toEqual(['7'])
    const bad = await completeArgument(everything, template, { name: 'resourceId', value: 'x' })
    expect(bad.ok && bad.value.values).toEqual([])
  })

  it('sends nothing to a server that does not offer completions', async () => {
    const notes = await ready([RESOURCES_SERVER])
    expect(notes.capabilities.completions).toBeUndefined()
    expect(await completeArgument(notes, { type: 'prompt', name: 'summarise' }, { name: 'topic', value: '' })).toEqual({
      ok: false,
      error: { code: 'mcp-unsupported', feature: 'completions', message: expect.stringContaining('completions') },
    })
  })

  it('keeps what a server gets wrong as data: bad values dropped, duplicates once, at most the cap', async () => {
    const answers: unknown[] = [
      { completion: { values: ['a', 7, '', 'a', 'x'.repeat(5000), { v: 1 }, 'b'], total: -1 } },
      { completion: { values: Array.from({ length: 150 }, (_, i) => `v${i}`), total: 150 } },
      { nothing: true },
    ]
    const sent: unknown[] = []
    const liar: McpRequester = {
      serverName: 'liar',
      capabilities: { completions: {} },
      timeoutMs: 1000,
      request: async (method, params, schema) => {
        sent.push({ method, params })
        return schema.parse(answers.shift())
      },
    }
    const ref = { type: 'resource' as const, uriTemplate: 'x://{a}' }
    expect(await completeArgument(liar, ref, { name: 'a', value: '' }, { b: '1' })).toEqual({
      ok: true,
      value: { values: ['a', 'b'], hasMore: false },
    })
    expect(sent[0]).toEqual({
      method: 'completion/complete',
      params: {
        ref: { type: 'ref/resource', uri: 'x://{a}' },
        argument: { name: 'a', value: '' },
        context: { arguments: { b: '1' } },
      },
    })
    const many = await completeArgument(liar, ref, { name: 'a', value: '' })
    expect(many.ok && many.value).toMatchObject({ total: 150, hasMore: true })
    expect(many.ok && many.value.values).toHaveLength(MCP_MAX_COMPLETION_VALUES)
    expect(await completeArgument(liar, ref, { name: 'a', value: '' })).toMatchObject({
      ok: false,
      error: { code: 'mcp-server-error' },
    })
  })
})
