// A 2025-11-25 MCP server over stdio that, like servers built on older SDKs, cannot bear a request
// before `initialize`. Its first argument says what it does with one:
//   exit          writes why to stderr and exits (code 1)
//   silent        never answers it (but goes on reading)
//   close-stdout  closes its stdout and keeps running (it can never answer again)
// After `initialize` it offers one tool, `record`, which appends a line to MCP_WIRE_LOG. Every
// process start and request is appended there too (one JSON object a line).
import { appendFileSync, closeSync } from 'node:fs'
import process from 'node:process'
import { answer, methodNotFound, serveLines } from './line-json-rpc.mjs'

const mode = process.argv[2] ?? 'exit'
let initialized = false

function log(entry) {
  if (process.env.MCP_WIRE_LOG)
    appendFileSync(process.env.MCP_WIRE_LOG, `${JSON.stringify({ pid: process.pid, ...entry })}\n`)
}

function handle(message) {
  const { id, method, params } = message
  log({ method, name: params?.name })
  if (!initialized && method !== 'initialize' && id !== undefined) {
    if (mode === 'silent') return
    if (mode === 'close-stdout') {
      closeSync(1)
      setInterval(() => undefined, 60_000)
      return
    }
    process.stderr.write(`Received ${method} before initialize; exiting\n`)
    process.exit(1)
  }
  switch (method) {
    case 'initialize':
      initialized = true
      return answer(id, {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'legacy-strict-test-server', version: '1.0.0' },
      })
    case 'notifications/initialized':
      return
    case 'tools/list':
      return answer(id, {
        tools: [{ name: 'record', description: 'Records one call', inputSchema: { type: 'object', properties: {} } }],
      })
    case 'tools/call':
      log({ call: params?.name })
      return answer(id, { content: [{ type: 'text', text: 'recorded' }] })
    default:
      return methodNotFound(message)
  }
}

log({ event: 'spawn', mode })
serveLines(handle)
