import type { ServerResponse } from 'node:http'
import { parseScript } from './script-schema'
import { sendJson } from './send-json'
import type { ModelsScript } from './models-route'
import type { SimulatedProvider } from './server'

/**
 * `/_sim/*`, for tests in another process than the server (the CLI enables it):
 * `POST /_sim/enqueue` (a response, an array, or `{responses}`), `GET /_sim/requests`,
 * `GET /_sim/state` (`{queued, requests, aborted, unrouted, modelRequests}`), `POST /_sim/reset`, `POST /_sim/release` (the next held stream goes on),
 * `POST /_sim/models` (`{ids}` or `{status, body?}`: what `GET …/models` answers), `GET /_sim/model-requests`.
 */
export function handleControlRoute(
  res: ServerResponse,
  method: string,
  path: string,
  rawBody: string,
  provider: SimulatedProvider,
): void {
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
        sendJson(res, 200, {
          queued: provider.queued,
          requests: provider.requests.length,
          aborted: provider.aborted,
          unrouted: provider.unrouted,
          modelRequests: provider.modelRequests.length,
          held: provider.held,
        })
        return
      case 'POST /_sim/models':
        provider.setModels(JSON.parse(rawBody) as ModelsScript)
        sendJson(res, 200, { ok: true })
        return
      case 'GET /_sim/model-requests':
        sendJson(res, 200, provider.modelRequests)
        return
      case 'POST /_sim/release':
        provider.release()
        sendJson(res, 200, { held: provider.held })
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
