// A raw stdio MCP server (newline-delimited JSON-RPC, by hand) that offers resources only and
// fails `resources/read` in one way per URI, for the typed errors of Keel's resource commands.
// Plain .mjs: started with `node` directly.
//
//   test://fail/invalid  JSON-RPC error -32602 (invalid params)
//   test://fail/missing  MCP error -32002 (resource not found)
//   test://fail/other    JSON-RPC error -32603 (internal error)
//   test://fail/silent   never answered (the client times out)
//   test://fail/huge     answered with 2 MB of text (over a small message cap)
//   test://fail/exit     the server exits instead of answering (the transport is lost)
import { answer, methodNotFound, send, serveLines } from './line-json-rpc.mjs'

const fail = (id, code, message) => send({ jsonrpc: '2.0', id, error: { code, message } })

function handle(message) {
  const { id, method, params } = message
  switch (method) {
    case 'initialize':
      return answer(id, {
        protocolVersion: params?.protocolVersion ?? '2025-11-25',
        capabilities: { resources: {} },
        serverInfo: { name: 'feature-failure-test', version: '1.0.0' },
      })
    case 'notifications/initialized':
      return
    case 'resources/list':
      return answer(id, { resources: [{ uri: 'test://fail/missing', name: 'missing' }] })
    case 'resources/templates/list':
      return answer(id, { resourceTemplates: [] })
    case 'resources/read':
      switch (params?.uri) {
        case 'test://fail/invalid':
          return fail(id, -32602, 'Invalid params: uri is not one of mine')
        case 'test://fail/missing':
          return fail(id, -32002, 'Resource not found')
        case 'test://fail/other':
          return fail(id, -32603, 'Internal error')
        case 'test://fail/silent':
          return
        case 'test://fail/huge':
          return answer(id, { contents: [{ uri: params.uri, text: 'x'.repeat(2_000_000) }] })
        case 'test://fail/exit':
          return process.exit(3)
        default:
          return answer(id, { contents: [{ uri: params?.uri, text: 'fine' }] })
      }
    default:
      return methodNotFound(message)
  }
}

serveLines(handle)
