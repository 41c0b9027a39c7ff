// A stdio MCP server (newline-delimited JSON-RPC, by hand) whose tools have the input-schema shapes
// schema generators give and some providers refuse as they are: a union at the top (zod's
// `z.union` of objects), a pick-one `oneOf` of `required`, a recursive model (pydantic's `$defs` +
// `$ref`), type arrays, an unknown `format`, an array without `items`, a 3,000-character
// description. Each call answers with its arguments and, when MCP_CALL_LOG names a file, appends
// them there (one JSON line), so a test can tell whether a call ever reached the server.
import { appendFileSync } from 'node:fs'
import { answer, methodNotFound, serveLines } from './line-json-rpc.mjs'

const TOOLS = [
  {
    name: 'edit_file',
    description: 'Reads or writes a file',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      anyOf: [
        {
          type: 'object',
          properties: { action: { type: 'string', const: 'read' }, path: { type: 'string' } },
          required: ['action', 'path'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            action: { type: 'string', const: 'write' },
            path: { type: 'string' },
            content: { type: 'string' },
          },
          required: ['action', 'path', 'content'],
          additionalProperties: false,
        },
      ],
    },
  },
  {
    name: 'book_room',
    description: 'Books a room by its id or its name',
    inputSchema: {
      type: 'object',
      properties: { roomId: { type: 'integer' }, roomName: { type: 'string' } },
      oneOf: [{ required: ['roomId'] }, { required: ['roomName'] }],
    },
  },
  {
    name: 'save_tree',
    description: 'Saves a tree of nodes',
    inputSchema: {
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
          required: ['label'],
        },
      },
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
    },
  },
  {
    name: 'set_value',
    description: 'x'.repeat(3000),
    inputSchema: {
      type: 'object',
      properties: {
        value: { type: ['string', 'null'], format: 'x-made-up' },
        tags: { type: 'array' },
        when: { type: 'string', format: 'date-time' },
      },
    },
  },
]

function handle(message) {
  switch (message.method) {
    case 'initialize':
      return answer(message.id, {
        protocolVersion: message.params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'schema-shapes', version: '1.0.0' },
      })
    case 'ping':
      return answer(message.id, {})
    case 'tools/list':
      return answer(message.id, { tools: TOOLS })
    case 'tools/call': {
      const call = { name: message.params?.name, arguments: message.params?.arguments ?? {} }
      if (process.env.MCP_CALL_LOG) appendFileSync(process.env.MCP_CALL_LOG, `${JSON.stringify(call)}\n`)
      return answer(message.id, {
        content: [{ type: 'text', text: `ran ${call.name} ${JSON.stringify(call.arguments)}` }],
      })
    }
    default:
      methodNotFound(message)
  }
}

serveLines(handle)
