// Keel's stdio transport for MCP servers. The SDK's StdioClientTransport kills only the process it
// spawned (it exposes just `pid`), so wrapper trees (npx → npm exec → node) outlive Keel. This one
// spawns the server as the leader of its own process group (POSIX) and ends the whole group:
// stdin closed → ~2 s → SIGTERM to the group → ~2 s → SIGKILL to the group. It also keeps stderr in
// a ring and caps one incoming message (McpMessageReader) instead of buffering without bound.
// A server that closes its stdout but keeps running can never answer again: that ends the
// connection too (after a short wait, so an exit that follows is reported as the exit).
import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'
import {
  SdkError,
  SdkErrorCode,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client'
import { McpMessageReader, MCP_MAX_MESSAGE_BYTES } from './mcp-message-reader'
import type { StderrRing } from './mcp-stderr-ring'

export interface KeelStdioTransportOptions {
  command: string
  args?: readonly string[] | undefined
  cwd?: string | undefined
  /** The whole environment of the child (see mcp-environment.ts): nothing else is inherited. */
  env: Record<string, string>
  stderr: StderrRing
  maxMessageBytes?: number | undefined
  /** How long each step of close() waits for the tree to end (ms). */
  gracePeriodMs?: number | undefined
}

/** How the process ended (for the failure reason). */
export interface StdioExit {
  code: number | null
  signal: NodeJS.Signals | null
}

const POSIX = process.platform !== 'win32'
/** How long a closed stdout waits for the exit that usually follows it (ms). */
const OUTPUT_CLOSED_WAIT_MS = 500

export class KeelStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private child: ChildProcess | undefined
  private readonly reader: McpMessageReader
  private exitInfo: StdioExit | undefined
  private exited: Promise<void> | undefined
  private closing: Promise<void> | undefined
  private closedNotified = false
  /** The error that made Keel end the connection (a message over the cap), for the failure reason. */
  fatalError: Error | undefined
  private outputClosedAlive = false
  private exitedUnasked = false

  constructor(private readonly options: KeelStdioTransportOptions) {
    this.reader = new McpMessageReader(options.maxMessageBytes ?? MCP_MAX_MESSAGE_BYTES)
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  get exit(): StdioExit | undefined {
    return this.exitInfo
  }

  /**
   * The server's stderr stream (Keel reads it into the ring). Also what makes the SDK treat this as
   * a stdio transport (it looks for `stderr` and `pid`): a `server/discover` probe that gets no
   * answer then means a legacy server, not an outage.
   */
  get stderr(): Readable | null {
    return this.child?.stderr ?? null
  }

  /** The server ended on its own (not closed by Keel): it exited, or closed its stdout while still running. */
  get ended(): boolean {
    return this.exitedUnasked || this.outputClosedAlive
  }

  start(): Promise<void> {
    if (this.child) throw new Error('KeelStdioTransport already started')
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, [...(this.options.args ?? [])], {
        cwd: this.options.cwd,
        env: this.options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        // Its own process group, so the whole tree can be signalled (POSIX). On Windows `detached`
        // would open a console window instead.
        detached: POSIX,
        windowsHide: true,
      })
      this.child = child
      this.exited = new Promise((done) => child.once('exit', () => done()))
      child.once('error', (error) => {
        reject(error)
        this.onerror?.(error)
        // A spawn error (ENOENT) emits no 'close' on some versions: report the end ourselves.
        if (child.pid === undefined) this.notifyClosed()
      })
      child.once('spawn', () => resolve())
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal }
        this.exitedUnasked = !this.closing
        // The leader is gone; anything it left in its group goes too (a crash must not leak a tree).
        if (!this.closing) void this.endGroup(false)
      })
      child.once('close', () => this.notifyClosed())
      child.stdin?.on('error', (error) => this.onerror?.(error))
      child.stdout?.on('error', (error) => this.onerror?.(error))
      child.stdout?.once('end', () => this.outputEnded())
      child.stderr?.on('data', (chunk: Buffer) => this.options.stderr.push(chunk))
      child.stdout?.on('data', (chunk: Buffer) => {
        if (this.fatalError) return
        let messages: ReturnType<McpMessageReader['push']>
        try {
          messages = this.reader.push(chunk)
        } catch (error) {
          this.fatalError = error instanceof Error ? error : new Error(String(error))
          this.onerror?.(this.fatalError)
          void this.close()
          return
        }
        for (const message of messages) {
          if (message instanceof Error) this.onerror?.(message)
          else this.onmessage?.(message)
        }
      })
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin
      if (!stdin?.writable || this.closing) {
        // The SDK's own error for "never sent": the call is reported as not-sent, not unknown.
        reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'))
        return
      }
      if (stdin.write(serializeMessage(message))) resolve()
      else stdin.once('drain', () => resolve())
    })
  }

  private outputEnded() {
    const grace = Math.min(this.options.gracePeriodMs ?? 2_000, OUTPUT_CLOSED_WAIT_MS)
    setTimeout(() => {
      if (this.exitInfo !== undefined || this.closing || this.fatalError) return
      this.outputClosedAlive = true
      this.fatalError = new Error('It closed its output (stdout) while still running')
      void this.close()
    }, grace).unref()
  }

  /** Ends the server's whole process tree: stdin closed, then SIGTERM, then SIGKILL (to the group). */
  close(): Promise<void> {
    this.closing ??= this.endGroup(true).finally(() => {
      this.reader.clear()
      this.notifyClosed()
    })
    return this.closing
  }

  private async endGroup(closeStdin: boolean): Promise<void> {
    const child = this.child
    const pid = child?.pid
    if (!child || pid === undefined) return
    const grace = this.options.gracePeriodMs ?? 2_000
    if (closeStdin && this.exitInfo === undefined) {
      try {
        child.stdin?.end()
      } catch {
        // Already closed.
      }
      await Promise.race([this.exited, delay(grace)])
    }
    if (!this.treeAlive(pid)) return
    signalTree(child, pid, 'SIGTERM')
    await waitUntil(() => !this.treeAlive(pid), grace)
    if (this.treeAlive(pid)) signalTree(child, pid, 'SIGKILL')
    await Promise.race([this.exited, delay(grace)])
  }

  private treeAlive(pid: number): boolean {
    if (!POSIX) return this.exitInfo === undefined
    try {
      process.kill(-pid, 0)
      return true
    } catch (error) {
      // EPERM: a member exists but is not ours to signal (still alive).
      return (error as NodeJS.ErrnoException).code === 'EPERM'
    }
  }

  private notifyClosed() {
    if (this.closedNotified) return
    this.closedNotified = true
    this.onclose?.()
  }
}

function signalTree(child: ChildProcess, pid: number, signal: NodeJS.Signals) {
  try {
    if (POSIX) process.kill(-pid, signal)
    else child.kill(signal)
  } catch {
    // Gone already.
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (!done() && Date.now() < until) await delay(25)
}
