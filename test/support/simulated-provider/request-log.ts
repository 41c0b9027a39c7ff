import type { IncomingMessage } from 'node:http'
import type { RecordedRequest } from './types'

export interface WaitOptions {
  /** Default 5000 ms. */
  timeoutMs?: number
}

/** Every provider request and every client abort, with ways to await them. */
export class RequestLog {
  readonly requests: RecordedRequest[] = []
  aborted = 0
  private waiters = new Set<() => void>()

  record(request: RecordedRequest): void {
    this.requests.push(request)
    this.notify()
  }

  countAbort(): void {
    this.aborted++
    this.notify()
  }

  clear(): void {
    this.requests.length = 0
    this.aborted = 0
  }

  /** Resolves with the requests once at least `n` were recorded. */
  async waitForRequests(n: number, options: WaitOptions = {}): Promise<RecordedRequest[]> {
    await this.waitUntil(
      () => this.requests.length >= n,
      options,
      () => `${n} request(s); got ${this.requests.length}`,
    )
    return [...this.requests]
  }

  /** Resolves once at least `n` client aborts were counted. */
  async waitForAborted(n: number, options: WaitOptions = {}): Promise<void> {
    await this.waitUntil(
      () => this.aborted >= n,
      options,
      () => `${n} client abort(s); got ${this.aborted}`,
    )
  }

  private waitUntil(done: () => boolean, options: WaitOptions, describe: () => string): Promise<void> {
    if (done()) return Promise.resolve()
    const timeoutMs = options.timeoutMs ?? 5000
    return new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!done()) return
        cleanup()
        resolve()
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`simulated provider: timed out after ${timeoutMs} ms waiting for ${describe()}`))
      }, timeoutMs)
      const cleanup = (): void => {
        clearTimeout(timer)
        this.waiters.delete(check)
      }
      this.waiters.add(check)
    })
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter()
  }
}

/** Header names lower-cased (Node already does), repeated values joined with `, `. */
export function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

export function parseJsonOrText(text: string): unknown {
  if (text.length === 0) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
