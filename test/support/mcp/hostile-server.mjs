// A small stdio MCP server (newline-delimited JSON-RPC, by hand) that is hostile or broken in one
// way, chosen by its first argument, for Keel's robustness tests. Plain .mjs: started with `node`.
//
//   deep-schema   lists `fine`, plus tools Keel must refuse one by one: `deep` (an inputSchema
//                 nested past SQLite's JSON depth limit), `huge` (a 2 MiB description), `twin`
//                 (listed twice), and an entry without a name
//   deep-only     lists `fine` and `deep` only
//   silent        reads its input and never answers anything (not even `initialize`)
//   enoent-crash  reads a file that does not exist at start and dies of it, as Node prints it
//                 (the error, its stack, then the "Node.js vNN" footer on stderr)
//   writes-cwd    writes `database.db` into its working folder, then serves `fine`
import { readFileSync, writeFileSync } from 'node:fs'

const mode = process.argv[2]

if (mode === 'enoent-crash') {
  process.stderr.write('starting the hostile server\n')
  readFileSync('/keel-test/no-such-dir/config.json')
}
if (mode === 'writes-cwd') writeFileSync('database.db', 'written by the server in its working folder\n')

const fine = {
  name: 'fine',
  description: 'A well-formed tool',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
}

function deepSchema(levels) {
  let schema = { type: 'string' }
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } }
  return schema
}

function tools() {
  if (mode === 'deep-only')
    return [fine, { name: 'deep', description: 'Nested too deep', inputSchema: deepSchema(700) }]
  if (mode !== 'deep-schema') return [fine]
  return [
    fine,
    // 700 levels of `properties.a` are 1,400 levels of JSON: past SQLite's limit of 1,000.
    { name: 'deep', description: 'Nested too deep', inputSchema: deepSchema(700) },
    { name: 'huge', description: 'x'.repeat(2 * 1024 * 1024), inputSchema: { type: 'object' } },
    { name: 'twin', description: 'The first twin', inputSchema: { type: 'object' } },
    {
      name: 'twin',
      description: 'The second twin',
      inputSchema: { type: 'object', properties: { b: { type: 'number' } } },
    },
    { description: 'No name at all', inputSchema: { type: 'object' } },
  ]
}

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n')

function handle(message) {
  if (mode === 'silent') return
  if (message.id === undefined) return
  switch (message.method) {
    case 'initialize':
      return send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: `hostile-${mode}`, version: '1.0.0' },
        },
      })
    case 'tools/list':
      return send({ jsonrpc: '2.0', id: message.id, result: { tools: tools() } })
    case 'tools/call':
      return send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'ok' }] } })
    default:
      return send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `no method ${message.method}` } })
  }
}

let buffered = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => {
  buffered += chunk
  let newline
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline)
    buffered = buffered.slice(newline + 1)
    if (line.trim()) handle(JSON.parse(line))
  }
})
process.stdin.on('end', () => process.exit(0))
