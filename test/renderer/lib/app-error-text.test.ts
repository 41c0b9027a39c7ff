import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AppErrorDetail } from '../../../src/shared/ipc/app-error'
import { LOCALES } from '../../../src/shared/locale'
import { KeyStorageNotice } from '../../../src/renderer/src/features/settings/settings-panel'
import { translator } from '../../../src/renderer/src/i18n/messages'
import { appErrorText } from '../../../src/renderer/src/lib/app-error-text'

/** One of each detail the core sends (a new code without a case here fails the type check below). */
const DETAILS: { [C in AppErrorDetail['code']]: Extract<AppErrorDetail, { code: C }> } = {
  'conversation-not-found': { code: 'conversation-not-found' },
  'conversation-busy': { code: 'conversation-busy' },
  'measurement-not-found': { code: 'measurement-not-found' },
  'file-not-found': { code: 'file-not-found' },
  'unit-not-for-kind': { code: 'unit-not-for-kind', kind: 'weight', unit: 'cm', units: ['kg', 'lb'] },
  'value-out-of-range': { code: 'value-out-of-range', kind: 'height', value: 900.5, unit: 'cm', min: 40, max: 250 },
  'plain-text-key-refused': { code: 'plain-text-key-refused' },
  'key-storage-unavailable': { code: 'key-storage-unavailable' },
  'shutting-down': { code: 'shutting-down' },
  'too-many-runs': { code: 'too-many-runs', max: 8 },
  'invalid-key': { code: 'invalid-key' },
  'disk-full': { code: 'disk-full' },
  'date-out-of-range': { code: 'date-out-of-range', earliest: Date.UTC(1900, 0, 1), latest: Date.UTC(2026, 11, 2) },
  'mcp-server-not-found': { code: 'mcp-server-not-found' },
  'mcp-import-invalid': { code: 'mcp-import-invalid' },
  'mcp-consent-stale': { code: 'mcp-consent-stale' },
  'mcp-instructions-stale': { code: 'mcp-instructions-stale' },
  'mcp-sign-in-not-applicable': { code: 'mcp-sign-in-not-applicable' },
  'mcp-sign-in-failed': { code: 'mcp-sign-in-failed' },
  'mcp-not-running': { code: 'mcp-not-running' },
  'mcp-feature-unsupported': { code: 'mcp-feature-unsupported', feature: 'prompts' },
  'mcp-item-not-found': { code: 'mcp-item-not-found' },
  'mcp-invalid-params': { code: 'mcp-invalid-params', missing: ['city'] },
  'mcp-timeout': { code: 'mcp-timeout' },
  'mcp-too-large': { code: 'mcp-too-large' },
  'mcp-connection-lost': { code: 'mcp-connection-lost' },
  'mcp-server-failed': { code: 'mcp-server-failed' },
  'message-not-found': { code: 'message-not-found' },
  'message-action-not-applicable': { code: 'message-action-not-applicable' },
  'provider-not-ready': { code: 'provider-not-ready', provider: 'openai-responses', reason: 'no-key' },
  'import-invalid': { code: 'import-invalid', where: 'conversation.messages.0.role' },
  'import-failed': { code: 'import-failed', problem: 'disk-full', where: 'conversations.3' },
  'import-upload': { code: 'import-upload' },
  'import-running': { code: 'import-running' },
  'runs-active': { code: 'runs-active' },
  'attachment-type': { code: 'attachment-type', name: 'a.pdf' },
  'attachment-image-too-big': { code: 'attachment-image-too-big', name: 'big.png', size: 6_000_000, max: 3_932_160 },
  'attachment-text-too-big': { code: 'attachment-text-too-big', name: 'big.log', size: 300_000, max: 262_144 },
  'attachment-too-many': { code: 'attachment-too-many', count: 11, max: 10 },
  'attachment-total-too-big': { code: 'attachment-total-too-big', size: 11_000_000, max: 10_485_760 },
  'attachment-not-image': { code: 'attachment-not-image', name: 'fake.png', declared: 'image/png' },
  'attachment-not-text': { code: 'attachment-not-text', name: 'a.bin' },
  'attachment-empty': { code: 'attachment-empty', name: 'empty.txt' },
}

