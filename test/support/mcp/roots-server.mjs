// A small raw stdio MCP server (newline-delimited JSON-RPC) for roots and instructions tests. Plain
// .mjs: started with `node` directly.
//
//   MCP_TEST_INSTRUCTIONS_FILE  a file whose text it sends as `instructions` in `initialize` (read then;
//                           absent: none)
//   MCP_TEST_ROOTS_FILE     where it appends one JSON line per event, each with its pid:
//                           {event:'initialize', capabilities} and {event:'roots', roots} (the answer to
//                           each roots/list it sends: right after `initialized` when the client declared
//                           roots, and after every notifications/roots/list_changed)
import { appendFileSync, readFileSync } from 'node:fs'
import { send, serveLines } from './line-json-rpc.mjs'

const env = process.env
let clientHasRoots = false
let nextId = 1
const pending = new Map()

function record(entry) {
  if (env.MCP_TEST_ROOTS_FILE)
    appendFileSync(env.MCP_TEST_ROOTS_FILE, `${JSON.stringify({ pid: process.pid, ...entry })}\n`)
}

function askRoots() {
  const id = `roots-${nextId++}`
  pending.set(id, (message) => record({ event: 'roots', roots: message.result?.roots ?? null, error: message.error }))
  send({ jsonrpc: '2.0', id, method: 'roots/list' })
}

function handle(message) {
  if (message.id !== undefined && message.method === undefined) {
    pending.get(message.id)?.(message)
    pending.delete(message.id)
    return
  }
  switch (message.method) {
    case 'initialize': {
      clientHasRoots = message.params?.capabilities?.roots !== undefined
      record({ event: 'initialize', capabilities: message.params?.capabilities ?? {} })
      send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'roots-test', version: '1.0.0' },
          ...(env.MCP_TEST_INSTRUCTIONS_FILE
            ? { instructions: readFileSync(env.MCP_TEST_INSTRUCTIONS_FILE, 'utf8') }
            : {}),
        },
      })
      return
    }
    case 'notifications/initialized':
      if (clientHasRoots) askRoots()
      return
    case 'notifications/roots/list_changed':
      askRoots()
      return
    case 'tools/list':
      send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          tools: [{ name: 'noop', description: 'Does nothing', inputSchema: { type: 'object', properties: {} } }],
        },
      })
      return
    case 'tools/call':
      send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'ok' }] } })
      return
    case 'ping':
      send({ jsonrpc: '2.0', id: message.id, result: {} })
      return
    default:
      if (message.id !== undefined)
        send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Unknown method ${message.method}` } })
  }
}

serveLines(handle)
