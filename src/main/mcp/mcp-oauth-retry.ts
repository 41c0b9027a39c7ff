// Finishing a sign-in inside a request. When a request to a remote server is refused (401, or 403
// insufficient_scope), the SDK runs `auth()`, which sends the user to sign in (our provider waits
// for the loopback redirect) and then throws UnauthorizedError. Here the authorization response is
// handed to the SDK's `finishAuth` (it checks `iss` and redeems the code with PKCE and the
// resource) and the request is sent again. A refused HTTP request never reached the server's
// handler, so sending it again cannot repeat an effect.
import { InsufficientScopeError, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client'
import type { McpAuthRefusal } from '../../shared/mcp-oauth'
import {
  MCP_OAUTH_MAX_PROMPTS,
  type McpOAuthSession,
  SignInFailedError,
  SignInRequiredError,
} from './mcp-oauth-provider'

/** What both HTTP transports offer: redeem an authorization response (checks `iss`, then the code exchange). */
export interface AuthorizingTransport {
  finishAuth(callbackParams: URLSearchParams): Promise<void>
}

/** The error means the server refused the request for want of (enough) authorization: it did not run. */
export function isAuthRefusal(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError ||
    error instanceof InsufficientScopeError ||
    error instanceof SignInRequiredError ||
    error instanceof SignInFailedError ||
    (error instanceof SdkHttpError && (error.status === 401 || error.status === 403))
  )
}

/** The refusal as a code for the status (the window words it from this, never from the sentence). */
export function authRefusalOf(error: unknown): McpAuthRefusal | undefined {
  if (!isAuthRefusal(error)) return undefined
  if (error instanceof SignInFailedError) return error.refusal
  if (error instanceof SignInRequiredError) return 'needs-sign-in'
  if (error instanceof InsufficientScopeError || (error instanceof SdkHttpError && error.status === 403))
    return 'insufficient-scope'
  return 'needs-sign-in'
}

/** The user-facing sentence for an auth refusal (never the server's own text: it may be forged). */
export function authRefusalMessage(error: unknown): string {
  if (error instanceof SignInRequiredError || error instanceof SignInFailedError) return error.message
  if (error instanceof InsufficientScopeError || (error instanceof SdkHttpError && error.status === 403))
    return 'The server refused: this sign-in does not allow it (insufficient scope).'
  return 'The server needs you to sign in (Sign in, or keel mcp login).'
}

/**
 * Runs `send`; after each refusal that a sign-in answered, finishes that sign-in on `transport` and
 * sends again, at most {@link MCP_OAUTH_MAX_PROMPTS} times. Anything else is rethrown as it came.
 */
export async function withAuthorization<T>(
  oauth: McpOAuthSession | undefined,
  transport: () => AuthorizingTransport,
  send: () => Promise<T>,
): Promise<T> {
  if (!oauth) return send()
  oauth.beginOperation()
  for (let round = 0; ; round++) {
    try {
      return await send()
    } catch (error) {
      const callback = error instanceof UnauthorizedError ? oauth.takeCallback() : undefined
      if (callback === undefined || round >= MCP_OAUTH_MAX_PROMPTS) throw error
      await transport().finishAuth(callback)
    }
  }
}
