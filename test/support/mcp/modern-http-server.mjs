// A 2026-07-28 ("modern") MCP server over Streamable HTTP, for tests: stateless JSON-RPC over POST
// on 127.0.0.1, written by hand after the revision's wire (the v2 server SDK is not installed).
// It answers `server/discover` (never `initialize`), asks for input with an input-required result
// instead of a server→client request, mirrors nothing itself but records every request's headers
// and body, and can lose a response stream on purpose (SSE headers sent, then the socket dropped).
//   confirm_write  input_required (elicitation) first; with the answer and the exact requestState, completes
//   lose_stream    opens an SSE answer and drops the connection before any event (a write lost mid-flight)
//   route          mirrors `region` into Mcp-Param-Region (valid x-mcp-header)
//   bad_header     x-mcp-header on an object property (malformed: a client on HTTP must drop it)
// `loseListStreams`: how many tools/list answers to lose before answering one. `toolsListChanged`:
// it announces tool list changes and serves `subscriptions/listen` (notifyToolsChanged() sends one
// on every open listen stream; dropListenStreams() ends them without an answer).
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'

const REVISION = '2026-07-28'
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'

const TOOLS = [
  {
    name: 'confirm_write',
    description: 'Writes after the user confirms',
    inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  },
  { name: 'lose_stream', description: 'A write whose answer is lost', inputSchema: { type: 'object', properties: {} } },
  {
    name: 'route',
    description: 'Routed by region',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
      required: ['region'],
    },
  },
  {
    name: 'bad_header',
    description: 'Declares a header on an object',
    inputSchema: {
      type: 'object',
      properties: { filter: { type: 'object', 'x-mcp-header': 'Filter' } },
    },
  },
]

/** @param {{ loseListStreams?: number, toolsListChanged?: boolean }} [options] */
export async function startModernHttpServer(options = {}) {
  /** @type {Map<string, import('node:http').ServerResponse>} */
  const listeners = new Map()
  let listStreamsToLose = options.loseListStreams ?? 0
  /** @type {{ method: string, id: unknown, headers: import('node:http').IncomingHttpHeaders, params: any }[]} */
  const requests = []
  const states = new Map()
  const sockets = new Set()
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end()
      return
    }
    let body = ''
    for await (const chunk of req) body += chunk
    const message = JSON.parse(body)
    requests.push({ method: message.method, id: message.id, headers: req.headers, params: message.params })
    if (message.id === undefined) {
      res.writeHead(202).end()
      return
    }
    const reply = (result) =>
      json(res, { jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...result } })
    switch (message.method) {
      case 'server/discover':
        return reply({
          supportedVersions: [REVISION],
          capabilities: { tools: options.toolsListChanged ? { listChanged: true } : {} },
          serverInfo: { name: 'modern-test-server', version: '1.0.0' },
        })
      case 'tools/list':
        if (listStreamsToLose > 0) {
          listStreamsToLose--
          return loseStream(res)
        }
        return reply({ ttlMs: 0, cacheScope: 'private', tools: TOOLS })
      case 'tools/call':
        return call(message, res, reply)
      case 'subscriptions/listen':
        if (!options.toolsListChanged) break
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
        listeners.set(message.id, res)
        res.on('close', () => listeners.delete(message.id))
        return event(res, {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: { [SUBSCRIPTION_ID]: message.id }, notifications: { toolsListChanged: true } },
        })
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

  function call(message, res, reply) {
    const { name, arguments: args, inputResponses, requestState } = message.params ?? {}
    if (name === 'confirm_write') {
      if (!inputResponses) {
        const state = randomBytes(8).toString('hex')
        states.set(state, args)
        return reply({
          resultType: 'input_required',
          inputRequests: {
            confirm: {
              method: 'elicitation/create',
              params: {
                message: 'Write this note?',
                requestedSchema: {
                  type: 'object',
                  properties: { confirmed: { type: 'boolean' } },
                  required: ['confirmed'],
                },
              },
            },
          },
          requestState: state,
        })
      }
      if (!states.has(requestState))
        return reply({ content: [{ type: 'text', text: 'requestState not echoed' }], isError: true })
      const answer = inputResponses.confirm
      const confirmed = answer?.action === 'accept' && answer.content?.confirmed === true
      return reply({ content: [{ type: 'text', text: confirmed ? `wrote ${args?.note ?? ''}` : 'not confirmed' }] })
    }
    if (name === 'lose_stream') return loseStream(res)
    if (name === 'route') return reply({ content: [{ type: 'text', text: `routed to ${args?.region}` }] })
    return reply({ content: [{ type: 'text', text: `called ${name}` }] })
  }

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}/mcp`
  return {
    url,
    requests,
    listening: () => listeners.size,
    notifyToolsChanged: () => {
      for (const [id, res] of listeners)
        event(res, {
          jsonrpc: '2.0',
          method: 'notifications/tools/list_changed',
          params: { _meta: { [SUBSCRIPTION_ID]: id } },
        })
    },
    dropListenStreams: () => {
      for (const res of listeners.values()) res.socket?.destroy()
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

/** The answer starts as an SSE stream, then the connection drops before any event. */
function loseStream(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
  setTimeout(() => res.socket?.destroy(), 50)
}
