// `mcp.signIn` / `mcp.signOut` and the sign-in part of the server view. A sign-in runs in the
// background: the command returns as soon as the authorization URL is known (opened by the shell's
// opener in the desktop app; browser mode has none, so the window opens it), and when the browser
// comes back to the loopback redirect the tokens go to the key vault and the server restarts with
// them. Only a status (issuer, scope, expiry, state) ever leaves this file: never a token.
import type { AppResult } from '../../shared/ipc/app-error'
import type { McpServerConfig, McpServerStatus, McpServerView } from '../../shared/mcp'
import type { McpOAuthView, McpSignInStart } from '../../shared/mcp-oauth'
import { signInToMcpServer } from '../mcp/mcp-oauth-login'
import type { McpOAuthVault } from '../mcp/mcp-oauth-vault'
import { fail, notFound, ok } from './app-result'

export interface McpSignInDeps {
  vault: McpOAuthVault
  /** The server's config and resolved headers, or undefined when there is no such server. */
  find: (serverId: string) => { config: McpServerConfig; headers: Record<string, string> } | undefined
  /** Restarts a server (it then connects with the tokens just saved, or without the forgotten ones). */
  restart: (serverId: string) => Promise<unknown>
  /** The desktop shell's "open in the system browser" (absent in browser mode: the window opens it). */
  openInBrowser?: ((url: string) => Promise<void>) | undefined
  /** How long to wait for the browser (ms; tests). */
  timeoutMs?: number | undefined
}

type Attempt = { state: 'signing-in'; authorizationUrl: string } | { state: 'failed'; issuer: string | undefined }

export class McpSignInCommands {
  /** The last sign-in of each server this session: in the browser, or failed (memory only). */
  private readonly attempts = new Map<string, Attempt>()
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly cancel = new AbortController()

  constructor(private readonly deps: McpSignInDeps) {}

  async signIn(serverId: string): Promise<AppResult<McpSignInStart>> {
    const found = this.deps.find(serverId)
    if (!found) return notFound('mcp-server')
    if (found.config.transport === 'stdio')
      return fail('validation', `${found.config.name} runs on this computer (stdio): it has no sign-in.`, {
        owner: 'user',
        detail: { code: 'mcp-sign-in-not-applicable' },
      })
    const current = this.attempts.get(serverId)
    // A second click while the browser is open sends the user to the same page.
    if (current?.state === 'signing-in' && this.running.has(serverId))
      return ok(await this.open(current.authorizationUrl))
    let urlGiven: (url: string) => void = () => {}
    const urlKnown = new Promise<string>((resolve) => {
      urlGiven = resolve
    })
    const run = signInToMcpServer({
      config: found.config,
      headers: found.headers,
      vault: this.deps.vault,
      timeoutMs: this.deps.timeoutMs,
      signal: this.cancel.signal,
      openUrl: async (url) => {
        this.attempts.set(serverId, { state: 'signing-in', authorizationUrl: url.href })
        urlGiven(url.href)
      },
    })
    const done = run.then(async (result) => {
      if (result.ok) this.attempts.delete(serverId)
      else this.attempts.set(serverId, { state: 'failed', issuer: issuerOf(this.deps.vault, serverId) })
      this.running.delete(serverId)
      if (!this.cancel.signal.aborted) await this.deps.restart(serverId)
      return result
    })
    this.running.set(serverId, done)
    const first = await Promise.race([urlKnown, done])
    if (typeof first === 'string') return ok(await this.open(first))
    if (!first.ok)
      return fail('provider', `Sign-in to ${found.config.name} failed: ${first.message}`, {
        owner: 'user',
        detail: { code: 'mcp-sign-in-failed' },
      })
    return ok({ kind: 'not-needed' })
  }

  async signOut(serverId: string): Promise<AppResult<{ signedOut: true }>> {
    if (!this.deps.find(serverId)) return notFound('mcp-server')
    this.attempts.delete(serverId)
    const forgotten = await this.deps.vault.forget(serverId, 'all')
    if (!forgotten.ok)
      return fail('storage', forgotten.message, { owner: 'user', detail: { code: 'key-storage-unavailable' } })
    await this.deps.restart(serverId)
    return ok({ signedOut: true })
  }

  /** Cancels the sign-ins still waiting for a browser (the app closes) and waits for them to end. */
  async close(): Promise<void> {
    this.cancel.abort()
    await Promise.all([...this.running.values()])
  }

  /** Waits for a sign-in started here to end (tests; closing the app). */
  async settled(serverId: string): Promise<void> {
    await this.running.get(serverId)
  }

  /** The view with its sign-in state (remote servers only). */
  decorate(view: McpServerView): McpServerView {
    if (view.config.transport === 'stdio') return view
    return { ...view, oauth: this.state(view.config.id, view.status) }
  }

  private state(serverId: string, status: McpServerStatus): McpOAuthView {
    const attempt = this.attempts.get(serverId)
    if (attempt?.state === 'signing-in') return attempt
    const stored = this.deps.vault.state(serverId)
    const refusal = status.state === 'failed' ? refusalOf(status.reason) : undefined
    if (refusal === 'insufficient-scope')
      return { state: 'refused', issuer: stored.state === 'signed-out' ? undefined : stored.issuer, reason: refusal }
    if (attempt?.state === 'failed') return { state: 'refused', issuer: attempt.issuer, reason: 'sign-in-failed' }
    if (stored.state !== 'signed-out') return stored
    return refusal === 'needs-sign-in' ? { state: 'needs-sign-in' } : { state: 'signed-out' }
  }

  private async open(authorizationUrl: string): Promise<McpSignInStart> {
    // Only a web page goes to the system browser (an authorization server could name another scheme).
    const web = /^https?:$/.test(new URL(authorizationUrl).protocol)
    if (!this.deps.openInBrowser || !web) return { kind: 'browser', authorizationUrl, openedBySystem: false }
    try {
      await this.deps.openInBrowser(authorizationUrl)
      return { kind: 'browser', authorizationUrl, openedBySystem: true }
    } catch {
      // No browser to open: the window shows the link instead.
      return { kind: 'browser', authorizationUrl, openedBySystem: false }
    }
  }
}

function issuerOf(vault: McpOAuthVault, serverId: string): string | undefined {
  const state = vault.state(serverId)
  return state.state === 'signed-out' ? undefined : state.issuer
}

/** Reads the failure the connection gave (its own fixed sentences, never the server's text). */
function refusalOf(reason: string): 'needs-sign-in' | 'insufficient-scope' | undefined {
  if (reason.includes('(insufficient scope)')) return 'insufficient-scope'
  if (/needs you to sign in/.test(reason)) return 'needs-sign-in'
  return undefined
}
