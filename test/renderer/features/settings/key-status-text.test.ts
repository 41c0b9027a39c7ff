// A key too short to show any of (under 16 characters) read "set, ends in …" with nothing after it.
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../../src/shared/locale'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { keyStatusText } from '../../../../src/renderer/src/features/settings/key-status-text'

describe('keyStatusText', () => {
  it('says where a key comes from and its ending', () => {
    const t = translator('en')
    expect(keyStatusText(t, { set: false })).toBe('not set')
    expect(keyStatusText(t, { set: true, endsWith: 'abcd', source: 'saved' })).toBe('set, ends in …abcd')
    expect(keyStatusText(t, { set: true, endsWith: 'wxyz', source: 'environment' })).toBe(
      'set from the environment, ends in …wxyz',
    )
  })

  it.each(LOCALES)('%s: a key shown without an ending says only that it is set, never "ends in …"', (locale) => {
    const t = translator(locale)
    const saved = keyStatusText(t, { set: true, endsWith: '', source: 'saved' })
    const fromEnvironment = keyStatusText(t, { set: true, endsWith: '', source: 'environment' })
    for (const text of [saved, fromEnvironment]) expect(text).not.toMatch(/…|\{end\}/)
    expect(saved).not.toBe(fromEnvironment)
    expect(saved).not.toBe(keyStatusText(t, { set: false }))
  })
})
