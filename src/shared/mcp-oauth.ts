/**
 * What the window learns about a remote MCP server's OAuth sign-in: never a token. `needs-sign-in`:
 * the server refused for want of a sign-in; `refused`: it refused this sign-in (insufficient scope,
 * or the last sign-in in the browser failed); `signing-in`: the browser is open, Keel waits for it.
 */
export type McpOAuthView =
  | { state: 'signed-out' }
  | { state: 'needs-sign-in' }
  | { state: 'signing-in'; authorizationUrl: string }
  | { state: 'signed-in'; issuer: string; scope: string | undefined; expiresAt: number | undefined }
  | { state: 'expired'; issuer: string; canRefresh: boolean }
  | { state: 'refused'; issuer: string | undefined; reason: 'insufficient-scope' | 'sign-in-failed' }

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
