// Keel's failure messages in the window, rendered to markup: each with its action (the provider's
// settings, Retry only where it helps, the rate limit's wait), the same for a live answer (from the
// notice event) and a stored one (from the stored id and values), and technical details translated.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fallbackMessage, type NoticeRef } from '../../src/shared/fallback-messages'
import { translator } from '../../src/renderer/src/i18n/messages'
import { Diagnostics, diagnosticItems, Notices } from '../../src/renderer/src/components/status'
import { initialRun, reduceRun } from '../../src/renderer/src/state/run-reducer'

const render = (notices: { id: string; text: string; values?: NoticeRef['values'] }[], locale: 'en' | 'pt-BR' = 'en') =>
  renderToStaticMarkup(createElement(Notices, { notices, t: translator(locale), onRetry: () => {}, onOpenSettings: () => {} }))

/** The live path: the notice event through the reducer. */
function live(ref: NoticeRef, locale: 'en' | 'pt-BR' = 'en') {
  const run = reduceRun(initialRun('r'), { type: 'notice', id: ref.id, text: fallbackMessage(locale, ref.id, ref.values), ...(ref.values ? { values: ref.values } : {}) })
  return render(run.notices, locale)
}
/** The stored path: the id and values kept with the answer, worded again. */
const stored = (ref: NoticeRef, locale: 'en' | 'pt-BR' = 'en') => render([{ id: ref.id, text: fallbackMessage(locale, ref.id, ref.values), ...(ref.values ? { values: ref.values } : {}) }], locale)

describe('failure messages with their actions', () => {
  it('model not found: the provider settings, no Retry; live and stored alike', () => {
    const ref: NoticeRef = { id: 'model-not-found', values: { provider: 'Ollama', providerId: 'ollama', model: 'llama3.2', detail: 'model "llama3.2" not found, try pulling it first' } }
    const html = live(ref)
    expect(html).toContain('try pulling it first')
    expect(html).toContain('Open Ollama settings')
    expect(html).not.toContain('notice-retry')
    expect(stored(ref)).toBe(html)
  })

  it('server not reachable: settings and Retry', () => {
    const html = live({ id: 'unreachable', values: { provider: 'Ollama', providerId: 'ollama', host: '127.0.0.1:11434' } })
    expect(html).toContain('Is Ollama running at 127.0.0.1:11434?')
    expect(html).toContain('notice-settings')
    expect(html).toContain('notice-retry')
  })

  it('rate limited: Retry waits for the provider, in the user language', () => {
    const html = live({ id: 'rate-limited-wait', values: { provider: 'Anthropic', providerId: 'anthropic', seconds: 30 } }, 'pt-BR')
    expect(html).toContain('Aguarde 30 s')
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Tentar de novo em 30 s<\/button>/)
  })

  it('context too long: Settings, no Retry', () => {
    const html = stored({ id: 'context-too-long', values: { provider: 'OpenAI', providerId: 'openai-responses' } })
    expect(html).toContain('notice-settings')
    expect(html).not.toContain('notice-retry')
  })

  it('the technical details are in the user language', () => {
    const t = translator('pt-BR')
    const html = renderToStaticMarkup(
      createElement(Diagnostics, { t, items: diagnosticItems([{ round: 1, attempt: 2, kind: 'model-not-found', status: 404, requestId: 'req_1', providerMessage: 'model not found' }], t) }),
    )
    expect(html).toContain('Modelo não encontrado')
    expect(html).toContain('Rodada 1, tentativa 2 · HTTP 404 · solicitação req_1 · model not found')
  })
})
