// What the provider's own tools did for an answer and the sources it cites, in the window: the
// live answer (from the run's stream events) and the reopened one (from the stored parts) show the
// same lines and the same numbered sources; Google's suggestions become plain links, never HTML.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../../src/shared/conversation'
import type { Citation, HostedCall } from '../../../../src/shared/hosted-tools'
import type { RunEvent } from '../../../../src/shared/run-events'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { Answer } from '../../../../src/renderer/src/features/chat/messages'
import { suggestionLinks } from '../../../../src/renderer/src/features/chat/web-activity'
import { initialRun, reduceRunEvents } from '../../../../src/renderer/src/state/run-reducer'

const search = (status: HostedCall['status'], extra: Partial<HostedCall> = {}): HostedCall => ({
  id: 'ws_1',
  toolName: 'web_search',
  kind: 'search',
  queries: ['oslo tide', 'oslo high water'],
  url: undefined,
  status,
  errorCode: undefined,
  sources: [],
  suggestionsHtml: undefined,
  ...extra,
})
const fetched: HostedCall = {
  ...search('failed'),
  id: 'wf_1',
  toolName: 'web_fetch',
  kind: 'fetch',
  queries: [],
  url: 'https://example.org/t',
  errorCode: 'url_not_accessible',
}
const cite = (url: string, extra: Partial<Citation> = {}): Citation => ({
  url,
  title: undefined,
  citedText: undefined,
  supportedText: undefined,
  span: undefined,
  ...extra,
})
const citations = [
  cite('https://www.kartverket.no/tides', { title: 'Tide tables', citedText: 'High water at 14:02.' }),
  cite('https://example.org/fjord'),
  cite('https://www.kartverket.no/tides', { citedText: 'Low water at 20:10.' }),
]
const suggestions =
  '<style>.chip{}</style><div class="carousel"><a class="chip" href="https://www.google.com/search?q=Oslo+tide&amp;hl=en">Oslo <b>tide</b></a><a href="javascript:alert(1)">bad</a><script>alert(2)</script></div>'

const t = translator('en')
const noop = () => {}
const render = (props: { run?: ReturnType<typeof initialRun>; message?: Message }) =>
  renderToStaticMarkup(createElement(Answer, { ...props, t, onRetry: undefined, onAnswer: noop, onCancelRetry: noop }))
const webPart = (html: string) => html.slice(html.indexOf('<div class="hosted-calls"'), html.indexOf('</section>') + 10)

describe('hosted calls and sources in the window', () => {
  const streamed: RunEvent[] = [
    { type: 'stream', round: 1, event: { type: 'hosted-call', call: search('running') } },
    { type: 'stream', round: 1, event: { type: 'hosted-call', call: fetched } },
    {
      type: 'stream',
      round: 1,
      event: { type: 'hosted-call', call: search('completed', { suggestionsHtml: suggestions }) },
    },
    { type: 'stream', round: 1, event: { type: 'text-delta', delta: 'High water is at 14:02.' } },
    ...citations.map((citation): RunEvent => ({ type: 'stream', round: 1, event: { type: 'citation', citation } })),
  ]

  it('live: one line per call (latest state, in announcement order), numbered sources, suggestion links', () => {
    const run = reduceRunEvents(initialRun('r1'), streamed)
    expect(run.hostedCalls.map((c) => [c.id, c.status])).toEqual([
      ['ws_1', 'completed'],
      ['wf_1', 'failed'],
    ])
    const html = render({ run })
    expect(html).toContain('Searched: oslo tide, oslo high water — done')
    expect(html).toContain('Read: https://example.org/t — failed (url_not_accessible)')
    expect(html).toContain(
      '<li value="1" data-testid="source"><a href="https://www.kartverket.no/tides" target="_blank" rel="noreferrer" title="High water at 14:02.\nLow water at 20:10.">Tide tables</a>',
    )
    expect(html).toContain(
      '<li value="2" data-testid="source"><a href="https://example.org/fjord" target="_blank" rel="noreferrer">example.org</a>',
    )
    expect(html).toContain(
      '<a href="https://www.google.com/search?q=Oslo+tide&amp;hl=en" target="_blank" rel="noreferrer">Oslo tide</a>',
    )
    expect(html).not.toMatch(/script|javascript|<style|chip/)
  })

  it('reopened: the stored answer shows the same as the live one did', () => {
    const run = reduceRunEvents(initialRun('r1'), streamed)
    const message: Message = {
      id: 'm1',
      conversationId: 'c1',
      turnId: 't1',
      seq: 2,
      role: 'assistant',
      status: 'complete',
      interruptReason: undefined,
      error: undefined,
      parts: [
        { type: 'text', text: 'High water is at 14:02.' },
        ...run.hostedCalls.map((call) => ({ type: 'hosted-call' as const, call })),
        ...citations.map((citation) => ({ type: 'citation' as const, citation })),
      ],
      notices: [],
      reasoningMs: undefined,
      createdAt: 1,
      updatedAt: 1,
    }
    expect(webPart(render({ message }))).toBe(webPart(render({ run })))
    expect(webPart(render({ message }))).toContain('Sources')
  })

  it('speaks Portuguese and Spanish', () => {
    const run = reduceRunEvents(initialRun('r1'), streamed.slice(0, 3))
    const pt = renderToStaticMarkup(
      createElement(Answer, { run, t: translator('pt-BR'), onRetry: undefined, onAnswer: noop, onCancelRetry: noop }),
    )
    expect(pt).toContain('Pesquisou: oslo tide, oslo high water — concluído')
    const es = renderToStaticMarkup(
      createElement(Answer, { run, t: translator('es'), onRetry: undefined, onAnswer: noop, onCancelRetry: noop }),
    )
    expect(es).toContain('Leyó: https://example.org/t — falló (url_not_accessible)')
  })
})

describe('Google search suggestions stripped to links', () => {
  it('keeps each http(s) link once with its words, decoding references; drops everything else', () => {
    expect(suggestionLinks(suggestions)).toEqual([
      { text: 'Oslo tide', href: 'https://www.google.com/search?q=Oslo+tide&hl=en' },
    ])
    expect(suggestionLinks("<a href='https://a.example/?q=caf&#233;'>caf&eacute; &#x2014; x</a>")).toEqual([
      { text: 'caf&eacute; — x', href: 'https://a.example/?q=caf%C3%A9' },
    ])
    expect(suggestionLinks('<div>no links</div><a href="data:text/html,x">x</a>')).toEqual([])
  })
})
