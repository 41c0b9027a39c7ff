// The stdio framing the small hand-written MCP test servers share: one JSON-RPC message per line
// on stdin and stdout. Each server keeps only its own `handle(message)`.
import process from 'node:process'

export function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`)
}

export function answer(id, result) {
  send({ jsonrpc: '2.0', id, result })
}

/** The JSON-RPC error for a method the server does not have (nothing for a notification). */
export function methodNotFound(message) {
  if (message.id !== undefined)
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } })
}

/** Calls `handle` with each message read from stdin; exits when stdin ends (the client closed it). */
export function serveLines(handle) {
  let buffer = ''
  process.stdin.setEncoding('utf8')
  process.stdin.on('data', (chunk) => {
    buffer += chunk
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at).trim()
      buffer = buffer.slice(at + 1)
      if (line !== '') handle(JSON.parse(line))
    }
  })
  process.stdin.on('end', () => process.exit(0))
}
