// Tool list changes from a 2026-07-28 server. That revision sends change notifications only on a
// stream the client opens (`subscriptions/listen`), where a 2025-11-25 server sends them
// unsolicited. Pinning depends on hearing them (a changed definition is held back until the user
// reviews it), so Keel opens one per modern session whose server says its tool list can change;
// the notifications reach the same handler as a legacy server's. A stream the server drops is
// opened again (a few times per session), and the tools are listed again meanwhile, since a
// change may have been missed.
import type { Client, McpSubscription } from '@modelcontextprotocol/client'

/** How many times a dropped listen stream is opened again for one session. */
export const MAX_RELISTENS = 5
const RELISTEN_DELAY_MS = 1_000

export interface ChangeListenerHooks {
  /** Still the session Keel uses (a replaced or closed one stops listening). */
  current: () => boolean
  /** The stream dropped: a change may have been missed. */
  missed: () => void
  timeoutMs: number
}

/** Opens the listen stream when `client` is a modern session whose server announces tool list changes. */
export function listenForToolChanges(client: Client, hooks: ChangeListenerHooks): void {
  if (client.getProtocolEra() !== 'modern') return
  const tools = client.getServerCapabilities()?.tools as { listChanged?: boolean } | undefined
  if (!tools?.listChanged) return
  void open(client, hooks, 0)
}

async function open(client: Client, hooks: ChangeListenerHooks, reopened: number): Promise<void> {
  let subscription: McpSubscription
  try {
    subscription = await client.listen({ toolsListChanged: true }, { timeout: hooks.timeoutMs })
  } catch {
    return // refused or unreachable: the tools are listed again at the next reconnect
  }
  const cause = await subscription.closed
  if (cause !== 'remote' || !hooks.current()) return
  hooks.missed()
  if (reopened >= MAX_RELISTENS) return
  const timer = setTimeout(() => {
    if (hooks.current()) void open(client, hooks, reopened + 1)
  }, RELISTEN_DELAY_MS)
  timer.unref?.()
}
