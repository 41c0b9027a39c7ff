// `keel mcp resources <server> --watch <uri>`: one line per update of that resource until Ctrl-C
// (`--json`: one JSON object a line). Watched like the window's attached resources (the hub's
// resource subscriptions: `resources/subscribe` on 2025-11-25, a `subscriptions/listen` stream on
// 2026-07-28; again after a restart, which prints a line too: it may have changed meanwhile).
import type { McpServerView } from '../shared/mcp'
import { revealInvisible } from '../shared/invisible-characters'
import type { McpHub } from '../main/mcp/mcp-hub'

interface Out {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/** The holder the CLI's watch is counted as (one process: one holder). */
const CLI_HOLDER = 'cli'

/** Ends on `stop` (default: the first SIGINT or SIGTERM). Returns the exit code. */
export async function watchResource(
  hub: McpHub,
  view: McpServerView,
  uri: string,
  out: Out,
  json: boolean,
  stop: AbortSignal = interrupted(),
): Promise<number> {
  const serverId = view.config.id
  const features = hub.features(serverId)
  if (!features || 'notReady' in features) {
    out.stderr.write(`keel: ${features?.notReady ?? `${view.config.name} is not running`}\n`)
    return 1
  }
  if (!features.requester.capabilities.resources?.subscribe) {
    out.stderr.write(`keel: ${view.config.name} does not offer subscriptions to resource updates\n`)
    return 1
  }
  const off = hub.resourceSubscriptions.onUpdated((event) => {
    if (event.serverId !== serverId || event.uri !== uri) return
    const at = new Date().toISOString()
    out.stdout.write(
      json
        ? `${JSON.stringify({ type: 'resource-updated', serverId, uri, at })}\n`
        : `${at}  ${view.config.name}  ${revealInvisible(uri)}  updated\n`,
    )
  })
  try {
    const { watching } = await hub.resourceSubscriptions.subscribe(serverId, uri, CLI_HOLDER)
    out.stderr.write(
      watching
        ? `[keel] watching ${revealInvisible(uri)} on ${view.config.name} (Ctrl-C to stop)\n`
        : `[keel] ${view.config.name} did not agree to watch ${revealInvisible(uri)} now; waiting (Ctrl-C to stop)\n`,
    )
    if (!stop.aborted) await new Promise((done) => stop.addEventListener('abort', done, { once: true }))
    await hub.resourceSubscriptions.unsubscribe(serverId, uri, CLI_HOLDER)
    return 0
  } finally {
    off()
  }
}

/** Aborted by the first SIGINT (Ctrl-C) or SIGTERM. */
function interrupted(): AbortSignal {
  const controller = new AbortController()
  const abort = () => controller.abort()
  process.once('SIGINT', abort)
  process.once('SIGTERM', abort)
  return controller.signal
}
