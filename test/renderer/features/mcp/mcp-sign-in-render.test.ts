// A remote server's sign-in in its settings, rendered to markup (no DOM): "Sign in" when it needs
// one, who it is signed in with (issuer, scope, expiry) with "Sign out", expired and refused in
// words, the page's link while the browser is open; none of it on a server on this computer; every
// language has the words.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { McpServerItem } from '../../../../src/renderer/src/features/mcp/mcp-server-item'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import type { KeelApi } from '../../../../src/shared/ipc/app-contract'
import { LOCALES } from '../../../../src/shared/locale'
import type { McpOAuthView } from '../../../../src/shared/mcp-oauth'
import { server } from '../../mcp-fixtures'

const api = {} as KeelApi
const noop = () => undefined
const remote = (oauth: McpOAuthView | undefined) =>
  server(
    { oauth, commandLine: 'https://mcp.example.com/mcp' },
    { transport: 'http', url: 'https://mcp.example.com/mcp', command: undefined, args: undefined },
  )
const item = (view: ReturnType<typeof server>, locale: (typeof LOCALES)[number] = 'en') =>
  renderToStaticMarkup(
    createElement(McpServerItem, {
      view,
      api,
      t: translator(locale),
      now: 0,
      consentShown: false,
      onView: noop,
      onRemoved: noop,
    }),
  )

const ISSUER = 'https://auth.example.com/'
const STATES: McpOAuthView[] = [
  { state: 'signed-out' },
  { state: 'needs-sign-in' },
  { state: 'signing-in', authorizationUrl: `${ISSUER}authorize?client_id=keel` },
  { state: 'signed-in', issuer: ISSUER, scope: 'mcp:read', expiresAt: Date.UTC(2030, 0, 1, 12) },
  { state: 'expired', issuer: ISSUER, canRefresh: true },
  { state: 'refused', issuer: ISSUER, reason: 'insufficient-scope' },
  { state: 'refused', issuer: ISSUER, reason: 'denied' },
  { state: 'refused', issuer: ISSUER, reason: 'timeout' },
  { state: 'refused', issuer: undefined, reason: 'issuer-mismatch' },
  { state: 'refused', issuer: undefined, reason: 'sign-in-failed' },
]
const REFUSALS = STATES.filter((oauth) => oauth.state === 'refused')

describe('sign-in in a remote server’s settings', () => {
  it('needs a sign-in: the state in words and Sign in, no Sign out', () => {
    const html = item(remote({ state: 'needs-sign-in' }))
    expect(html).toContain('Sign-in: this server needs you to sign in')
    expect(html).toContain('>Sign in</button>')
    expect(html).not.toContain('Sign out')
  })

  it('signed in: issuer, scope and expiry, Sign in again and Sign out', () => {
    const html = item(remote(STATES[3]))
    expect(html).toContain(`signed in at ${ISSUER}`)
    expect(html).toContain('scope: mcp:read')
    expect(html).toContain('expires Jan 1, 2030')
    expect(html).toContain('>Sign out</button>')
    expect(html).toContain('>Sign in again</button>')
  })

  it('expired and refused are said; while the browser is open the page is a link', () => {
    expect(item(remote(STATES[4]))).toContain(`sign-in expired at ${ISSUER}: Keel renews it when it connects`)
    expect(item(remote(STATES[5]))).toContain('the server refused this sign-in')
    const waiting = item(remote(STATES[2]))
    expect(waiting).toContain('waiting for you to finish signing in in your browser')
    expect(waiting).toContain(`href="${ISSUER}authorize?client_id=keel" target="_blank" rel="noopener noreferrer"`)
    // An address that is not a web page is not linked.
    expect(item(remote({ state: 'signing-in', authorizationUrl: 'javascript:alert(1)' }))).not.toContain('href=')
  })

  it('a server on this computer (no oauth in its view) shows no sign-in', () => {
    expect(item(server())).not.toContain('data-testid="mcp-sign-in"')
  })

  it.each(LOCALES)(
    '%s words each refusal code with its own sentence (from the type, not a status sentence)',
    (locale) => {
      const sentences = REFUSALS.map((oauth) => {
        const html = item(remote(oauth), locale)
        expect(html).toContain('data-state="refused"')
        return /data-testid="mcp-sign-in-status">(.*?)<\/p>/.exec(html)?.[1]
      })
      expect(new Set(sentences).size).toBe(REFUSALS.length)
      // The connection's sentence is not what the window reads: a failed status with another reason changes nothing.
      const view = remote({ state: 'refused', issuer: ISSUER, reason: 'timeout' })
      const odd = {
        ...view,
        status: { state: 'failed' as const, reason: '(insufficient scope) needs you to sign in', retryAt: undefined },
      }
      expect(item(odd, locale)).toContain(sentences[2])
    },
  )

  it.each(LOCALES)('%s has the words for every state', (locale) => {
    for (const oauth of STATES) {
      const html = item(remote(oauth), locale)
      expect(html).toContain('data-testid="mcp-sign-in"')
      expect(html).not.toMatch(/mcpSign/)
    }
  })
})
