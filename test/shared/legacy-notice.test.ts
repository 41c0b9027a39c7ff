// An answer stored before notices were kept: after a reload it still shows Keel's own message, in the UI language.
import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/shared/conversation'
import { fallbackMessage } from '../../src/shared/fallback-messages'
import { callsNotRun, legacyNotice } from '../../src/shared/legacy-notice'
import type { Locale } from '../../src/shared/locale'

/** The legacy notice as the window words it. */
const storedNotice = (message: Message, locale: Locale) => {
  const notice = legacyNotice(message)
  return notice && fallbackMessage(locale, notice.id, notice.values)
}

const base: Message = {
  id: 'm',
  conversationId: 'c',
  turnId: 't',
  seq: 2,
  role: 'assistant',
  status: 'complete',
  interruptReason: undefined,
  error: undefined,
  notices: [],
  reasoningMs: undefined,
  parts: [],
  createdAt: 0,
  updatedAt: 0,
}

describe('storedNotice', () => {
  it('a failed answer gets the fallback for its error kind', () => {
    expect(storedNotice({ ...base, status: 'failed', error: { kind: 'server', message: 'HTTP 500' } }, 'pt-BR')).toBe(
      fallbackMessage('pt-BR', 'no-answer'),
    )
    expect(storedNotice({ ...base, status: 'failed', error: { kind: 'quota-exceeded', message: 'x' } }, 'es')).toBe(
      fallbackMessage('es', 'quota-exceeded'),
    )
  })

  it('a cut answer names the actions that never got a result', () => {
    const message: Message = {
      ...base,
      status: 'interrupted',
      interruptReason: 'network',
      parts: [
        { type: 'text', text: 'Recording.' },
        {
          type: 'tool-call',
          callId: 'a',
          callIdIsLocal: false,
          toolName: 'record_measurement',
          argumentsText: '{',
          arguments: undefined,
        },
      ],
    }
    expect(storedNotice(message, 'en')).toBe(
      fallbackMessage('en', 'truncated-actions-not-run', { actions: ['record_measurement'] }),
    )
    expect(callsNotRun(message)).toEqual([{ callId: 'a', name: 'record_measurement' }])
  })

  it('an answer that kept its notices needs none derived', () => {
    expect(
      legacyNotice({
        ...base,
        status: 'failed',
        error: { kind: 'max-rounds', message: 'x' },
        notices: [{ id: 'max-rounds', values: { max: 8 } }],
      }),
    ).toBeUndefined()
  })

  it('says nothing for complete answers or the user own stop', () => {
    expect(storedNotice(base, 'en')).toBeUndefined()
    expect(storedNotice({ ...base, status: 'interrupted', interruptReason: 'user-stop' }, 'en')).toBeUndefined()
  })
})
