import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { WritePlan } from './write-plan'

/** One response being written, with what the server needs to tell its own closes from the client's. */
export interface ResponseChannel {
  res: ServerResponse
  /** Aborted when the connection closes, for whatever reason. */
  closed: AbortSignal
  /** Marks the coming socket close as the server's doing (a fault), not a client abort. */
  markServerClose(): void
}

/** Waits `ms`, or less when the connection closes first. */
export async function pause(ms: number | undefined, closed: AbortSignal): Promise<void> {
  if (!ms || ms <= 0 || closed.aborted) return
  await sleep(ms, undefined, { signal: closed }).catch(() => undefined)
}

/**
 * Sends a 200 event stream following `plan`: the head at once (after `headersDelayMs`), each
 * write flushed before the next (`delayMs` apart), then the planned ending — `end`, `destroy`
 * (no chunked terminator: the client's read fails) or `stall` (until the connection closes).
 */
export async function serveStream(
  channel: ResponseChannel,
  headers: Record<string, string>,
  plan: WritePlan,
  timing: { delayMs?: number | undefined; headersDelayMs?: number | undefined },
  /** Called just before each body write is handed to the socket. */
  beforeWrite?: (bytes: Buffer) => void,
  /** Waits for the test's release, at `plan.holdBeforeWrite`. */
  hold?: (closed: AbortSignal) => Promise<void>,
): Promise<void> {
  const { res, closed } = channel
  await pause(timing.headersDelayMs, closed)
  if (closed.aborted) return
  res.writeHead(200, headers)
  res.flushHeaders()
  for (let i = 0; i < plan.writes.length; i++) {
    if (closed.aborted) return
    if (i === plan.holdBeforeWrite) await hold?.(closed)
    if (i > 0) await pause(timing.delayMs, closed)
    if (closed.aborted) return
    beforeWrite?.(plan.writes[i]!)
    await write(res, plan.writes[i]!, closed)
  }
  if (plan.holdBeforeWrite === plan.writes.length) await hold?.(closed)
  if (closed.aborted) return
  switch (plan.ending) {
    case 'end':
      res.end()
      return
    case 'destroy':
      channel.markServerClose()
      res.socket?.destroy()
      return
    case 'stall':
      await new Promise<void>((resolve) => {
        if (closed.aborted) resolve()
        else closed.addEventListener('abort', () => resolve(), { once: true })
      })
      return
  }
}

/** Writes one piece and waits until it is handed to the socket (or the connection closes). */
function write(res: ServerResponse, bytes: Buffer, closed: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      closed.removeEventListener('abort', done)
      resolve()
    }
    closed.addEventListener('abort', done, { once: true })
    res.write(bytes, () => done())
  })
}
