// Anthropic server tools (web search, web fetch) read as hosted calls and citations, never as
// client tool calls; `pause_turn` as its own finish. Fixtures: test/fixtures/anthropic/hosted-*.sse.
import { describe, expect, it } from 'vitest'
import { coalesceEvents, parseInReads, readBytes } from '../../helpers/parse-helpers'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'

const bytes = (file: string) => readBytes(`test/fixtures/anthropic/${file}`)
const parse = (file: string, splits: number[] = []) => parseInReads('anthropic', bytes(file), splits)

describe('Anthropic web search then a client call (hosted-web-search-then-tool-use.sse)', () => {
  const { result, events } = parse('hosted-web-search-then-tool-use.sse')

  it('gives only the client call to the gate; the search is a hosted call with its sources', () => {
    expect(result.toolCalls.map((call) => call.name)).toEqual(['save_note'])
    expect(mayRunToolCalls(result)).toBe(true)
    expect(result.hostedCalls).toEqual([
      {
        id: 'srvtoolu_keel_search_01',
        toolName: 'web_search',
        kind: 'search',
        queries: ['Oslo tide tables today'],
        url: undefined,
        status: 'completed',
        errorCode: undefined,
        sources: [
          {
            url: 'https://www.kartverket.no/en/at-sea/se-havniva',
            title: 'Oslo tide tables — Kartverket',
            pageAge: '2 days ago',
          },
          { url: 'https://example.org/oslofjord-tides', title: 'Tides in Oslofjord', pageAge: undefined },
        ],
        suggestionsHtml: undefined,
      },
    ])
  })

  it('places the citation on the text block it came with', () => {
    expect(result.text).toBe("Let me search for that.High water in Oslo is at 14:02 today. I'll note it.")
    expect(result.citations).toHaveLength(1)
    const [citation] = result.citations
    expect(citation).toMatchObject({
      url: 'https://www.kartverket.no/en/at-sea/se-havniva',
      title: 'Oslo tide tables — Kartverket',
      citedText: 'High water in Oslo today at 14:02 (32 cm). ',
    })
    expect(result.text.slice(citation!.span!.start, citation!.span!.end)).toBe('High water in Oslo is at 14:02 today.')
  })

  it('keeps the server blocks verbatim, in their place, for the next request', () => {
    const blocks = result.replay.filter((item) => item.type === 'anthropic-server-block')
    expect(blocks.map((item) => [item.block.type, item.textOffset])).toEqual([
      ['server_tool_use', 23],
      ['web_search_tool_result', 23],
    ])
    expect(blocks[0]!.block).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_keel_search_01',
      name: 'web_search',
      input: { query: 'Oslo tide tables today' },
    })
    const content = blocks[1]!.block.content as { encrypted_content: string }[]
    expect(content.map((entry) => entry.encrypted_content.length > 0)).toEqual([true, true])
  })

  it('emits the hosted call before its result, and no tool-call event for it', () => {
    const hosted = events.filter((event) => event.type === 'hosted-call')
    expect(hosted.map((event) => event.call.status)).toEqual(['running', 'running', 'completed'])
    const starts = events.filter((event) => event.type === 'tool-call-start')
    expect(starts).toEqual([{ type: 'tool-call-start', callId: 'toolu_keel_note_01', name: 'save_note' }])
  })
})

describe('Anthropic web fetch, a failed search, then pause_turn (hosted-fetch-then-pause-turn.sse)', () => {
  const { result } = parse('hosted-fetch-then-pause-turn.sse')

  it('finishes as paused: not done, not a tool-call finish, nothing to run', () => {
    expect(result).toMatchObject({
      complete: true,
      truncated: false,
      finishReason: 'paused',
      rawFinishReason: 'pause_turn',
    })
    expect(result.error).toBeUndefined()
    expect(result.toolCalls).toEqual([])
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it('reads the fetch with its page and the search error code', () => {
    expect(
      result.hostedCalls.map(({ toolName, kind, queries, url, status, errorCode }) => ({
        toolName,
        kind,
        queries,
        url,
        status,
        errorCode,
      })),
    ).toEqual([
      {
        toolName: 'web_fetch',
        kind: 'fetch',
        queries: [],
        url: 'https://example.org/tides',
        status: 'completed',
        errorCode: undefined,
      },
      {
        toolName: 'web_search',
        kind: 'search',
        queries: ['spring tide 2026'],
        url: undefined,
        status: 'failed',
        errorCode: 'max_uses_exceeded',
      },
    ])
    expect(result.hostedCalls[0]!.sources).toEqual([
      { url: 'https://example.org/tides', title: 'Tides explained', pageAge: undefined },
    ])
  })
})

describe.each(['hosted-web-search-then-tool-use.sse', 'hosted-fetch-then-pause-turn.sse'])('%s', (file) => {
  it('gives the same events and result at every read split', () => {
    const whole = parse(file)
    const length = bytes(file).length
    for (let at = 1; at < length; at += 7) {
      const split = parse(file, [at])
      expect(coalesceEvents(split.events)).toStrictEqual(coalesceEvents(whole.events))
      expect(split.result).toStrictEqual(whole.result)
    }
    const byteAtATime = parse(
      file,
      Array.from({ length: length - 1 }, (_, i) => i + 1),
    )
    expect(byteAtATime.result).toStrictEqual(whole.result)
  })
})
