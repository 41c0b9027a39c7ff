export interface OAuthMcpServer {
  /** The MCP endpoint (`…/mcp`), also the resource indicator it enforces. */
  url: string
  /** The authorization server's issuer (`http://127.0.0.1:<port>/`). */
  issuer: string
  /** Every access token it issued (and, with `tokenPrefix`, every refresh token). */
  issuedTokens: string[]
  /** Every request to its authorization endpoint. */
  authorizationRequests: URL[]
  /** Every request to its dynamic client registration endpoint (its method). */
  registrations: string[]
  close(): Promise<void>
}
/** `tokenPrefix`: every token it issues starts with it (a canary), and a refresh token comes with each. */
export function startOAuthMcpServer(options?: {
  tokenPrefix?: string
  preRegistered?: { client_id: string; client_secret?: string }
  /** No dynamic client registration: only the pre-registered client can sign in. */
  refuseRegistration?: boolean
}): Promise<OAuthMcpServer>
