export interface OAuthMcpServer {
  /** The MCP endpoint (`…/mcp`), also the resource indicator it enforces. */
  url: string
  /** The authorization server's issuer (`http://127.0.0.1:<port>/`). */
  issuer: string
  /** Every access token it issued. */
  issuedTokens: string[]
  /** Every request to its authorization endpoint. */
  authorizationRequests: URL[]
  close(): Promise<void>
}
export function startOAuthMcpServer(): Promise<OAuthMcpServer>
