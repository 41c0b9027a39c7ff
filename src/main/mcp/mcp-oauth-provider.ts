// Keel's OAuthClientProvider for one remote MCP server. The protocol itself (discovery from the
// 401's WWW-Authenticate and the well-known fallbacks, CIMD / registration, PKCE S256, the
// resource parameter, scope selection and step-up, refresh, token endpoint auth methods, the
// RFC 9207 `iss` check) is the SDK's `auth()`; this class only keeps what it is given (tokens and
// client registrations in the key vault, keyed by server and issuer; the PKCE verifier and
// discovery state in memory, for the one sign-in that needs them: the loopback receiver dies with
// the process, so they are of no use after it) and runs the user's part: the browser and the
// loopback redirect. In `background` mode (a server started with the app) it never opens
// anything: a server that needs a new sign-in fails with SignInRequiredError instead.
import { randomBytes } from 'node:crypto'
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client'
import type { McpAuthRefusal } from '../../shared/mcp-oauth'
import { LOOPBACK_CALLBACK_PATH, type LoopbackReceiver, startLoopbackReceiver } from './mcp-oauth-loopback'
import type { McpOAuthVault } from './mcp-oauth-vault'

/** How many times one operation may send the user to sign in (first sign-in plus step-ups) before giving up. */
export const MCP_OAUTH_MAX_PROMPTS = 3

/** The server needs a sign-in and this connection may not ask for one (it runs in the background). */
export class SignInRequiredError extends Error {
  override readonly name = 'SignInRequiredError'
}

/** A sign-in was started and did not complete: timeout, refusal, wrong state or issuer, too many rounds. */
export class SignInFailedError extends Error {
  override readonly name = 'SignInFailedError'
  constructor(
    message: string,
    /** Why, as a code (the window words it). */
    readonly refusal: Exclude<McpAuthRefusal, 'needs-sign-in' | 'insufficient-scope'> = 'sign-in-failed',
  ) {
    super(message)
  }
}

/** A loopback outcome as the sign-in's refusal code. */
function refusalOfLoopback(reason: 'timeout' | 'closed' | 'issuer-mismatch' | 'denied') {
  return reason === 'closed' ? 'cancelled' : reason
}

export type McpOAuthMode =
  | { kind: 'background' }
  | {
      kind: 'interactive'
      /** Sends the user to the authorization URL: the system browser, a printed line, or (tests) a headless fetch. */
      openUrl: (url: URL) => Promise<void>
      /** How long to wait for the browser (ms). */
      timeoutMs?: number | undefined
    }

export interface McpOAuthProviderOptions {
  serverId: string
  vault: McpOAuthVault
  mode: McpOAuthMode
  clientName?: string | undefined
  /** The https URL of a client ID metadata document describing Keel: used first, where the authorization server supports it. */
  clientMetadataUrl?: string | undefined
  /** A client the user registered by hand with the authorization server (used instead of registering). */
  preRegistered?: { clientId: string; clientSecret?: string | undefined } | undefined
  maxPrompts?: number | undefined
}

/** What McpConnection needs beside the provider to finish an interactive sign-in inside a request. */
export interface McpOAuthSession {
  readonly provider: OAuthClientProvider
  /** The authorization response the last sign-in produced (consumed), if one did. */
  takeCallback(): URLSearchParams | undefined
  /** A new user-level operation starts: the budget of sign-in prompts is full again. */
  beginOperation(): void
  close(): Promise<void>
}

const PLACEHOLDER_REDIRECT = `http://127.0.0.1${LOOPBACK_CALLBACK_PATH}`
const SIGN_IN_HINT = '(Sign in, or keel mcp login)'

export class KeelOAuthProvider implements OAuthClientProvider, McpOAuthSession {
  /** Set only when Keel has a client ID metadata document URL (the SDK uses it where the server supports CIMD). */
  readonly clientMetadataUrl?: string
  private receiver: LoopbackReceiver | undefined
  private port: number | undefined
  private verifier: string | undefined
  private expectedState: string | undefined
  private discovery: OAuthDiscoveryState | undefined
  private callback: URLSearchParams | undefined
  private promptsLeft: number
  private inFlight = false
  private closed = false

  constructor(private readonly options: McpOAuthProviderOptions) {
    this.promptsLeft = options.maxPrompts ?? MCP_OAUTH_MAX_PROMPTS
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl
  }

  get provider(): OAuthClientProvider {
    return this
  }

  /** Interactive mode: holds a loopback port, so the redirect URL is known before the SDK asks for it. */
  async prepare(): Promise<void> {
    if (this.options.mode.kind !== 'interactive' || this.receiver) return
    this.receiver = await startLoopbackReceiver({ timeoutMs: this.options.mode.timeoutMs })
    this.port = this.receiver.port
  }

  get redirectUrl(): string {
    if (this.port !== undefined) return `http://127.0.0.1:${this.port}${LOOPBACK_CALLBACK_PATH}`
    // Background: the URL registered last time (a refresh sends none; a new sign-in is refused anyway).
    const registered = this.options.vault.latest(this.options.serverId)?.client as
      | { redirect_uris?: unknown }
      | undefined
    const uris = registered?.redirect_uris
    return Array.isArray(uris) && typeof uris[0] === 'string' ? uris[0] : PLACEHOLDER_REDIRECT
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Keel',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }
  }

