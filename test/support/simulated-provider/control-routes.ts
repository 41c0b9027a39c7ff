import type { ServerResponse } from 'node:http'
import { parseScript } from './script-schema'
import { sendJson } from './send-json'
import type { SimulatedProvider } from './server'

/**
 * `/_sim/*`, for tests in another process than the server (the CLI enables it):
 * `POST /_sim/enqueue` (a response, an array, or `{responses}`), `GET /_sim/requests`,
 * `GET /_sim/state` (`{queued, requests, aborted, unrouted}`), `POST /_sim/reset`.
 */
export function handleControlRoute(res: ServerResponse, method: string, path: string, rawBody: string, provider: SimulatedProvider): void {
  const route = `${method} ${path}`
  try {
    switch (route) {
      case 'POST /_sim/enqueue': {
        provider.enqueue(...parseScript(JSON.parse(rawBody) as unknown))
        sendJson(res, 200, { queued: provider.queued })
        return
      }
      case 'GET /_sim/requests':
        sendJson(res, 200, provider.requests)
        return
      case 'GET /_sim/state':
        sendJson(res, 200, { queued: provider.queued, requests: provider.requests.length, aborted: provider.aborted, unrouted: provider.unrouted })
        return
      case 'POST /_sim/reset':
        provider.reset()
        sendJson(res, 200, { ok: true })
        return
      default:
        sendJson(res, 404, { error: { message: `simulated provider: no control route ${route}` } })
    }
  } catch (error) {
    sendJson(res, 400, { error: { message: error instanceof Error ? error.message : String(error) } })
  }
}
