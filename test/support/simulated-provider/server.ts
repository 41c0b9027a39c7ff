import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { ProviderId } from '../../../src/shared/provider-id'
import { handleControlRoute } from './control-routes'
import { defaultHttpError } from './error-documents'
import { planTurn } from './normalize-turn'
import { RENDERERS } from './renderers'
import { sendJson } from './send-json'
import { flattenHeaders, parseJsonOrText, readBody, RequestLog, type WaitOptions } from './request-log'
import { basePathFor, matchRoute, type MatchedRoute } from './routes'
import {
  DEFAULT_MODEL_IDS,
  matchModelsRoute,
  renderModels,
  type ModelListRequest,
  type ModelsScript,
} from './models-route'
import { pause, serveStream, type ResponseChannel } from './serve-stream'
import type {
  RecordedRequest,
  RespondHook,
  ScriptedHttpError,
  ScriptedResponse,
  ScriptedTurn,
  ServedResponse,
  SimulatedProviderOptions,
} from './types'
import { planWrites } from './write-plan'
import { ReleaseGate } from './release-gate'

export interface SimulatedProvider {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string
  readonly port: number
  /** What a client configures as the provider's base URL (e.g. `http://127.0.0.1:PORT/anthropic/v1`). */
  baseUrlFor(provider: ProviderId): string
  /** Appends to the FIFO queue shared by all routes. */
  enqueue(...responses: ScriptedResponse[]): void
  /** Responses still queued. */
  readonly queued: number
  /** Consulted before the queue for every request; `undefined` falls through to the queue. */
  respond: RespondHook | undefined
  /** Every provider request, in arrival order. */
  readonly requests: readonly RecordedRequest[]
  waitForRequests(n: number, options?: WaitOptions): Promise<RecordedRequest[]>
  /** Connections the client closed before the response ended (a stop button reaching the provider). */
  readonly aborted: number
  waitForAborted(n: number, options?: WaitOptions): Promise<void>
  /** Requests to paths no provider serves (answered 404). */
  readonly unrouted: readonly { method: string; path: string }[]
  /** What every `GET {base}/models` answers (default: {@link DEFAULT_MODEL_IDS}); not part of the turn queue. */
  setModels(script: ModelsScript): void
  /** Every models-list request, in arrival order (kept apart from `requests`, which are generation requests). */
  readonly modelRequests: readonly ModelListRequest[]
  /** Lets the next stream held by `holdAfterEvents` go on (a release before it arrives counts too). */
  release(): void
  /** Streams waiting for `release()` now. */
  readonly held: number
  /** Empties the queue and the logs, restores the default model list and restarts generated ids (`…sim1…`), lets held streams go; keeps the `respond` hook. */
  reset(): void
  /** Destroys every open connection (stalled streams included) and stops listening. */
  close(): Promise<void>
}

/** The base URL of a provider on a simulated provider at `origin` (`http://127.0.0.1:PORT`). */
export function baseUrlFor(origin: string, provider: ProviderId): string {
  return `${origin}${basePathFor(provider)}`
}