describe('appErrorText', () => {
  it('words every typed detail in every language, with its values filled in', () => {
    for (const locale of LOCALES) {
      const t = translator(locale)
      const texts = new Set<string>()
      for (const detail of Object.values(DETAILS)) {
        const text = appErrorText(t, { message: 'core message (English)', detail })
        expect(text, `${locale} ${detail.code}`).not.toMatch(/[{}]|core message|^error\./)
        texts.add(text)
      }
      expect(texts.size).toBe(Object.keys(DETAILS).length)
    }
    const en = translator('en')
    expect(appErrorText(en, { message: '', detail: DETAILS['unit-not-for-kind'] })).toBe(
      '“cm” is not a unit for Weight (use kg, lb).',
    )
    expect(appErrorText(translator('pt-BR'), { message: '', detail: DETAILS['value-out-of-range'] })).toBe(
      '900,5 cm está fora da faixa plausível para Altura (40–250 cm).',
    )
    expect(
      appErrorText(en, {
        message: '',
        detail: { code: 'value-out-of-range', kind: 'height', value: 200, unit: 'in', min: 15.748031, max: 98.425197 },
      }),
    ).toBe('200 in is outside the plausible range for Height (15.7–98.4 in).')
    expect(appErrorText(translator('es'), { message: '', detail: DETAILS['conversation-busy'] })).toMatch(
      /^Todavía se está escribiendo/,
    )
    expect(appErrorText(en, { message: '', detail: DETAILS['attachment-image-too-big'] })).toBe(
      'big.png is too big (5.72 MB): images can be up to 3.75 MB.',
    )
    expect(appErrorText(translator('pt-BR'), { message: '', detail: DETAILS['attachment-text-too-big'] })).toBe(
      'big.log é grande demais (293 KB): arquivos de texto podem ter até 256 KB.',
    )
  })

  it('words each reason an import stopped, naming the record, in every language', () => {
    for (const locale of LOCALES) {
      const t = translator(locale)
      const texts = (['too-deep', 'record-too-large', 'file-too-large', 'disk-full'] as const).map((problem) =>
        appErrorText(t, {
          message: 'core message (English)',
          detail: { code: 'import-failed', problem, where: 'conversations.3' },
        }),
      )
      for (const text of texts) expect(text, locale).not.toMatch(/[{}]|core message|^error\./)
      expect(new Set(texts).size, locale).toBe(4)
      expect(texts[0], locale).toContain('conversations.3')
      expect(texts[3], locale).toContain('conversations.3')
    }
    expect(
      appErrorText(translator('en'), {
        message: '',
        detail: { code: 'import-failed', problem: 'too-deep', where: 'conversations.1' },
      }),
    ).toBe('Nothing was imported: conversations.1 nests deeper than 256 levels, which no Keel export does.')
  })

  it('without a detail, keeps the core message inside the localized "something went wrong"', () => {
    expect(appErrorText(translator('en'), { message: 'disk full' })).toBe('Something went wrong: disk full')
    expect(appErrorText(translator('pt-BR'), { message: 'disk full' })).toContain('disk full')
  })
})

describe('KeyStorageNotice', () => {
  const render = (mode: 'os-encrypted' | 'plain-text-opt-in' | 'memory-only', allow = false) =>
    renderToStaticMarkup(
      createElement(KeyStorageNotice, { mode, t: translator('en'), allowPlainText: allow, onAllowPlainText: () => {} }),
    )

  it('says nothing with a real keyring, warns and asks for an opt-in without one, and says "memory only" in browser mode', () => {
    expect(render('os-encrypted')).toBe('')
    const plain = render('plain-text-opt-in')
    expect(plain).toContain('no keyring Keel can use')
    expect(plain).toMatch(
      /<input type="checkbox" aria-describedby="key-storage-warning"\/> Store keys and MCP server values without encryption on this computer/,
    )
    expect(render('plain-text-opt-in', true)).toContain('checked=""')
    expect(render('memory-only')).toContain('kept in memory only')
  })
})
