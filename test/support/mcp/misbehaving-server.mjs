// A raw stdio MCP server (newline-delimited JSON-RPC, written by hand for full control) that
// misbehaves on purpose, for Keel's connection tests. Plain .mjs: started with `node` directly.
//
// Start-up behaviour (env):
//   MCP_TEST_HANG_AT_START=1      never answer `initialize`
//   MCP_TEST_EXIT_AT_START=<code> print to stderr and exit before answering `initialize`
//   MCP_TEST_GRANDCHILD_PID_FILE  spawn a grandchild that ignores SIGTERM and stdin EOF; write its pid there
//   MCP_TEST_IGNORE_SIGTERM=1     this process ignores SIGTERM and stdin EOF too (only SIGKILL ends it)
//   MCP_TEST_COUNT_FILE           where `count` and `crash` record how many times they ran
//   MCP_TEST_EVENTS_FILE          where the server appends what it saw (`cancelled <id>`)
//   MCP_TEST_PAGE_SIZE=<n>        tools/list page size (default 3: several pages)
//   MCP_TEST_START_MUTATED=1      `mutable` starts with its changed definition (a server updated between runs)
//   MCP_TEST_HIDDEN_CHARS=1       adds `read_note`, whose title, description, result and server name hide
//                                 bidi overrides and zero-width characters ("Read note\u202Etxt.exe\u202C")
//
// Tools: count, crash, huge {mib}, flood {kib}, mutable, mutate, bad_structured, slow {steps, stepMs},
// image, fails, ask, env, and unknown names → JSON-RPC error -32602.
import { spawn } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'

const env = process.env
const pageSize = Number(env.MCP_TEST_PAGE_SIZE ?? 3)
let mutated = Boolean(env.MCP_TEST_START_MUTATED)
let nextServerRequestId = 1
const pendingServerRequests = new Map()
const cancelled = new Set()

if (env.MCP_TEST_IGNORE_SIGTERM) process.on('SIGTERM', () => {})
if (env.MCP_TEST_GRANDCHILD_PID_FILE) {
  const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1e9)"], {
    stdio: 'ignore',
  })
  writeFileSync(env.MCP_TEST_GRANDCHILD_PID_FILE, String(grandchild.pid))
}

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

