// OpenAI Responses, Chat Completions, Gemini and Gemini Interactions: provider-run search and
// fetch read as hosted calls and citations beside (never as) client calls.
// Fixtures: test/fixtures/<provider>/hosted-*.sse (see test/fixtures/README.md).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ProviderId } from '../../../src/shared/provider-id'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { coalesceEvents, parseInReads, readBytes } from '../../helpers/parse-helpers'
import { SHARED_FIXTURES } from '../../helpers/fixture-bodies'

const bytes = (provider: ProviderId, file: string) => readBytes(`test/fixtures/${provider}/${file}`)
const parse = (provider: ProviderId, file: string, splits: number[] = []) =>
  parseInReads(provider, bytes(provider, file), splits)
const spanned = (text: string, span: { start: number; end: number } | undefined) =>
  span ? text.slice(span.start, span.end) : undefined

describe('OpenAI Responses web_search_call items and url_citation annotations', () => {
  const { result } = parse('openai-responses', 'hosted-web-search-then-function-call.sse')

  it('gives only the function call to the gate', () => {
    expect(result.toolCalls.map((call) => call.callId)).toEqual(['call_keel_hosted_01'])
    expect(mayRunToolCalls(result)).toBe(true)
  })

  it('reads a search (query, sources) and an opened page (a fetch)', () => {
    expect(
      result.hostedCalls.map(({ id, kind, queries, url, status, sources }) => ({
        id,
        kind,
        queries,
        url,
        status,
        n: sources.length,
      })),
    ).toEqual([
      {
        id: 'ws_keel_search_01',
        kind: 'search',
        queries: ['Berlin events today'],
        url: undefined,
        status: 'completed',
        n: 2,
      },
      {
        id: 'ws_keel_open_01',
        kind: 'fetch',
        queries: [],
        url: 'https://www.visitberlin.de/en/events',
        status: 'completed',
        n: 0,
      },
    ])
  })

  it('reads each annotation once (not again from the finished item), spanning its text', () => {
    expect(result.citations).toHaveLength(1)
    const [citation] = result.citations
    expect(citation!.url).toBe('https://www.wallpaper.com/art/berlin-art-week')
    expect(spanned(result.text, citation!.span)).toBe('Berlin Art Week starts today (wallpaper.com)')
  })
})

describe('Chat Completions search model annotations', () => {
  const { result } = parse('openai-chat', 'hosted-search-annotations.sse')

  it('gives a citation over the message text and no call of any kind', () => {
    expect(result.toolCalls).toEqual([])
    expect(result.hostedCalls).toEqual([])
    expect(result.finishReason).toBe('stop')
    expect(result.citations.map((c) => [c.url, c.title, spanned(result.text, c.span)])).toEqual([
      [
        'https://www.kartverket.no/en/at-sea/se-havniva',
        'Tide tables — Kartverket',
        'Oslo’s high water is at 14:02 today',
      ],
    ])
  })
})

describe('Gemini groundingMetadata and urlContextMetadata', () => {
  const { result } = parse('gemini', 'hosted-grounding-url-context.sse')

  it('reads a google_search call with its queries, sources and suggestions, and url_context fetches', () => {
    expect(result.finishReason).toBe('stop')
    expect(result.toolCalls).toEqual([])
    const [search, fetched, failed] = result.hostedCalls
    expect(search).toMatchObject({
      toolName: 'google_search',
      kind: 'search',
      queries: ['Oslo high tide today'],
      status: 'completed',
    })
    expect(search!.sources.map((s) => s.title)).toEqual(['kartverket.no', 'yr.no'])
    expect(search!.suggestionsHtml).toContain('class="chip"')
    expect(fetched).toMatchObject({
      toolName: 'url_context',
      kind: 'fetch',
      url: 'https://www.kartverket.no/en/at-sea/se-havniva',
      status: 'completed',
    })
    expect(failed).toMatchObject({
      url: 'https://example.org/gone',
      status: 'failed',
      errorCode: 'URL_RETRIEVAL_STATUS_ERROR',
    })
  })

  it('turns a grounding support into one citation per source, its byte offsets mapped onto the text', () => {
    expect(result.citations.map((c) => [c.title, c.supportedText, spanned(result.text, c.span)])).toEqual([
      ['kartverket.no', 'Die Flut in Oslo kommt um 14:02', 'Die Flut in Oslo kommt um 14:02'],
      ['yr.no', 'Die Flut in Oslo kommt um 14:02', 'Die Flut in Oslo kommt um 14:02'],
    ])
  })
})

describe('Gemini Interactions built-in tool steps', () => {
  const { result } = parse('gemini-interactions', 'hosted-search-url-context-then-function-call.sse')

  it('gives only the function call to the gate; search and URL context are hosted calls', () => {
    expect(result.toolCalls.map((call) => call.name)).toEqual(['save_note'])
    expect(mayRunToolCalls(result)).toBe(true)
    expect(
      result.hostedCalls.map(({ id, toolName, kind, queries, url, status }) => ({
        id,
        toolName,
        kind,
        queries,
        url,
        status,
      })),
    ).toEqual([
      {
        id: 'keelsrc1',
        toolName: 'google_search',
        kind: 'search',
        queries: ['Oslo high tide today', 'Oslo tidevann'],
        url: undefined,
        status: 'completed',
      },
      {
        id: 'keelurl1',
        toolName: 'url_context',
        kind: 'fetch',
        queries: [],
        url: 'https://www.kartverket.no/en/at-sea/se-havniva',
        status: 'completed',
      },
    ])
    expect(result.hostedCalls[0]!.suggestionsHtml).toContain('Oslo tide')
  })

  it('maps text annotations (bytes of the step text) onto the round text', () => {
    expect(result.citations.map((c) => [c.title, spanned(result.text, c.span)])).toEqual([
      ['kartverket.no', 'Flut in Oslo: 14:02 Uhr'],
    ])
  })

  const recorded = join(SHARED_FIXTURES, 'gemini-interactions/steps-google-search-builtin.sse')
  it.skipIf(!existsSync(recorded))('reads the recorded google_search steps as one hosted search', () => {
    const { result: real } = parseInReads('gemini-interactions', readBytes(recorded))
    expect(real.toolCalls).toEqual([])
    expect(real.finishReason).toBe('stop')
    expect(real.hostedCalls).toHaveLength(1)
    expect(real.hostedCalls[0]).toMatchObject({ id: '7xveqyd2', kind: 'search', status: 'completed' })
    expect(real.hostedCalls[0]!.queries).toHaveLength(4)
    expect(real.citations.length).toBeGreaterThan(10)
    for (const citation of real.citations) expect(citation.span?.end ?? 0).toBeLessThanOrEqual(real.text.length)
  })
})

describe.each<[ProviderId, string]>([
  ['openai-responses', 'hosted-web-search-then-function-call.sse'],
  ['openai-chat', 'hosted-search-annotations.sse'],
  ['gemini', 'hosted-grounding-url-context.sse'],
  ['gemini-interactions', 'hosted-search-url-context-then-function-call.sse'],
])('%s %s', (provider, file) => {
  it('gives the same events and result at every read split', () => {
    const whole = parse(provider, file)
    const length = bytes(provider, file).length
    for (let at = 1; at < length; at += 5) {
      const split = parse(provider, file, [at])
      expect(coalesceEvents(split.events)).toStrictEqual(coalesceEvents(whole.events))
      expect(split.result).toStrictEqual(whole.result)
    }
  })
})
