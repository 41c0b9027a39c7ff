// Where focus goes when a consent screen closes around the registry browser's "Add…": allowed, to
// the server's row; "Not now" on the server just added, back to its Add… button, or to Browse
// registry when that button is gone; any other "Not now" leaves focus alone.
import { describe, expect, it, vi } from 'vitest'
import { focusAfterConsent } from '../../../../src/renderer/src/features/mcp/mcp-registry-focus'

describe('focus after a consent screen closes', () => {
  it('allowed: the server’s row, whether or not it came from the registry', () => {
    const refocus = vi.fn(() => true)
    expect(focusAfterConsent('allowed', { refocus })).toBe('server-row')
    expect(focusAfterConsent('allowed', undefined)).toBe('server-row')
    expect(refocus).not.toHaveBeenCalled()
  })

  it('not now on a server just added: back to its Add… button, else Browse registry', () => {
    const refocus = vi.fn(() => true)
    expect(focusAfterConsent('not-now', { refocus })).toBe('add-button')
    expect(refocus).toHaveBeenCalledOnce()
    expect(focusAfterConsent('not-now', { refocus: () => false })).toBe('browse-button')
  })

  it('not now on any other server: unchanged', () => {
    expect(focusAfterConsent('not-now', undefined)).toBe('unchanged')
  })
})
