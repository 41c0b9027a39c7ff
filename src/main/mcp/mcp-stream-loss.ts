// A Streamable HTTP response stream that ends before its answer. The 2026-07-28 revision has no
// resumption: the request is lost and "clients MUST re-issue it as a new request". Left alone, the
// SDK waits for an answer that will never come (until the call's timeout). Keel's transport turns
// the lost stream into an immediate error for that request, and Keel decides what it means: a
// request without side effects (listing, reading) is sent again as a new request; a tool call is
// never sent again: its outcome is unknown (the server may have acted).
// A 2025-11-25 stream that carried event ids is first resumed by the SDK (same request, GET with
// Last-Event-ID); only when that is exhausted does the request count as lost.
import { randomBytes } from 'node:crypto'
import {
  type JSONRPCMessage,
  ProtocolError,
  StreamableHTTPClientTransport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client'
import type { McpCallOutcome } from './mcp-connection-port'

/** The JSON-RPC code of Keel's own "stream lost" answer (implementation-defined server-error range). */
export const STREAM_LOST_CODE = -32099
/** Marks the answer as Keel's: a server could send the same code, never this process's nonce. */
const NONCE = randomBytes(16).toString('hex')

/** Requests with no side effect, which Keel sends again when their stream was lost. */
const REISSUABLE = new Set([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
])

/** How many times one request without side effects is sent again after lost streams. */
export const MAX_REISSUES = 2

export class KeelStreamableHttpTransport extends StreamableHTTPClientTransport {
  override send(message: JSONRPCMessage | JSONRPCMessage[], options?: TransportSendOptions): Promise<void> {
    if (Array.isArray(message) || !('method' in message) || !('id' in message) || message.id === undefined)
      return super.send(message, options)
    const id = message.id
    return super.send(message, {
      ...options,
      onRequestStreamEnd: () => {
        options?.onRequestStreamEnd?.()
        // Also fired after a complete answer: the SDK has then settled that id and drops this one.
        this.onmessage?.({
          jsonrpc: '2.0',
          id,
          error: {
            code: STREAM_LOST_CODE,
            message: 'The response stream ended before the answer',
            data: { keelStreamLost: NONCE },
          },
        })
      },
    })
  }
}

/** The error is Keel's own "the response stream was lost" (never one a server sent). */
export function isStreamLost(error: unknown): boolean {
  if (!(error instanceof ProtocolError) || error.code !== STREAM_LOST_CODE) return false
  const data = error.data as { keelStreamLost?: unknown } | undefined
  return data?.keelStreamLost === NONCE
}

/** Whether `method` may be sent again after its stream was lost (no side effect). */
export function isReissuable(method: string): boolean {
  return REISSUABLE.has(method)
}

/** Runs `send` (a request of `method`), sending it again as a new request after a lost stream when it has no side effect. */
export async function reissuingAfterLoss<T>(method: string, send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      if (!isStreamLost(error) || !isReissuable(method) || attempt >= MAX_REISSUES) throw error
    }
  }
}

/** A tool call whose response stream was lost: sent, never re-sent, outcome unknown. */
export function lostCallOutcome(stopped: boolean): McpCallOutcome {
  if (stopped)
    return {
      kind: 'unknown',
      reason: 'stopped',
      message: 'Stopped. The server was asked to cancel but may have finished.',
    }
  return {
    kind: 'unknown',
    reason: 'connection-lost',
    message:
      'The response stream ended before the answer; the server may or may not have acted. It was not sent again.',
  }
}
