// The MCP resources attached to the draft, watched while they are attached: each is subscribed to
// (`mcp.subscribeResource`) when it is attached; when its server says it changed, its chips show
// "updated" and it is read again before the message is sent, so the model never gets what it was
// before. Let go of (unsubscribed) when its last chip is removed, once the message is sent, or when
// the conversation changes (then it is no longer watched, and is read again before sending). A
// server that offers no subscriptions: its resource is sent as it was read (as before). No React.
import type { McpEvent } from '../../../../shared/ipc/app-contract'
import type { AppError } from '../../../../shared/ipc/app-error'
import { budgetUsed, pendingFromServer } from './composer-mcp-attachments'
import type { ComposerMcpClient } from './composer-mcp-client'
import type { PendingAttachment } from './read-attachment'

export type ResourceWatchClient = Pick<
  ComposerMcpClient,
  'onMcpEvent' | 'mcp.subscribeResource' | 'mcp.unsubscribeResource' | 'mcp.readResource'
>

/**
 * One resource on the draft. `fresh`: as the server last gave it; `updated`: the server said it
 * changed; `stale`: no longer watched (the conversation changed), so it may have.
 */
export interface WatchedResource {
  serverId: string
  serverName: string
  uri: string
  name: string | undefined
  /** Its chips (the files its contents became). */
  keys: string[]
  state: 'fresh' | 'updated' | 'stale'
  /** The server watches it for this window (an unsubscribe is owed). */
  subscribed: boolean
}

export type RefreshOutcome =
  | { ok: true; files: PendingAttachment[] }
  | { ok: false; resource: WatchedResource; error: AppError }

export class ComposerResourceWatch {
  private list: WatchedResource[] = []

  constructor(
    private readonly client: ResourceWatchClient,
    private readonly onChange: (list: readonly WatchedResource[]) => void,
  ) {}

  /** Listens to the core's MCP events; returns the stop (which also lets go of everything). */
  start(): () => void {
    const off = this.client.onMcpEvent((event) => this.receive(event))
    return () => {
      off()
      this.releaseAll()
    }
  }

  get resources(): readonly WatchedResource[] {
    return this.list
  }

  /** The chips whose resource changed since it was read. */
  updatedKeys(): Set<string> {
    return new Set(this.list.filter((resource) => resource.state === 'updated').flatMap((resource) => resource.keys))
  }

  /** A resource was attached as these chips: watched from now on (when its server can). */
  async add(resource: Pick<WatchedResource, 'serverId' | 'serverName' | 'uri' | 'name' | 'keys'>): Promise<void> {
    if (resource.keys.length === 0) return
    const watched: WatchedResource = { ...resource, state: 'fresh', subscribed: false }
    this.set([...this.list, watched])
    const answer = await this.client['mcp.subscribeResource']({ serverId: resource.serverId, uri: resource.uri })
    if (!answer.ok) return
    watched.subscribed = true
    // Its chips went while the server was asked: let go at once.
    if (!this.list.includes(watched)) await this.unsubscribe(watched)
  }

  /** A chip was removed: its resource is let go once none of its chips is left. */
  removed(key: string): void {
    const next: WatchedResource[] = []
    for (const resource of this.list) {
      resource.keys = resource.keys.filter((candidate) => candidate !== key)
      if (resource.keys.length > 0) next.push(resource)
      else void this.unsubscribe(resource)
    }
    this.set(next)
  }

  /** Any resource to read again before sending. */
  needsReading(): boolean {
    return this.list.some((resource) => resource.state !== 'fresh')
  }

  /**
   * Reads again every resource that changed or is no longer watched, replacing its chips in `files`
   * (in place, within the budgets the other files leave). The first failure stops it: the message
   * is not sent with what may be out of date.
   */
  async refresh(files: readonly PendingAttachment[]): Promise<RefreshOutcome> {
    let current = [...files]
    for (const resource of this.list) {
      if (resource.state === 'fresh') continue
      const others = current.filter((file) => !resource.keys.includes(file.key))
      const answer = await this.client['mcp.readResource']({
        serverId: resource.serverId,
        uri: resource.uri,
        ...(resource.name !== undefined ? { name: resource.name } : {}),
        used: budgetUsed(others),
      })
      if (!answer.ok) return { ok: false, resource, error: answer.error }
      const fresh = answer.value.attachments.map((file) => pendingFromServer(file, resource.serverName))
      current = replaceFiles(current, resource.keys, fresh)
      resource.keys = fresh.map((file) => file.key)
      // Read just now: what is sent is what the server gives at this moment.
      resource.state = 'fresh'
    }
    this.set([...this.list])
    return { ok: true, files: current }
  }

  /** The message was sent (or the draft emptied): every resource is let go. */
  releaseAll(): void {
    for (const resource of this.list) void this.unsubscribe(resource)
    this.set([])
  }

  /** The conversation changed: nothing stays watched; what is still attached is read again before sending. */
  detach(): void {
    for (const resource of this.list) {
      void this.unsubscribe(resource)
      resource.state = 'stale'
    }
    this.set([...this.list])
  }

  private receive(event: McpEvent): void {
    if (event.type !== 'resource-updated') return
    let changed = false
    for (const resource of this.list)
      if (resource.serverId === event.serverId && resource.uri === event.uri && resource.state === 'fresh') {
        resource.state = 'updated'
        changed = true
      }
    if (changed) this.set([...this.list])
  }

  private async unsubscribe(resource: WatchedResource): Promise<void> {
    if (!resource.subscribed) return
    resource.subscribed = false
    await this.client['mcp.unsubscribeResource']({ serverId: resource.serverId, uri: resource.uri })
  }

  private set(list: WatchedResource[]): void {
    this.list = list
    this.onChange(list)
  }
}

/** `files` with the chips `keys` replaced by `fresh`, where the first of them was (else at the end). */
export function replaceFiles(
  files: readonly PendingAttachment[],
  keys: readonly string[],
  fresh: readonly PendingAttachment[],
): PendingAttachment[] {
  const at = files.findIndex((file) => keys.includes(file.key))
  const kept = files.filter((file) => !keys.includes(file.key))
  const index = at < 0 ? kept.length : files.slice(0, at).filter((file) => !keys.includes(file.key)).length
  return [...kept.slice(0, index), ...fresh, ...kept.slice(index)]
}