  state(): string {
    this.expectedState = randomBytes(32).toString('base64url')
    return this.expectedState
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { vault, serverId, preRegistered } = this.options
    // The client the user entered wins over one Keel registered earlier (they may have just changed it).
    if (preRegistered)
      return {
        client_id: preRegistered.clientId,
        ...(preRegistered.clientSecret !== undefined ? { client_secret: preRegistered.clientSecret } : {}),
      }
    const record = ctx ? vault.read(serverId, ctx.issuer) : vault.latest(serverId)
    // Stamped with the issuer it came from, so the SDK binds it to that authorization server.
    if (record?.client) return { ...record.client, issuer: record.issuer }
    // Registering is a step of a sign-in: a background connection does not start one.
    if (this.options.mode.kind === 'background')
      throw new SignInRequiredError(`This server needs you to sign in ${SIGN_IN_HINT}.`)
    return undefined
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? info.issuer
    if (issuer === undefined) return
    await this.persist(this.options.vault.saveClient(this.options.serverId, issuer, info))
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    const { vault, serverId } = this.options
    const record = ctx ? vault.read(serverId, ctx.issuer) : vault.latest(serverId)
    return record?.tokens ? { ...record.tokens, issuer: record.issuer } : undefined
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    // A cancelled sign-in (its server removed, turned off, moved) keeps nothing it gets afterwards.
    if (this.closed && this.options.mode.kind === 'interactive')
      throw new SignInFailedError('The sign-in was cancelled.', 'cancelled')
    const issuer = ctx?.issuer ?? tokens.issuer
    if (issuer === undefined) return
    await this.persist(this.options.vault.saveTokens(this.options.serverId, issuer, tokens))
    // A hand-registered client is kept with the tokens it got, so a background refresh can use it.
    const preRegistered = this.options.preRegistered
    if (
      preRegistered &&
      this.options.vault.read(this.options.serverId, issuer)?.client?.client_id !== preRegistered.clientId
    )
      await this.persist(
        this.options.vault.saveClient(this.options.serverId, issuer, {
          client_id: preRegistered.clientId,
          ...(preRegistered.clientSecret !== undefined ? { client_secret: preRegistered.clientSecret } : {}),
        }),
      )
    // Discovery served this sign-in; the next refusal reads the server's metadata again, so a
    // server that moved to another authorization server is followed there (and registered anew).
    this.discovery = undefined
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const mode = this.options.mode
    if (this.closed && mode.kind === 'interactive')
      throw new SignInFailedError('The sign-in was cancelled.', 'cancelled')
    if (mode.kind === 'background' || this.closed)
      throw new SignInRequiredError(`This server needs you to sign in again ${SIGN_IN_HINT}.`)
    if (this.promptsLeft <= 0)
      throw new SignInFailedError(
        `The server still refused after ${this.options.maxPrompts ?? MCP_OAUTH_MAX_PROMPTS} sign-ins; Keel stopped asking.`,
      )
    if (this.port === undefined)
      throw new SignInFailedError('Keel was not ready to receive the sign-in (no loopback port).')
    // One browser round at a time: a request refused meanwhile does not send the user again.
    if (this.inFlight) throw new SignInFailedError('A sign-in to this server is already in progress.')
    // The state Keel generated for this request (state()): without one a forged answer could not be told apart.
    const state = this.expectedState
    if (state === undefined || authorizationUrl.searchParams.get('state') !== state)
      throw new SignInFailedError('The sign-in request carried no state of Keel’s; it was not sent.')
    this.expectedState = undefined
    this.promptsLeft--
    this.inFlight = true
    let receiver: LoopbackReceiver | undefined
    try {
      // Each round takes one answer; the next round listens on the same port (the registered redirect URL).
      receiver = this.receiver ?? (await startLoopbackReceiver({ port: this.port, timeoutMs: mode.timeoutMs }))
      this.receiver = receiver
      const answer = receiver.wait({ state, issuer: this.expectedIssuer() })
      await mode.openUrl(authorizationUrl)
      const result = await answer
      if (!result.ok) throw new SignInFailedError(result.message, refusalOfLoopback(result.reason))
      this.callback = result.params
    } finally {
      this.inFlight = false
      await receiver?.close()
      if (this.receiver === receiver) this.receiver = undefined
    }
  }

  takeCallback(): URLSearchParams | undefined {
    const callback = this.callback
    this.callback = undefined
    return callback
  }

  beginOperation(): void {
    this.promptsLeft = this.options.maxPrompts ?? MCP_OAUTH_MAX_PROMPTS
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new SignInFailedError('No sign-in is in progress.')
    return this.verifier
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { vault, serverId } = this.options
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined
    if (scope === 'all') await this.persist(vault.forget(serverId, 'all'))
    else if (scope === 'tokens') await this.persist(vault.forget(serverId, 'tokens'))
    else if (scope === 'client')
      for (const record of vault.records(serverId))
        await this.persist(vault.update(serverId, record.issuer, (current) => ({ ...current, client: undefined })))
  }

  async close(): Promise<void> {
    this.closed = true
    await this.receiver?.close()
    this.receiver = undefined
  }

  /** The issuer the answer must name (RFC 9207), from the authorization server's metadata. */
  private expectedIssuer(): { expected: string; required: boolean } | undefined {
    const metadata = this.discovery?.authorizationServerMetadata as
      | { issuer?: string; authorization_response_iss_parameter_supported?: unknown }
      | undefined
    if (!metadata?.issuer) return undefined
    return { expected: metadata.issuer, required: metadata.authorization_response_iss_parameter_supported === true }
  }

  private async persist(result: Promise<{ ok: boolean; message?: string }>): Promise<void> {
    const outcome = await result
    if (!outcome.ok)
      throw new SignInFailedError(`Keel could not keep the sign-in: ${outcome.message ?? 'vault refused'}`)
  }
}
