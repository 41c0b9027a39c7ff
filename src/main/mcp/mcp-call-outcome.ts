// What a failed `tools/call` means for Keel (mcp-connection-port.ts McpCallOutcome): the SDK
// reports Stop and timeout with one error code, so the caller says which of its own signals fired.
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import type { McpCallOutcome } from './mcp-connection-port'

export interface CallFailureContext {
  /** The caller's signal fired (Stop). */
  stopped: boolean
  /** The connection ended while the call ran (crash, exit, close, a message over the cap). */
  connectionLost: boolean
  /** Why the connection ended, when known (added to the message). */
  lostReason?: string | undefined
  /** The timeout in force (ms), for the message. */
  timeoutMs: number
}

/** Classifies an error thrown by `Client.callTool` once the request was handed to the SDK. */
export function classifyCallFailure(error: unknown, context: CallFailureContext): McpCallOutcome {
  if (context.stopped) {
    return {
      kind: 'unknown',
      reason: 'stopped',
      message: 'Stopped. The server was asked to cancel but may have finished.',
    }
  }
  if (error instanceof ProtocolError) return { kind: 'rejected', code: error.code, message: error.message }
  const sdkCode = error instanceof SdkError ? error.code : undefined
  if (sdkCode === SdkErrorCode.RequestTimeout && !context.connectionLost) {
    return {
      kind: 'unknown',
      reason: 'timeout',
      message: `No answer within ${Math.round(context.timeoutMs / 1000)} s. The server was asked to cancel but may have finished.`,
    }
  }
  if (sdkCode === SdkErrorCode.NotConnected && !context.connectionLost) {
    return { kind: 'not-sent', message: 'The server is not connected; the call was not sent.' }
  }
  const detail = context.lostReason ?? (error instanceof Error ? error.message : String(error))
  if (sdkCode === SdkErrorCode.InvalidResult) {
    // The server answered, but not with a tool result: whether it acted is not known.
    return {
      kind: 'unknown',
      reason: 'connection-lost',
      message: `The server's answer could not be read (${detail}); it may or may not have acted.`,
    }
  }
  return {
    kind: 'unknown',
    reason: 'connection-lost',
    message: `The connection to the server was lost during the call (${detail}); it may or may not have acted.`,
  }
}
