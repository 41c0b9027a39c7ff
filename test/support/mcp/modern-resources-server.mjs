// A 2026-07-28 ("modern") MCP server of resources over Streamable HTTP, for tests: stateless
// JSON-RPC over POST on 127.0.0.1, written by hand after the revision's wire (the v2 server SDK is
// not installed). It has no `resources/subscribe` (the revision removed it): a client watches
// resources by naming them in a `subscriptions/listen` filter (`resourceSubscriptions`); the
// server acknowledges the URIs it knows, and `change(uri)` edits a resource and sends
// `notifications/resources/updated` on every open stream that watches it.
import { createServer } from 'node:http'

const REVISION = '2026-07-28'
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'

export async function startModernResourcesServer() {
  const texts = new Map([
    ['notes://today', 'version 1'],
    ['notes://tomorrow', 'plans'],
  ])
  /** @type {Map<string, { res: import('node:http').ServerResponse, uris: string[] }>} */
  const streams = new Map()
  const requests = []
  const sockets = new Set()
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end()
    let body = ''
    for await (const chunk of req) body += chunk
    const message = JSON.parse(body)
    requests.push({ method: message.method, params: message.params })
    if (message.id === undefined) return void res.writeHead(202).end()
    const reply = (result) =>
      json(res, { jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...result } })
    switch (message.method) {
      case 'server/discover':
        return reply({
          supportedVersions: [REVISION],
          capabilities: { resources: { subscribe: true } },
          serverInfo: { name: 'modern-resources-server', version: '1.0.0' },
        })
      case 'resources/list':
        return reply({
          ttlMs: 0,
          cacheScope: 'private',
          resources: [...texts.keys()].map((uri) => ({ uri, name: uri.slice(8), mimeType: 'text/plain' })),
        })
      case 'resources/templates/list':
        return reply({ ttlMs: 0, cacheScope: 'private', resourceTemplates: [] })
      case 'resources/read': {
        const uri = message.params?.uri
        if (!texts.has(uri))
          return json(res, { jsonrpc: '2.0', id: message.id, error: { code: -32002, message: 'Resource not found' } })
        return reply({
          ttlMs: 0,
          cacheScope: 'private',
          contents: [{ uri, mimeType: 'text/plain', text: texts.get(uri) }],
        })
      }
      case 'subscriptions/listen': {
        const asked = message.params?.notifications?.resourceSubscriptions ?? []
        const uris = asked.filter((uri) => texts.has(uri))
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
        streams.set(message.id, { res, uris })
        res.on('close', () => streams.delete(message.id))
        return event(res, {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: { [SUBSCRIPTION_ID]: message.id }, notifications: { resourceSubscriptions: uris } },
        })
      }
      default:
        return json(res, {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        })
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    requests,
    /** The URIs of each open listen stream. */
    watching: () => [...streams.values()].map((stream) => stream.uris),
    change: (uri, text) => {
      texts.set(uri, text)
      for (const [id, stream] of streams)
        if (stream.uris.includes(uri))
          event(stream.res, {
            jsonrpc: '2.0',
            method: 'notifications/resources/updated',
            params: { _meta: { [SUBSCRIPTION_ID]: id }, uri },
          })
    },
    dropStreams: () => {
      for (const stream of streams.values()) stream.res.socket?.destroy()
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve(undefined))
      }),
  }
}

function event(res, value) {
  res.write(`event: message\ndata: ${JSON.stringify(value)}\n\n`)
}

function json(res, value) {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}
