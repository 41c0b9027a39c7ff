import { useState } from 'react'
import type { McpServerView } from '../../../../shared/mcp'
import type { McpOAuthView, McpSignInRefusalReason } from '../../../../shared/mcp-oauth'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import type { McpClient } from './mcp-client'

/** Only web pages are opened or linked (the address comes from the server's authorization server). */
function webPage(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol)
  } catch {
    return false
  }
}

/** The sign-in state in the user's words (issuer and scope are the servers' text: shown as text). */
export function signInText(t: Translate, oauth: McpOAuthView): string {
  switch (oauth.state) {
    case 'signed-out':
      return t('mcpSignInSignedOut')
    case 'needs-sign-in':
      return t('mcpSignInNeeded')
    case 'signing-in':
      return t('mcpSignInWaiting')
    case 'signed-in': {
      const parts = [t('mcpSignInSignedIn', { issuer: oauth.issuer })]
      if (oauth.scope) parts.push(t('mcpSignInScope', { scope: oauth.scope }))
      if (oauth.expiresAt !== undefined) {
        const when = new Intl.DateTimeFormat(t.locale ?? 'en', { dateStyle: 'medium', timeStyle: 'short' })
        parts.push(t('mcpSignInExpires', { when: when.format(oauth.expiresAt) }))
      }
      return parts.join(' · ')
    }
    case 'expired':
      return t(oauth.canRefresh ? 'mcpSignInExpiredRenew' : 'mcpSignInExpired', { issuer: oauth.issuer })
    case 'refused':
      return t(REFUSAL_KEY[oauth.reason])
  }
}

/** Each refusal code's sentence (a new code fails to compile until it has one). */
const REFUSAL_KEY = {
  'insufficient-scope': 'mcpSignInRefusedScope',
  denied: 'mcpSignInRefusedDenied',
  timeout: 'mcpSignInRefusedTimeout',
  'issuer-mismatch': 'mcpSignInRefusedIssuer',
  'sign-in-failed': 'mcpSignInRefusedFailed',
} as const satisfies Record<McpSignInRefusalReason, string>

/**
 * A remote server's OAuth sign-in: its state, "Sign in" (the desktop app opens the system browser;
 * in browser mode this window opens the page) and "Sign out". No token ever reaches the window.
 */
export function McpSignInPanel({
  view,
  api,
  t,
  onView,
}: {
  view: McpServerView
  api: Pick<McpClient, 'mcp.signIn' | 'mcp.signOut' | 'mcp.list'>
  t: Translate
  onView: (view: McpServerView) => void
}) {
  const [problem, setProblem] = useState('')
  const oauth = view.oauth
  if (!oauth) return null
  const serverId = view.config.id
  const reread = async () => {
    const list = await api['mcp.list']({})
    const fresh = list.ok ? list.value.find((candidate) => candidate.config.id === serverId) : undefined
    if (fresh) onView(fresh)
  }
  const signIn = async () => {
    const answer = await api['mcp.signIn']({ serverId })
    if (!answer.ok) return setProblem(appErrorText(t, answer.error))
    setProblem('')
    const start = answer.value
    if (start.kind === 'browser' && !start.openedBySystem && webPage(start.authorizationUrl))
      window.open(start.authorizationUrl, '_blank', 'noopener,noreferrer')
    await reread()
  }
  const signOut = async () => {
    const answer = await api['mcp.signOut']({ serverId })
    if (!answer.ok) return setProblem(appErrorText(t, answer.error))
    setProblem('')
    await reread()
  }
  const signedIn = oauth.state === 'signed-in' || oauth.state === 'expired' || oauth.state === 'refused'
  return (
    <div className="mcp-sign-in" data-testid="mcp-sign-in" data-state={oauth.state}>
      <p className="mcp-sign-in-status" data-testid="mcp-sign-in-status">
        {t('mcpSignInStatus')}: {signInText(t, oauth)}
      </p>
      <div className="row">
        <button type="button" onClick={() => void signIn()} disabled={view.needsConsent}>
          {t(oauth.state === 'signed-out' || oauth.state === 'needs-sign-in' ? 'mcpSignIn' : 'mcpSignInAgain')}
        </button>
        {signedIn && (
          <button type="button" onClick={() => void signOut()}>
            {t('mcpSignOut')}
          </button>
        )}
        {oauth.state === 'signing-in' && webPage(oauth.authorizationUrl) && (
          <a href={oauth.authorizationUrl} target="_blank" rel="noopener noreferrer">
            {t('mcpSignInOpenPage')}
          </a>
        )}
      </div>
      {problem && <p role="alert">{problem}</p>}
    </div>
  )
}
