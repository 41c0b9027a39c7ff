import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../../src/shared/locale'
import type { ProviderListFailure } from '../../../../src/shared/ipc/app-contract'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import {
  asClause,
  modelsFailureReason,
  quotedDetail,
} from '../../../../src/renderer/src/features/settings/failure-detail-text'

const KINDS: ProviderListFailure[] = [
  'unreachable',
  'key-rejected',
  'no-models-endpoint',
  'bad-response',
  'timeout',
  'no-key',
  'server-error',
]

describe('failure details inside Keel’s sentences', () => {
  it('drop their own end punctuation and are quoted', () => {
    expect(asClause('Could not reach 127.0.0.1:11434 (ECONNREFUSED).')).toBe(
      'Could not reach 127.0.0.1:11434 (ECONNREFUSED)',
    )
    expect(asClause('  model  "x"\nnot found!  ')).toBe('model "x" not found')
    expect(quotedDetail('Invalid API key.')).toBe('“Invalid API key”')
  })

  it.each(LOCALES)('%s: the models note says every failure in the window’s language, ending once', (locale) => {
    const t = translator(locale)
    for (const kind of KINDS) {
      const reason = modelsFailureReason(
        t,
        { kind, message: 'Could not reach 127.0.0.1:11434 (ECONNREFUSED).' },
        '127.0.0.1:11434',
      )
      const sentence = t('providers.modelsFailed', { reason })
      expect(sentence, `${locale} ${kind}`).not.toMatch(/[.!?][)”"]?[.!?]/)
      // The main process's English is quoted as the server's words at most, never the sentence itself.
      if (kind !== 'key-rejected' && kind !== 'server-error')
        expect(sentence, `${locale} ${kind}`).not.toContain('ECONNREFUSED')
    }
    expect(
      t('providers.modelsFailed', {
        reason: modelsFailureReason(t, { kind: 'unreachable', message: '' }, '127.0.0.1:11434'),
      }),
    ).toContain('127.0.0.1:11434')
  })
})