function tools() {
  const list = [
    { name: 'count', description: 'Counts its calls in a file', inputSchema: { type: 'object', properties: {} } },
    { name: 'crash', description: 'Exits while the call is pending', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'huge',
      description: 'Returns N MiB of text',
      inputSchema: { type: 'object', properties: { mib: { type: 'number' } } },
    },
    {
      name: 'flood',
      description: 'Writes N KiB to stderr, then answers',
      inputSchema: { type: 'object', properties: { kib: { type: 'number' } } },
    },
    {
      name: 'mutable',
      description: mutated ? 'Changed after mutate was called' : 'The original definition',
      inputSchema: { type: 'object', properties: mutated ? { extra: { type: 'string' } } : {} },
      annotations: { readOnlyHint: true },
      // A field no SDK schema knows: must survive listing (pinning hashes the whole object).
      'x-keel-test': { kept: true },
    },
    {
      name: 'mutate',
      description: 'Changes `mutable` and sends list_changed',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'bad_structured',
      description: 'structuredContent that violates its outputSchema',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    },
    {
      name: 'slow',
      description: 'Progress every stepMs; honours notifications/cancelled',
      inputSchema: { type: 'object', properties: { steps: { type: 'number' }, stepMs: { type: 'number' } } },
    },
    { name: 'image', description: 'An image result', inputSchema: { type: 'object', properties: {} } },
    { name: 'fails', description: 'An isError result', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'ask',
      description: 'Asks the user (elicitation) during the call',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'env',
      description: 'Returns its environment variable names',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'echo_env',
      description: 'Returns the value of one of its environment variables (a server echoing its token)',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
    },
  ]
  if (env.MCP_TEST_HIDDEN_CHARS) {
    list.push({
      name: 'read_note',
      title: 'Read note\u202Etxt.exe\u202C',
      description: 'Reads\u200B a note safely\u2066',
      inputSchema: { type: 'object', properties: {} },
    })
  }
  return list
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n')
}
const answer = (id, result) => send({ jsonrpc: '2.0', id, result })
const text = (value) => ({ content: [{ type: 'text', text: value }] })
function record(event) {
  if (env.MCP_TEST_EVENTS_FILE) appendFileSync(env.MCP_TEST_EVENTS_FILE, event + '\n')
}
function bumpCount() {
  const file = env.MCP_TEST_COUNT_FILE
  if (!file) return 0
  let count = 0
  try {
    count = Number(readFileSync(file, 'utf8')) || 0
  } catch {}
  writeFileSync(file, String(count + 1))
  return count + 1
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function askClient(method, params) {
  const id = `s${nextServerRequestId++}`
  send({ jsonrpc: '2.0', id, method, params })
  return new Promise((resolve) => pendingServerRequests.set(id, resolve))
}

async function callTool(id, params) {
  const args = params.arguments ?? {}
  const progressToken = params._meta?.progressToken
  switch (params.name) {
    case 'count':
      return answer(id, text(`count ${bumpCount()}`))
    case 'crash':
      bumpCount()
      process.stderr.write('crashing on purpose\n')
      return process.exit(3)
    case 'huge': {
      const bytes = Math.round((args.mib ?? 1) * 1024 * 1024)
      return answer(id, text('x'.repeat(bytes)))
    }
    case 'flood': {
      const line = 'flood '.padEnd(1023, '.') + '\n'
      const kib = args.kib ?? 1024
      for (let i = 0; i < kib; i++) process.stderr.write(i === kib - 1 ? 'LAST LINE OF THE FLOOD\n' : line)
      return answer(id, text('flooded'))
    }
    case 'mutable':
      return answer(id, text(mutated ? 'new' : 'old'))
    case 'mutate':
      mutated = true
      answer(id, text('mutated'))
      return send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    case 'bad_structured':
      return answer(id, {
        content: [{ type: 'text', text: '{"n":"not a number"}' }],
        structuredContent: { n: 'not a number' },
      })
    case 'slow': {
      const steps = args.steps ?? 5
      for (let step = 1; step <= steps; step++) {
        await sleep(args.stepMs ?? 100)
        if (cancelled.has(id)) return record(`stopped ${id} at ${step}`)
        if (progressToken !== undefined) {
          send({
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: `step ${step}` },
          })
        }
      }
      return answer(id, text('slow done'))
    }
    case 'image':
      return answer(id, {
        content: [
          { type: 'text', text: 'a dot' },
          { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
        ],
      })
    case 'fails':
      return answer(id, { content: [{ type: 'text', text: 'it went wrong' }], isError: true })
    case 'ask': {
      const reply = await askClient('elicitation/create', {
        mode: 'form',
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      })
      return answer(id, text(`elicitation: ${JSON.stringify(reply.result ?? reply.error)}`))
    }
    case 'env':
      return answer(id, text(JSON.stringify(Object.keys(process.env).sort())))
    case 'read_note':
      return answer(id, text('note\u202Econtent'))
    case 'echo_env':
      return answer(id, text(`${params.arguments?.name}=${process.env[params.arguments?.name] ?? ''}`))
    default:
      return send({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${params.name}` } })
  }
}

function handle(message) {
  if (message.id !== undefined && message.method === undefined) {
    const resolve = pendingServerRequests.get(message.id)
    pendingServerRequests.delete(message.id)
    resolve?.(message)
    return
  }
  switch (message.method) {
    case 'initialize':
      if (env.MCP_TEST_HANG_AT_START) return
      if (env.MCP_TEST_EXIT_AT_START) {
        process.stderr.write('cannot start: on purpose\n')
        return process.exit(Number(env.MCP_TEST_EXIT_AT_START))
      }
      return answer(message.id, {
        protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: env.MCP_TEST_HIDDEN_CHARS ? 'misbehaving\u200B' : 'misbehaving', version: '1.0.0' },
      })
    case 'notifications/initialized':
      return
    case 'notifications/cancelled':
      cancelled.add(message.params?.requestId)
      return record(`cancelled ${message.params?.requestId}`)
    case 'ping':
      return answer(message.id, {})
    case 'tools/list': {
      const all = tools()
      const start = Number(message.params?.cursor ?? 0)
      const page = all.slice(start, start + pageSize)
      const next = start + pageSize < all.length ? String(start + pageSize) : undefined
      return answer(message.id, { tools: page, ...(next ? { nextCursor: next } : {}) })
    }
    case 'tools/call':
      return void callTool(message.id, message.params ?? {})
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
// Like a well-behaved server: stdin closed → exit (unless told to be stubborn).
process.stdin.on('end', () => {
  if (!env.MCP_TEST_IGNORE_SIGTERM) process.exit(0)
})
if (env.MCP_TEST_IGNORE_SIGTERM) setInterval(() => {}, 1e9)
