// The provider's own web search in each request: the hosted tool each API documents, beside the
// client tools (Keel's own `web_search` gives way to the hosted one, whose name it would clash
// with); nothing at all when it is off, and nothing for Chat Completions, which has none.
import { describe, expect, it } from 'vitest'
import { hasHostedSearch } from '../../../src/shared/hosted-search'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import { buildProviderRequest } from '../../../src/main/providers/provider-registry'
import type { BuildRequestInput } from '../../../src/main/providers/provider-request'

function input(hostedSearch: boolean | undefined): BuildRequestInput {
  return {
    connection: { baseUrl: 'https://api.example', apiKey: 'k', model: 'm' },
    system: undefined,
    history: [{ role: 'user', text: 'news?' }] as BuildRequestInput['history'],
    tools: [
      { name: 'get_measurement', description: 'read', inputSchema: { type: 'object', properties: {} } },
      { name: 'web_search', description: 'local search', inputSchema: { type: 'object', properties: {} } },
    ],
    maxOutputTokens: 100,
    hostedSearch,
  }
}

const hostedEntry: Record<string, unknown> = {
  anthropic: { type: 'web_search_20250305', name: 'web_search' },
  'openai-responses': { type: 'web_search' },
  gemini: { googleSearch: {} },
  'gemini-interactions': { type: 'google_search' },
}

describe('hosted search in requests', () => {
  it.each(PROVIDER_IDS.filter((id) => hasHostedSearch(id)))(
    '%s: the hosted tool beside the client tools',
    (provider) => {
      const body = buildProviderRequest(provider, input(true)).body
      const tools = body.tools as Record<string, unknown>[]
      expect(tools).toContainEqual(hostedEntry[provider])
      const text = JSON.stringify(tools)
      expect(text).toContain('get_measurement')
      expect(text).not.toContain('local search')
    },
  )

  it.each(PROVIDER_IDS)('%s: off (or unset) sends no hosted tool and keeps every client tool', (provider) => {
    for (const off of [false, undefined]) {
      const text = JSON.stringify(buildProviderRequest(provider, input(off)).body.tools)
      expect(text).toContain('local search')
      expect(text).not.toMatch(/web_search_20250305|google_search|googleSearch|"type":"web_search"/)
    }
  })

  it('Chat Completions has none of its own: only an OpenRouter entry gets its web plugin', () => {
    expect(hasHostedSearch('openai-chat')).toBe(false)
    expect(hasHostedSearch('openai-chat', 'ollama')).toBe(false)
    expect(hasHostedSearch('openai-chat', 'openrouter')).toBe(true)
    // The setup sets it only for OpenRouter; the builder then asks for the plugin and keeps the client tools.
    const body = buildProviderRequest('openai-chat', input(true)).body
    expect(body.plugins).toEqual([{ id: 'web' }])
    expect(JSON.stringify(body.tools)).toContain('get_measurement')
    expect(buildProviderRequest('openai-chat', input(false)).body.plugins).toBeUndefined()
  })
})

describe('limits on the provider search', () => {
  const limited = (limits: BuildRequestInput['hostedSearchLimits']) => ({ ...input(true), hostedSearchLimits: limits })

  it('Anthropic takes the most searches and the allowed or blocked sites', () => {
    const tools = (limits: BuildRequestInput['hostedSearchLimits']) =>
      buildProviderRequest('anthropic', limited(limits)).body.tools as Record<string, unknown>[]
    expect(tools({ maxSearches: 3, allowedDomains: ['example.com'] })).toContainEqual({
      type: 'web_search_20250305',
      name: 'web_search',
      max_uses: 3,
      allowed_domains: ['example.com'],
    })
    expect(tools({ blockedDomains: ['spam.example'] })).toContainEqual({
      type: 'web_search_20250305',
      name: 'web_search',
      blocked_domains: ['spam.example'],
    })
  })

  it('the Responses API takes the allowed sites; the others search as they do', () => {
    const responses = buildProviderRequest('openai-responses', limited({ maxSearches: 2, allowedDomains: ['a.org'] }))
    expect(responses.body.tools).toContainEqual({ type: 'web_search', filters: { allowed_domains: ['a.org'] } })
    const gemini = buildProviderRequest('gemini', limited({ maxSearches: 2, allowedDomains: ['a.org'] }))
    expect(gemini.body.tools).toContainEqual({ googleSearch: {} })
  })
})

describe('limits as settings', () => {
  it('take site names only, at most 20 searches, and not allowed and blocked sites at once', async () => {
    const { hostedSearchLimitsSchema } = await import('../../../src/shared/web-tools-schema')
    expect(hostedSearchLimitsSchema.parse({ allowedDomains: [' Docs.Example.org '] })).toEqual({
      allowedDomains: ['docs.example.org'],
    })
    for (const bad of [
      { maxSearches: 0 },
      { maxSearches: 21 },
      { allowedDomains: ['https://example.com/path'] },
      { allowedDomains: ['localhost'] },
      { allowedDomains: ['a.com'], blockedDomains: ['b.com'] },
    ])
      expect(hostedSearchLimitsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })
})
