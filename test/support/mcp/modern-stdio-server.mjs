// A 2026-07-28 ("modern") MCP server over stdio, for tests, written by hand after the revision's
// wire (the v2 server SDK is not installed). It answers `server/discover` and refuses
// `initialize` (a modern-only server), asks for input with an input-required result instead of a
// server→client request, and serves `subscriptions/listen`. Every process start and request is
// appended to the file named by MCP_WIRE_LOG (one JSON object a line) so a test can read the wire.
//   echo           answers with its text
//   confirm_write  input_required (elicitation) first; with the answer and the exact requestState, completes
//   add_tool       adds the tool `extra`, then tells every open listen stream the list changed
//   crash          exits without answering (a write lost mid-flight)
import { appendFileSync } from 'node:fs'
import process from 'node:process'
import { answer, send, serveLines } from './line-json-rpc.mjs'

const REVISION = '2026-07-28'
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'
const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion'

const object = (properties = {}) => ({ type: 'object', properties })
const tools = [
  { name: 'echo', description: 'Echoes its text', inputSchema: object({ text: { type: 'string' } }) },
  {
    name: 'confirm_write',
    description: 'Writes after the user confirms',
    inputSchema: object({ note: { type: 'string' } }),
  },
  { name: 'add_tool', description: 'Adds a tool', inputSchema: object() },
  { name: 'crash', description: 'Exits mid-call', inputSchema: object() },
]
/** Open listen streams (their request ids). */
const listeners = new Set()
const states = new Map()

function log(entry) {
  if (process.env.MCP_WIRE_LOG)
    appendFileSync(process.env.MCP_WIRE_LOG, `${JSON.stringify({ pid: process.pid, ...entry })}\n`)
}

const complete = (id, result) => answer(id, { resultType: 'complete', ...result })
const text = (value) => ({ content: [{ type: 'text', text: value }] })

function handle(message) {
  const { id, method, params } = message
  log({ method, name: params?.name, version: params?._meta?.[PROTOCOL_VERSION] })
  switch (method) {
    case 'server/discover':
      return complete(id, {
        supportedVersions: [REVISION],
        capabilities: { tools: { listChanged: true } },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-stdio-test-server', version: '1.0.0' } },
        instructions: 'Modern over stdio.',
      })
    case 'tools/list':
      return complete(id, { ttlMs: 0, cacheScope: 'private', tools })
    case 'tools/call':
      return call(id, params ?? {})
    case 'subscriptions/listen':
      listeners.add(id)
      return send({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { [SUBSCRIPTION_ID]: id }, notifications: { toolsListChanged: true } },
      })
    case 'notifications/cancelled':
      listeners.delete(params?.requestId)
      return
    default:
      // initialize included: this server speaks 2026-07-28 only.
      if (id !== undefined)
        send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } })
  }
}

function call(id, { name, arguments: args, inputResponses, requestState }) {
  log({ call: name })
  switch (name) {
    case 'echo':
      return complete(id, text(`echo: ${args?.text ?? ''}`))
    case 'confirm_write': {
      if (!inputResponses) {
        const state = `state-${states.size + 1}`
        states.set(state, args)
        return answer(id, {
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
      if (!states.has(requestState)) return complete(id, { ...text('requestState not echoed'), isError: true })
      const reply = inputResponses.confirm
      const confirmed = reply?.action === 'accept' && reply.content?.confirmed === true
      return complete(id, text(confirmed ? `wrote ${args?.note ?? ''}` : 'not confirmed'))
    }
    case 'add_tool':
      if (!tools.some((tool) => tool.name === 'extra'))
        tools.push({ name: 'extra', description: 'Added later', inputSchema: object() })
      complete(id, text('added'))
      for (const listen of listeners)
        send({
          jsonrpc: '2.0',
          method: 'notifications/tools/list_changed',
          params: { _meta: { [SUBSCRIPTION_ID]: listen } },
        })
      return
    case 'crash':
      return process.exit(7)
    default:
      return complete(id, { ...text(`no tool ${name}`), isError: true })
  }
}

log({ event: 'spawn' })
serveLines(handle)
