// A stdio MCP server (newline-delimited JSON-RPC) that lists the tools of popular servers, as
// modelled in popular-server-tools.mjs: `MCP_POPULAR_SERVERS=git,firecrawl` picks servers (default:
// all, 167 tools). Calls answer with a short text. Plain .mjs: started with `node` directly.
import { POPULAR_SERVERS } from './popular-server-tools.mjs'

const wanted = process.env.MCP_POPULAR_SERVERS?.split(',').filter(Boolean)
const tools = POPULAR_SERVERS.filter(({ server }) => !wanted || wanted.includes(server)).flatMap(({ tools }) => tools)
const PAGE = 50

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n')
const answer = (id, result) => send({ jsonrpc: '2.0', id, result })

function handle(message) {
  switch (message.method) {
    case 'initialize':
      return answer(message.id, {
        protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'popular-tools', version: '1.0.0' },
      })
    case 'ping':
      return answer(message.id, {})
    case 'tools/list': {
      const start = Number(message.params?.cursor ?? 0)
      const next = start + PAGE < tools.length ? String(start + PAGE) : undefined
      return answer(message.id, { tools: tools.slice(start, start + PAGE), ...(next ? { nextCursor: next } : {}) })
    }
    case 'tools/call':
      return answer(message.id, { content: [{ type: 'text', text: `ran ${message.params?.name}` }] })
    default:
      if (message.id !== undefined)
        send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        })
  }
}

let buffer = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => {
  buffer += chunk
  let newline
  while ((newline = buffer.indexOf('\n')) !== -1) {
    const line = buffer.slice(0, newline)
    buffer = buffer.slice(newline + 1)
    if (line.trim()) handle(JSON.parse(line))
  }
})
process.stdin.on('end', () => process.exit(0))
