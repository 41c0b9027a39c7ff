// `mcp.signIn` / `mcp.signOut` and the sign-in part of the server view. A sign-in runs in the
// background: the command returns as soon as the authorization URL is known (opened by the shell's
// opener in the desktop app; browser mode has none, so the window opens it), and when the browser
// comes back to the loopback redirect the tokens go to the key vault and the server restarts with
// them. Only a status (issuer, scope, expiry, state) ever leaves this file: never a token.
import type { AppResult } from '../../shared/ipc/app-error'
import type { McpServerConfig, McpServerStatus, McpServerView } from '../../shared/mcp'
import type { McpAuthRefusal, McpOAuthView, McpSignInRefusalReason, McpSignInStart } from '../../shared/mcp-oauth'
import { type McpSignInResult, signInToMcpServer } from '../mcp/mcp-oauth-login'
import type { McpOAuthVault } from '../mcp/mcp-oauth-vault'
import { fail, notFound, ok } from './app-result'

export interface McpSignInDeps {
  vault: McpOAuthVault
  /** The server's config and resolved headers, or undefined when there is no such server. */
  find: (serverId: string) =>
    | {
        config: McpServerConfig
        headers: Record<string, string>
        /** The client the user registered by hand (used instead of registering). */
        preRegistered?: { clientId: string; clientSecret?: string | undefined } | undefined
      }
    | undefined
  /** Restarts a server (it then connects with the tokens just saved, or without the forgotten ones). */
  restart: (serverId: string) => Promise<unknown>
  /** The desktop shell's "open in the system browser" (absent in browser mode: the window opens it). */
  openInBrowser?: ((url: string) => Promise<void>) | undefined
  /** How long to wait for the browser (ms; tests). */
  timeoutMs?: number | undefined
}

type Attempt =
  | { state: 'signing-in'; authorizationUrl: string }
  | { state: 'failed'; issuer: string | undefined; reason: McpSignInRefusalReason }

/** One sign-in in the background: its own switch, so removing one server cancels only its sign-in. */
interface Running {
  done: Promise<McpSignInResult>
  cancel: AbortController
}

export class McpSignInCommands {
  /** The last sign-in of each server this session: in the browser, or failed (memory only). */
  private readonly attempts = new Map<string, Attempt>()
  private readonly running = new Map<string, Running>()
  private closing = false

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
    const cancel = new AbortController()
    if (this.closing) cancel.abort()
    let urlGiven: (url: string) => void = () => {}
    const urlKnown = new Promise<string>((resolve) => {
      urlGiven = resolve
    })
    const run = signInToMcpServer({
      config: found.config,
      headers: found.headers,
      preRegistered: found.preRegistered,
      vault: this.deps.vault,
      timeoutMs: this.deps.timeoutMs,
      signal: cancel.signal,
      openUrl: async (url) => {
        this.attempts.set(serverId, { state: 'signing-in', authorizationUrl: url.href })
        urlGiven(url.href)
      },
    })
    const done = run.then(async (result) => {
      if (this.running.get(serverId)?.done === done) this.running.delete(serverId)
      // Cancelled: the server was removed, turned off or moved (or the app closes); nothing to show or restart.
      if (cancel.signal.aborted) {
        if (this.attempts.get(serverId)?.state === 'signing-in') this.attempts.delete(serverId)
        return result.ok
          ? { ok: false as const, message: 'The sign-in was cancelled.', refusal: 'cancelled' as const }
          : result
      }
      if (result.ok) this.attempts.delete(serverId)
      else
        this.attempts.set(serverId, {
          state: 'failed',
          issuer: issuerOf(this.deps.vault, serverId),
          reason: asRefusal(result.refusal),
        })
      await this.deps.restart(serverId)
      return result
    })
    this.running.set(serverId, { done, cancel })
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

  /**
   * Cancels this server's sign-in, if one runs (it is removed, turned off, or its URL changed): the
   * loopback listener closes, the sign-in settles as cancelled, and it keeps no token. Resolves
   * once it has ended, so what the caller forgets next stays forgotten.
   */
  async cancelFor(serverId: string): Promise<void> {
    const running = this.running.get(serverId)
    this.attempts.delete(serverId)
    if (!running) return
    running.cancel.abort()
    await running.done
    this.attempts.delete(serverId)
  }

  /** Cancels the sign-ins still waiting for a browser (the app closes) and waits for them to end. */
  async close(): Promise<void> {
    this.closing = true
    const all = [...this.running.values()]
    for (const running of all) running.cancel.abort()
    await Promise.all(all.map((running) => running.done))
  }

  /** How a sign-in started here ended (tests), or undefined when none runs. */
  async settled(serverId: string): Promise<McpSignInResult | undefined> {
    return this.running.get(serverId)?.done
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
    // The connection's typed cause: never its sentence.
    const refusal = status.state === 'failed' ? status.auth : undefined
    if (refusal === 'insufficient-scope')
      return { state: 'refused', issuer: stored.state === 'signed-out' ? undefined : stored.issuer, reason: refusal }
    if (attempt?.state === 'failed') return { state: 'refused', issuer: attempt.issuer, reason: attempt.reason }
    if (stored.state !== 'signed-out') return stored
    return refusal !== undefined ? { state: 'needs-sign-in' } : { state: 'signed-out' }
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

/** A sign-in that ended without success, as the view's refusal (a request for a sign-in is a failed one here). */
function asRefusal(refusal: McpAuthRefusal): McpSignInRefusalReason {
  return refusal === 'needs-sign-in' || refusal === 'cancelled' ? 'sign-in-failed' : refusal
}
