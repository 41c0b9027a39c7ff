// Who watches which resource of which server, above the connections: each URI is counted per
// holder (a window, a `keel mcp resources --watch`), and a server's connection is asked to watch
// the URIs someone holds (mcp-resource-watch.ts: per revision, again on every session). A new
// connection of the same server (Restart, a changed launch) is given them again; a server removed
// or switched off forgets them. Updates are told only for URIs someone holds.
import type { McpConnectionPort } from './mcp-connection-port'

/** A watched resource changed (or may have: an update could have been missed). */
export interface McpResourceUpdated {
  serverId: string
  uri: string
}

/** What `subscribe` did: `watching` when the running server now watches it (else it will once it runs and can). */
export interface McpSubscribeOutcome {
  watching: boolean
}

type Holders = Map<string, number>

export class McpResourceSubscriptions {
  /** serverId → uri → holder → count. */
  private readonly held = new Map<string, Map<string, Holders>>()
  private readonly connections = new Map<string, McpConnectionPort>()
  private readonly listeners = new Set<(event: McpResourceUpdated) => void>()

  /**
   * The hub made `connection` for this server: it is given the URIs held and its updates are
   * told. Returns the detach (the hub calls it when the connection stops).
   */
  attach(serverId: string, connection: McpConnectionPort): () => void {
    this.connections.set(serverId, connection)
    const off = connection.onResourceUpdated?.((uri) => {
      if (this.connections.get(serverId) === connection && this.held.get(serverId)?.has(uri))
        this.emit({ serverId, uri })
    })
    const held = this.urisOf(serverId)
    if (held.length > 0) {
      void this.push(serverId)
      // A new process (Restart, a changed launch): what it serves may have changed meanwhile.
      for (const uri of held) this.emit({ serverId, uri })
    }
    return () => {
      off?.()
      if (this.connections.get(serverId) === connection) this.connections.delete(serverId)
    }
  }

  /** `holder` watches this resource (counted: each subscribe wants one unsubscribe). */
  async subscribe(serverId: string, uri: string, holder: string): Promise<McpSubscribeOutcome> {
    const uris = this.held.get(serverId) ?? new Map<string, Holders>()
    this.held.set(serverId, uris)
    const holders = uris.get(uri) ?? new Map<string, number>()
    uris.set(uri, holders)
    holders.set(holder, (holders.get(holder) ?? 0) + 1)
    const state = await this.push(serverId)
    return { watching: state.includes(uri) }
  }

  /** `holder` lets go of one subscribe; the server stops watching once no one holds the URI. */
  async unsubscribe(serverId: string, uri: string, holder: string): Promise<void> {
    const holders = this.held.get(serverId)?.get(uri)
    const count = holders?.get(holder)
    if (!holders || count === undefined) return
    if (count > 1) holders.set(holder, count - 1)
    else holders.delete(holder)
    if (holders.size > 0) return
    this.held.get(serverId)?.delete(uri)
    await this.push(serverId)
  }

  /** Everything `holder` watched (its window closed). */
  release(holder: string): void {
    for (const [serverId, uris] of this.held) {
      let changed = false
      for (const [uri, holders] of uris) {
        if (!holders.delete(holder)) continue
        if (holders.size === 0) uris.delete(uri)
        changed = true
      }
      if (changed) void this.push(serverId)
    }
  }

  /** The server was removed or switched off: nothing of it is watched any more. */
  drop(serverId: string): void {
    if (!this.held.delete(serverId)) return
    void this.push(serverId)
  }

  /** The URIs someone holds for this server. */
  urisOf(serverId: string): string[] {
    return [...(this.held.get(serverId)?.keys() ?? [])]
  }

  /** Who holds this URI of this server. */
  holdersOf(serverId: string, uri: string): string[] {
    return [...(this.held.get(serverId)?.get(uri)?.keys() ?? [])]
  }

  onUpdated(listener: (event: McpResourceUpdated) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Gives the server's connection the URIs held now; the URIs its session watches. */
  private async push(serverId: string): Promise<string[]> {
    const connection = this.connections.get(serverId)
    if (!connection?.watchResources) return []
    try {
      return (await connection.watchResources(this.urisOf(serverId))).watching
    } catch {
      return []
    }
  }

  private emit(event: McpResourceUpdated): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}
