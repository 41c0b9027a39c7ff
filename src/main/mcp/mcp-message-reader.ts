// Splits a stdio server's stdout into JSON-RPC messages (one per line) with a cap on one message.
// The SDK's ReadBuffer concatenates the whole buffer on every chunk (quadratic: 9 MiB took 3 s); this keeps a message's chunks in a list and joins them once, then parses with the
// SDK's own `deserializeMessage` (JSON + JSON-RPC schema), so framing rules stay the SDK's.
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client'

/** Default cap of one incoming message: results beyond this are refused with a clear error. */
export const MCP_MAX_MESSAGE_BYTES = 16 * 1024 * 1024

export class McpMessageTooLarge extends Error {
  override readonly name = 'McpMessageTooLarge'
  constructor(readonly limit: number) {
    super(
      `The server sent a message larger than ${Math.round(limit / (1024 * 1024))} MiB; Keel refused it and closed the connection`,
    )
  }
}

export class McpMessageReader {
  private pending: Buffer[] = []
  private pendingBytes = 0

  constructor(private readonly maxMessageBytes = MCP_MAX_MESSAGE_BYTES) {}

  /**
   * Feeds a chunk; returns the complete messages it finished (lines that are not JSON are skipped,
   * as the SDK does: some servers print banners to stdout; JSON that is not JSON-RPC comes back as
   * an Error in its place). Throws McpMessageTooLarge.
   */
  push(chunk: Buffer): Array<JSONRPCMessage | Error> {
    const messages: Array<JSONRPCMessage | Error> = []
    let rest = chunk
    for (;;) {
      const newline = rest.indexOf(0x0a)
      if (newline === -1) {
        this.pendingBytes += rest.length
        if (this.pendingBytes > this.maxMessageBytes) {
          this.clear()
          throw new McpMessageTooLarge(this.maxMessageBytes)
        }
        if (rest.length > 0) this.pending.push(rest)
        return messages
      }
      const head = rest.subarray(0, newline)
      if (this.pendingBytes + head.length > this.maxMessageBytes) {
        this.clear()
        throw new McpMessageTooLarge(this.maxMessageBytes)
      }
      const line = (this.pending.length === 0 ? head : Buffer.concat([...this.pending, head]))
        .toString('utf8')
        .replace(/\r$/, '')
      this.pending = []
      this.pendingBytes = 0
      rest = rest.subarray(newline + 1)
      if (line.trim() === '') continue
      try {
        messages.push(deserializeMessage(line))
      } catch (error) {
        if (!(error instanceof SyntaxError)) messages.push(error instanceof Error ? error : new Error(String(error)))
      }
    }
  }

  clear(): void {
    this.pending = []
    this.pendingBytes = 0
  }
}
