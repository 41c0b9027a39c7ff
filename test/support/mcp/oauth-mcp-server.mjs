// A remote MCP server that needs OAuth, for tests: one HTTP listener on 127.0.0.1 serving an
// authorization server (the SDK v1's own router with its in-memory demo provider: registration,
// PKCE-checked code exchange, approving at once like a user who clicks "Allow") and a Streamable
// HTTP MCP endpoint at /mcp behind the SDK's bearer-token check, which answers 401 with
// WWW-Authenticate resource_metadata. The resource indicator is enforced (strict). Every token it
// issues is recorded (`issuedTokens`) so a test can look for it where it must never be.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import express from 'express'
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

/**
 * `tokenPrefix`: every access token starts with it, and a refresh token (same prefix) comes with
 * it, so a test can look for a recognisable canary.
 * `preRegistered`: a client it knows without registration (as a user would register by hand).
 * `refuseRegistration`: no dynamic client registration (no `registration_endpoint` in its metadata,
 * `/register` not served): only a client registered by hand can sign in.
 * @param {{ tokenPrefix?: string, preRegistered?: { client_id: string, client_secret?: string }, refuseRegistration?: boolean }} [options]
 * @returns {Promise<{ url: string, issuer: string, issuedTokens: string[], authorizationRequests: URL[], close: () => Promise<void> }>}
 */
export async function startOAuthMcpServer(options = {}) {
  const app = express()
  const server = createServer(app)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = new URL(`http://127.0.0.1:${server.address().port}/`)
  const mcpUrl = new URL('/mcp', base)
  const issuedTokens = []
  const authorizationRequests = []
  const provider = new DemoInMemoryAuthProvider((resource) => resource?.toString() === mcpUrl.href)
  const exchange = provider.exchangeAuthorizationCode.bind(provider)
  provider.exchangeAuthorizationCode = async (...args) => {
    const tokens = await exchange(...args)
    if (options.tokenPrefix) {
      // The demo provider keeps its tokens in `tokens` (a Map): the canary replaces the random one there.
      const canary = `${options.tokenPrefix}${tokens.access_token}`
      const data = provider.tokens.get(tokens.access_token)
      provider.tokens.delete(tokens.access_token)
      provider.tokens.set(canary, { ...data, token: canary })
      tokens.access_token = canary
      tokens.refresh_token = `${options.tokenPrefix}refresh-${randomUUID()}`
      issuedTokens.push(tokens.refresh_token)
    }
    issuedTokens.push(tokens.access_token)
    return tokens
  }
  const registrations = []
  let lastRedirect = ''
  app.use((request, _response, next) => {
    if (request.path === '/authorize') {
      const url = new URL(request.url, base)
      authorizationRequests.push(url)
      lastRedirect = url.searchParams.get('redirect_uri') ?? ''
    }
    if (request.path === '/register') registrations.push(request.method)
    next()
  })
  if (options.preRegistered) {
    // A client registered by hand: any loopback port is its redirect (RFC 8252 §7.3).
    const { client_id, client_secret } = options.preRegistered
    const getClient = provider.clientsStore.getClient.bind(provider.clientsStore)
    provider.clientsStore.getClient = async (id) =>
      id === client_id
        ? {
            client_id,
            client_secret,
            client_name: 'registered by hand',
            redirect_uris: [lastRedirect.startsWith('http://127.0.0.1:') ? lastRedirect : 'http://127.0.0.1/callback'],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          }
        : getClient(id)
  }
  // The SDK's router serves registration only when the client store can register.
  if (options.refuseRegistration) provider.clientsStore.registerClient = undefined
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }))
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  })
  app.post('/mcp', express.json(), bearer, async (request, response) => {
    const mcp = new McpServer({ name: 'oauth-test-server', version: '1.0.0' })
    mcp.registerTool('whoami', { description: 'Says hello' }, async () => ({
      content: [{ type: 'text', text: 'hello, signed-in user' }],
    }))
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    response.on('close', () => {
      void transport.close()
      void mcp.close()
    })
    await mcp.connect(transport)
    await transport.handleRequest(request, response, request.body)
  })
  app.get('/mcp', (_request, response) => response.status(405).end())
  return {
    url: mcpUrl.href,
    issuer: base.href,
    issuedTokens,
    authorizationRequests,
    registrations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