export async function startSimulatedProvider(options: SimulatedProviderOptions = {}): Promise<SimulatedProvider> {
  const queue: ScriptedResponse[] = [...(options.script ?? [])]
  const log = new RequestLog()
  const unrouted: { method: string; path: string }[] = []
  const sockets = new Set<Socket>()
  const idPrefix = options.idPrefix ?? 'sim'
  const clock = options.clock ?? Date.now
  let turnNumber = 0
  let closing = false
  let models: ModelsScript = { ids: [...DEFAULT_MODEL_IDS] }
  const modelRequests: ModelListRequest[] = []
  const gate = new ReleaseGate()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed)
        sendJson(res, 500, {
          error: { message: `simulated provider failed: ${String(error)}`, type: 'simulated_provider_error' },
        })
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    socket.on('close', () => sockets.delete(socket))
  })

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.on('error', () => undefined) // writes racing a closed socket are expected here
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = safeDecode(url.pathname)
    const method = req.method ?? 'GET'
    const rawBody = await readBody(req)
    if (options.controlRoutes && path.startsWith('/_sim/')) {
      handleControlRoute(res, method, path, rawBody, provider)
      return
    }
    const modelsOf = matchModelsRoute(method, path)
    if (modelsOf) {
      modelRequests.push({
        provider: modelsOf,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: flattenHeaders(req),
      })
      const answer = renderModels(modelsOf, models, url.searchParams)
      sendJson(res, answer.status, answer.body)
      return
    }
    const route = matchRoute(method, path, url.searchParams)
    if (!route) {
      unrouted.push({ method, path })
      sendJson(res, 404, {
        error: { message: `simulated provider: no route for ${method} ${path}`, type: 'not_found' },
      })
      return
    }
    const channel = openChannel(res)
    const body = parseJsonOrText(rawBody)
    const record: RecordedRequest = {
      provider: route.provider,
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: flattenHeaders(req),
      body,
      rawBody,
      model: route.model ?? modelOf(body),
      receivedAt: clock(),
      served: undefined,
    }
    const scripted = (await provider.respond?.(record)) ?? queue.shift()
    if (!scripted) {
      record.served = { kind: 'exhausted' }
      log.record(record)
      sendJson(res, 500, {
        error: {
          message: `simulated provider: script exhausted (no response queued for ${method} ${path}, request #${log.requests.length})`,
          type: 'script_exhausted',
        },
      })
      return
    }
    if (scripted.type === 'http-error') {
      record.served = { kind: 'http-error', status: scripted.status }
      log.record(record)
      await sendHttpError(channel, scripted, route)
      return
    }
    if (scripted.type === 'recorded-stream') {
      turnNumber++
      record.served = { kind: 'turn', responseId: `recorded_${turnNumber}`, callIds: [] }
      log.record(record)
      const plan = planWrites({ events: scripted.events, trailer: '' }, scripted.faults ?? {}, () => [])
      const headers = {
        'content-type': RENDERERS[route.provider].contentType({
          request: record,
          model: record.model ?? 'sim-model',
          createdAt: Math.floor(clock() / 1000),
          jsonArray: route.jsonArray,
          compat: {},
        }),
        'cache-control': 'no-cache',
        ...requestIdHeader(route.provider, `req_${idPrefix}${log.requests.length}`),
      }
      await serveStream(channel, headers, plan, { delayMs: scripted.faults?.delayMs }, undefined, (closed) =>
        gate.wait(closed),
      )
      return
    }
    if (scripted.faults?.resetBeforeFirstByte) {
      record.served = { kind: 'reset' }
      log.record(record)
      channel.markServerClose()
      req.socket.destroy()
      return
    }
    await sendTurn(channel, scripted, route, record)
  }

  /** Counts the response's connection closing before it ended as a client abort, unless the server closed it. */
  const openChannel = (res: ServerResponse): ResponseChannel => {
    const controller = new AbortController()
    let serverClose = false
    res.on('close', () => {
      if (!res.writableFinished && !serverClose && !closing) log.countAbort()
      controller.abort()
    })
    return { res, closed: controller.signal, markServerClose: () => (serverClose = true) }
  }

  const sendHttpError = async (
    channel: ResponseChannel,
    scripted: ScriptedHttpError,
    route: MatchedRoute,
  ): Promise<void> => {
    const defaults = defaultHttpError(scripted.status, {
      provider: route.provider,
      jsonArray: route.jsonArray,
      requestId: `req_${idPrefix}${log.requests.length}`,
    })
    const body =
      scripted.body === undefined
        ? defaults.body
        : typeof scripted.body === 'string'
          ? scripted.body
          : JSON.stringify(scripted.body)
    await pause(scripted.delayMs, channel.closed)
    if (channel.closed.aborted) return
    channel.res.writeHead(scripted.status, { ...defaults.headers, ...lowerCaseKeys(scripted.headers ?? {}) })
    channel.res.end(body)
  }

  const sendTurn = async (
    channel: ResponseChannel,
    scripted: ScriptedTurn,
    route: MatchedRoute,
    record: RecordedRequest,
  ): Promise<void> => {
    turnNumber++
    const renderer = RENDERERS[route.provider]
    const faults = scripted.faults ?? {}
    const turn = planTurn(scripted, {
      provider: route.provider,
      turnNumber,
      idPrefix,
      rawRequestBody: record.rawBody,
      positionalCallIds: route.provider === 'openai-chat' && faults.compat?.idZero === true,
    })
    const context = {
      request: record,
      model: record.model ?? 'sim-model',
      createdAt: Math.floor(clock() / 1000),
      jsonArray: route.jsonArray,
      compat: faults.compat ?? {},
    }
    const served: ServedResponse & { kind: 'turn' } = {
      kind: 'turn',
      responseId: turn.responseId,
      callIds: turn.toolCalls.map((call) => call.callId),
    }
    record.served = served
    log.record(record)
    const rendered = renderer.render(turn, context)
    const plan = planWrites(rendered, faults, (before) =>
      renderer.streamError(
        faults.errorAfterEvents?.kind ?? 'server',
        turn,
        context,
        before,
        faults.errorAfterEvents?.message,
      ),
    )
    const headers = {
      'content-type': renderer.contentType(context),
      'cache-control': 'no-cache',
      ...requestIdHeader(route.provider, `req_${idPrefix}${log.requests.length}`),
      ...lowerCaseKeys(scripted.headers ?? {}),
    }
    await serveStream(
      channel,
      headers,
      plan,
      { delayMs: faults.delayMs, headersDelayMs: faults.headersDelayMs },
      markWrites(scripted.marks, served),
      (closed) => gate.wait(closed),
    )
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`

  const provider: SimulatedProvider = {
    origin,
    port,
    baseUrlFor: (id) => baseUrlFor(origin, id),
    enqueue: (...responses) => {
      queue.push(...responses)
    },
    get queued() {
      return queue.length
    },
    respond: options.respond,
    get requests() {
      return log.requests
    },
    waitForRequests: (n, waitOptions) => log.waitForRequests(n, waitOptions),
    get aborted() {
      return log.aborted
    },
    waitForAborted: (n, waitOptions) => log.waitForAborted(n, waitOptions),
    unrouted,
    setModels: (script) => {
      models = 'ids' in script ? { ids: [...script.ids] } : script
    },
    modelRequests,
    release: () => gate.release(),
    get held() {
      return gate.held
    },
    reset: () => {
      gate.reset()
      models = { ids: [...DEFAULT_MODEL_IDS] }
      modelRequests.length = 0
      turnNumber = 0
      queue.length = 0
      unrouted.length = 0
      log.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
  return provider
}

/** Notes in `served.marks` when the first write holding each mark's text goes out (see `ScriptedTurn.marks`). */
function markWrites(
  marks: Record<string, string> | undefined,
  served: ServedResponse & { kind: 'turn' },
): ((bytes: Buffer) => void) | undefined {
  if (!marks) return undefined
  const pending = Object.entries(marks)
  return (bytes) => {
    if (pending.length === 0) return
    const at = performance.timeOrigin + performance.now()
    for (let i = pending.length - 1; i >= 0; i--) {
      const [name, text] = pending[i]!
      if (!bytes.includes(text)) continue
      served.marks = { ...served.marks, [name]: at }
      pending.splice(i, 1)
    }
  }
}

function requestIdHeader(provider: ProviderId, id: string): Record<string, string> {
  switch (provider) {
    case 'openai-responses':
    case 'openai-chat':
      return { 'x-request-id': id }
    case 'anthropic':
      return { 'request-id': id }
    default:
      return {}
  }
}

function modelOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const model = (body as { model?: unknown }).model
  return typeof model === 'string' ? model : undefined
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
