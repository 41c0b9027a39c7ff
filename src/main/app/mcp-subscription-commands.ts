// `mcp.subscribeResource`, `mcp.unsubscribeResource`: a window asks to be told when a resource it
// holds (one attached to its draft) changes. The hub counts it per window and keeps it across the
// server's restarts (mcp-resource-subscriptions.ts); nothing is stored. The events go out through
// McpEventClients, only to the windows that hold the URI.
import type { CommandRequest, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { McpEvent } from '../../shared/mcp-events'
import type { McpHub } from '../mcp/mcp-hub'
import { unsupported } from '../mcp/mcp-server-features'
import { notFound, ok } from './app-result'
import { mcpFeatureFailure } from './mcp-feature-failure'

type Response<C extends keyof CommandResponses> = Promise<AppResult<CommandResponses[C]>>

export function mcpSubscriptionCommands(hub: McpHub) {
  return {
    async subscribe(
      { serverId, uri }: CommandRequest<'mcp.subscribeResource'>,
      clientId: string,
    ): Response<'mcp.subscribeResource'> {
      const features = hub.features(serverId)
      if (!features) return notFound('mcp-server')
      if ('notReady' in features) return mcpFeatureFailure({ code: 'mcp-not-ready', message: features.notReady })
      const { requester } = features
      if (!requester.capabilities.resources) return mcpFeatureFailure(unsupported(requester, 'resources').error)
      if (!requester.capabilities.resources.subscribe)
        return mcpFeatureFailure(unsupported(requester, 'subscribe').error)
      const outcome = await hub.resourceSubscriptions.subscribe(serverId, uri, clientId)
      return ok({ serverId, uri, watching: outcome.watching })
    },

    async unsubscribe(
      { serverId, uri }: CommandRequest<'mcp.unsubscribeResource'>,
      clientId: string,
    ): Response<'mcp.unsubscribeResource'> {
      await hub.resourceSubscriptions.unsubscribe(serverId, uri, clientId)
      return ok({ unsubscribed: true as const })
    },
  }
}

/**
 * The windows (and sockets) MCP events go to: a resource update reaches each client that holds
 * the URI, never a broadcast. A client that goes away lets go of what it held.
 */
export class McpEventClients {
  private readonly sinks = new Map<string, (event: McpEvent) => void>()
  private readonly off: () => void

  constructor(private readonly hub: McpHub) {
    this.off = hub.resourceSubscriptions.onUpdated(({ serverId, uri }) => {
      for (const clientId of hub.resourceSubscriptions.holdersOf(serverId, uri))
        this.sinks.get(clientId)?.({ type: 'resource-updated', serverId, uri })
    })
  }

  connect(clientId: string, sink: (event: McpEvent) => void): void {
    this.sinks.set(clientId, sink)
  }

  disconnect(clientId: string): void {
    this.sinks.delete(clientId)
    this.hub.resourceSubscriptions.release(clientId)
  }

  close(): void {
    this.off()
    this.sinks.clear()
  }
}
