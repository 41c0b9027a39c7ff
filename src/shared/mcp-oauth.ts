/**
 * Why a remote server's connection or sign-in was refused, as a code (the window words it; never
 * read from `reason`). `needs-sign-in`: no usable sign-in; `insufficient-scope`: signed in, but not
 * allowed enough; `denied`: the authorization server answered the browser with an error;
 * `timeout`: no answer from the browser in time; `issuer-mismatch`: the answer named another
 * authorization server (RFC 9207); `cancelled`: Keel ended the sign-in (server removed, turned off,
 * its URL changed, the app closing); `sign-in-failed`: any other step (registration, code exchange,
 * too many rounds, the vault).
 */
export type McpAuthRefusal =
  | 'needs-sign-in'
  | 'insufficient-scope'
  | 'denied'
  | 'timeout'
  | 'issuer-mismatch'
  | 'cancelled'
  | 'sign-in-failed'

/**
 * What the window learns about a remote MCP server's OAuth sign-in: never a token. `needs-sign-in`:
 * the server refused for want of a sign-in; `refused`: it refused this sign-in, or the last sign-in
 * did not complete (`reason` says why, as a code); `signing-in`: the browser is open, Keel waits for
 * it. The window renders from this type alone (never from the status sentence).
 */
export type McpOAuthView =
  | { state: 'signed-out' }
  | { state: 'needs-sign-in' }
  | { state: 'signing-in'; authorizationUrl: string }
  | { state: 'signed-in'; issuer: string; scope: string | undefined; expiresAt: number | undefined }
  | { state: 'expired'; issuer: string; canRefresh: boolean }
  | { state: 'refused'; issuer: string | undefined; reason: McpSignInRefusalReason }

/** Why a sign-in is refused (see {@link McpAuthRefusal}); a cancelled one is not a refusal, nor is "never signed in". */
export type McpSignInRefusalReason = Exclude<McpAuthRefusal, 'needs-sign-in' | 'cancelled'>

/** What `mcp.signIn` did: the browser is open (or must be opened by the window), or no sign-in was needed. */
export type McpSignInStart =
  | {
      kind: 'browser'
      /** The authorization server's page (no secret in it: PKCE keeps the verifier here). */
      authorizationUrl: string
      /** The desktop app opened the system browser; otherwise the window opens `authorizationUrl`. */
      openedBySystem: boolean
    }
  | { kind: 'not-needed' }
