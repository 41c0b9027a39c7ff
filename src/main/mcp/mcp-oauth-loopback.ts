// The loopback redirect receiver of an OAuth sign-in (RFC 8252 §7.3): an HTTP listener on
// 127.0.0.1 (never a name that could resolve elsewhere), a random port unless one is asked for,
// that takes exactly one authorization response whose `state` is the one Keel sent, then closes
// itself. A request with another state is refused and the receiver keeps waiting (a stray or forged
// request must not end the sign-in); after the timeout it gives up and closes.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const LOOPBACK_CALLBACK_PATH = '/callback'
/** How long a sign-in may wait for the browser (the user may have to type a password). */
export const LOOPBACK_DEFAULT_TIMEOUT_MS = 5 * 60_000

/**
 * What came back. `params`: the whole query of the authorization response (the SDK reads `code`
 * and checks `iss` from it). `denied`: the authorization server answered with an `error` (its code
 * only: the description is the server's text, not shown as ours).
 */
export type LoopbackResult =
  | { ok: true; params: URLSearchParams }
  | { ok: false; reason: 'timeout' | 'closed' | 'issuer-mismatch'; message: string }
  | { ok: false; reason: 'denied'; error: string; message: string }

export interface LoopbackExpectation {
  /** The exact `state` Keel put in the authorization request. */
  state: string
  /**
   * The authorization server's issuer (RFC 9207): an `iss` that differs is refused, and when the
   * server advertised `authorization_response_iss_parameter_supported` a missing one is too.
   */
  issuer?: { expected: string; required: boolean } | undefined
}

export interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>/callback` */
  readonly redirectUrl: string
  readonly port: number
  /** Resolves once: the first response with the expected state, a timeout, or close(). */
  wait(expect: LoopbackExpectation): Promise<LoopbackResult>
  close(): Promise<void>
}

export interface LoopbackOptions {
  /** 0 (default): a random free port. */
  port?: number | undefined
  timeoutMs?: number | undefined
}

/** Shown in the browser tab after the redirect, in Keel's three languages (no page script, no server text). */
const DONE_PAGE = `<!doctype html><meta charset="utf-8"><title>Keel</title>
<p>Keel: signed in. You can close this tab.</p>
<p>Keel: sessão iniciada. Pode fechar este separador.</p>
<p>Keel: sesión iniciada. Puedes cerrar esta pestaña.</p>`
const REFUSED_PAGE = `<!doctype html><meta charset="utf-8"><title>Keel</title>
<p>Keel: sign-in not completed. Return to Keel.</p>
<p>Keel: a sessão não foi iniciada. Volte ao Keel.</p>
<p>Keel: no se inició la sesión. Vuelve a Keel.</p>`

export async function startLoopbackReceiver(options: LoopbackOptions = {}): Promise<LoopbackReceiver> {
  const timeoutMs = options.timeoutMs ?? LOOPBACK_DEFAULT_TIMEOUT_MS
  let expectation: LoopbackExpectation | undefined
  let settle: ((result: LoopbackResult) => void) | undefined
  let result: Promise<LoopbackResult> | undefined
  let done = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const server = createServer((request, response) => handle(request, response))
  const finish = (outcome: LoopbackResult) => {
    if (done) return
    done = true
    clearTimeout(timer)
    settle?.(outcome)
    // One shot: no second response is taken; open keep-alive sockets are dropped too.
    server.close()
    server.closeAllConnections()
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const page = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(body)
    }
    if (request.method !== 'GET' || url.pathname !== LOOPBACK_CALLBACK_PATH) return page(404, REFUSED_PAGE)
    const params = url.searchParams
    if (done || !expectation || params.get('state') !== expectation.state) return page(400, REFUSED_PAGE)
    const issuer = expectation.issuer
    const iss = params.get('iss')
    if (issuer && (iss === null ? issuer.required : iss !== issuer.expected)) {
      page(400, REFUSED_PAGE)
      return finish({
        ok: false,
        reason: 'issuer-mismatch',
        message:
          iss === null
            ? 'The authorization server did not say who it is (no iss); the sign-in was refused.'
            : 'The answer came from another authorization server than the one asked (iss); the sign-in was refused.',
      })
    }
    const error = params.get('error')
    if (error !== null) {
      page(200, REFUSED_PAGE)
      const code = error.replace(/[^a-z0-9_]/gi, '').slice(0, 64) || 'error'
      return finish({
        ok: false,
        reason: 'denied',
        error: code,
        message: `The authorization server refused (${code}).`,
      })
    }
    if (!params.get('code')) return page(400, REFUSED_PAGE)
    page(200, DONE_PAGE)
    finish({ ok: true, params })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host: '127.0.0.1', port: options.port ?? 0, exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  return {
    port,
    redirectUrl: `http://127.0.0.1:${port}${LOOPBACK_CALLBACK_PATH}`,
    wait(expect) {
      if (result) return result
      expectation = expect
      result = done
        ? Promise.resolve({ ok: false, reason: 'closed', message: 'The sign-in was cancelled.' })
        : new Promise<LoopbackResult>((resolve) => {
            settle = resolve
          })
      if (!done) {
        timer = setTimeout(
          () =>
            finish({
              ok: false,
              reason: 'timeout',
              message: `No answer from the browser within ${Math.round(timeoutMs / 1000)} s; the sign-in was cancelled.`,
            }),
          timeoutMs,
        )
        timer.unref?.()
      }
      return result
    },
    async close() {
      finish({ ok: false, reason: 'closed', message: 'The sign-in was cancelled.' })
    },
  }
}
