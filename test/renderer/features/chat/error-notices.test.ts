// Keel's failure messages in the window, rendered to markup: each with its action (the provider's
// settings, Retry only where it helps, the rate limit's wait), the same for a live answer (from the
// notice event) and a stored one (from the stored id and values), and technical details translated.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fallbackMessage, type NoticeRef } from '../../../../src/shared/fallback-messages'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { Diagnostics, diagnosticItems, Notices } from '../../../../src/renderer/src/features/chat/status'
import { initialRun, reduceRun } from '../../../../src/renderer/src/state/run-reducer'
import { Answer } from '../../../../src/renderer/src/features/chat/messages'

const render = (notices: { id: string; text: string; values?: NoticeRef['values'] }[], locale: 'en' | 'pt-BR' = 'en') =>
  renderToStaticMarkup(
    createElement(Notices, { notices, t: translator(locale), onRetry: () => {}, onOpenSettings: () => {} }),
  )

/** The live path: the notice event through the reducer. */
function live(ref: NoticeRef, locale: 'en' | 'pt-BR' = 'en') {
  const run = reduceRun(initialRun('r'), {
    type: 'notice',
    id: ref.id,
    text: fallbackMessage(locale, ref.id, ref.values),
    ...(ref.values ? { values: ref.values } : {}),
  })
  return render(run.notices, locale)
}
/** The stored path: the id and values kept with the answer, worded again. */
const stored = (ref: NoticeRef, locale: 'en' | 'pt-BR' = 'en') =>
  render(
    [{ id: ref.id, text: fallbackMessage(locale, ref.id, ref.values), ...(ref.values ? { values: ref.values } : {}) }],
    locale,
  )

describe('failure messages with their actions', () => {
  it('model not found: the provider settings, no Retry; live and stored alike', () => {
    const ref: NoticeRef = {
      id: 'model-not-found',
      values: {
        provider: 'Ollama',
        providerId: 'ollama',
        model: 'llama3.2',
        detail: 'model "llama3.2" not found, try pulling it first',
      },
    }
    const html = live(ref)
    expect(html).toContain('try pulling it first')
    expect(html).toContain('Open Ollama settings')
    expect(html).not.toContain('notice-retry')
    expect(stored(ref)).toBe(html)
  })

  it('server not reachable: settings and Retry', () => {
    const html = live({
      id: 'unreachable',
      values: { provider: 'Ollama', providerId: 'ollama', host: '127.0.0.1:11434' },
    })
    expect(html).toContain('Is Ollama running at 127.0.0.1:11434?')
    expect(html).toContain('notice-settings')
    expect(html).toContain('notice-retry')
  })

  it('rate limited: Retry waits for the provider, in the user language', () => {
    const html = live(
      { id: 'rate-limited-wait', values: { provider: 'Anthropic', providerId: 'anthropic', seconds: 30 } },
      'pt-BR',
    )
    expect(html).toContain('Aguarde 30 s')
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Tentar de novo em 30 s<\/button>/)
  })

  it('context too long: Settings, no Retry', () => {
    const html = stored({ id: 'context-too-long', values: { provider: 'OpenAI', providerId: 'openai-responses' } })
    expect(html).toContain('notice-settings')
    expect(html).not.toContain('notice-retry')
  })

  it('the length limit: no Retry (it would cut again; Continue on the answer is the action), nothing in Settings', () => {
    const html = live({ id: 'length-limit' })
    expect(html).toContain('The answer reached the length limit.')
    expect(html).not.toContain('notice-retry')
    expect(html).not.toContain('notice-settings')
  })

  it('the technical details are in the user language', () => {
    const t = translator('pt-BR')
    const html = renderToStaticMarkup(
      createElement(Diagnostics, {
        t,
        items: diagnosticItems(
          [
            {
              round: 1,
              attempt: 2,
              kind: 'model-not-found',
              status: 404,
              requestId: 'req_1',
              providerMessage: 'model not found',
            },
          ],
          t,
        ),
      }),
    )
    expect(html).toContain('Modelo não encontrado')
    expect(html).toContain('Rodada 1, tentativa 2 · HTTP 404 · solicitação req_1 · model not found')
  })
})

describe('a live answer speaks the window language of the moment (defect 16)', () => {
  it('a notice that arrived in Portuguese re-words in Spanish after the switch; an id the window does not know keeps its text', () => {
    const ref: NoticeRef = { id: 'truncated-actions-not-run', values: { actions: ['record_measurement'] } }
    const run = reduceRun(initialRun('r'), {
      type: 'notice',
      id: ref.id,
      text: fallbackMessage('pt-BR', ref.id, ref.values),
      values: ref.values!,
    })
    const titleOf = (tool: string, locale: 'en' | 'pt-BR' | 'es') =>
      tool === 'record_measurement'
        ? { en: 'Record measurement', 'pt-BR': 'Registrar medida', es: 'Registrar medida' }[locale]
        : undefined
    const html = renderToStaticMarkup(
      createElement(Notices, { notices: run.notices, t: translator('es'), onRetry: () => {}, titleOf }),
    )
    expect(html).toContain('La respuesta se cortó; la acción “Registrar medida” no se ejecutó.')
    expect(html).not.toContain('interrompida')
    const unknown = renderToStaticMarkup(
      createElement(Notices, { notices: [{ id: 'from-a-newer-core', text: 'Texto guardado.' }], t: translator('es') }),
    )
    expect(unknown).toContain('Texto guardado.')
  })

  it('"Retrying in N s" of a live answer follows the switch too', () => {
    const run = reduceRun(initialRun('r'), {
      type: 'retry-scheduled',
      attempt: 2,
      delayMs: 3500,
      reason: 'rate-limit',
      message: fallbackMessage('pt-BR', 'retrying', { seconds: 4 }),
    })
    const html = renderToStaticMarkup(
      createElement(Answer, {
        run,
        t: translator('es'),
        onRetry: undefined,
        onAnswer: () => {},
        onCancelRetry: () => {},
      }),
    )
    expect(html).toContain('Reintentando en 4 s…')
    expect(html).not.toContain('Tentando')
  })
})
