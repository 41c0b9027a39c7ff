// The resources one connection watches, applied to each session it runs. A 2025-11-25 server is
// asked per URI (`resources/subscribe`, `resources/unsubscribe`) and sends
// `notifications/resources/updated` unsolicited. A 2026-07-28 server has no `resources/subscribe`:
// the URIs go in the filter of a `subscriptions/listen` stream Keel opens
// (`notifications.resourceSubscriptions`), and the updates come on that stream to the same handler.
// A changed set opens a new stream before the old one closes (no gap). Updates may have been
// missed while no session or stream carried them (a restart, a dropped stream): `missed` then
// says so for every watched URI, so whoever holds one reads it again rather than trust it.
import type { Client, McpSubscription } from '@modelcontextprotocol/client'

/** How many times a dropped listen stream is opened again for one session. */
const MAX_RELISTENS = 5
const RELISTEN_DELAY_MS = 1_000

/** The URIs the current session is watching now (the server accepted them). */
export interface McpWatchState {
  watching: string[]
}

interface WatchedSession {
  client: Client
  /** Still the session the connection uses. */
  current: () => boolean
  timeoutMs: number
  /** Legacy: the URIs subscribed on this session. */
  subscribed: Set<string>
  /** Modern: the open stream, the URIs asked for and those the server agreed to. */
  stream: { subscription: McpSubscription; asked: string[]; uris: string[] } | undefined
  relistens: number
}

export class McpResourceWatch {
  private wanted: string[] = []
  private session: WatchedSession | undefined
  /** Applying runs one at a time (each waits for the one before). */
  private applying: Promise<McpWatchState> = Promise.resolve({ watching: [] })
  private sessions = 0

  /** `missed`: updates to these URIs may have been lost (each is to be read again). */
  constructor(private readonly missed: (uris: readonly string[]) => void) {}

  /** Watches exactly these URIs from now on; resolves with what the current session watches. */
  set(uris: readonly string[]): Promise<McpWatchState> {
    this.wanted = [...new Set(uris)]
    return this.apply()
  }

  /** A new session is ready: what is wanted is asked of it (and, after the first, called missed). */
  sessionReady(client: Client, current: () => boolean, timeoutMs: number): void {
    this.session = { client, current, timeoutMs, subscribed: new Set(), stream: undefined, relistens: 0 }
    if (this.sessions++ > 0 && this.wanted.length > 0) this.missed(this.wanted)
    void this.apply()
  }

  private apply(): Promise<McpWatchState> {
    this.applying = this.applying.then(
      () => this.applyNow(),
      () => this.applyNow(),
    )
    return this.applying
  }

  private async applyNow(): Promise<McpWatchState> {
    const session = this.session
    if (!session?.current()) return { watching: [] }
    const resources = session.client.getServerCapabilities()?.resources as { subscribe?: boolean } | undefined
    if (!resources?.subscribe) return { watching: [] }
    if (session.client.getProtocolEra() === 'modern') return this.listen(session)
    for (const uri of session.subscribed)
      if (!this.wanted.includes(uri)) {
        session.subscribed.delete(uri)
        await session.client.unsubscribeResource({ uri }, { timeout: session.timeoutMs }).catch(() => undefined)
      }
    for (const uri of this.wanted)
      if (!session.subscribed.has(uri) && session.current()) {
        try {
          await session.client.subscribeResource({ uri }, { timeout: session.timeoutMs })
          session.subscribed.add(uri)
        } catch {
          // Refused (an unknown URI) or unreachable: not watched; a later change of the set asks again.
        }
      }
    return { watching: this.wanted.filter((uri) => session.subscribed.has(uri)) }
  }

  /** 2026-07-28: one listen stream whose filter is the wanted set (opened anew when the set changes). */
  private async listen(session: WatchedSession): Promise<McpWatchState> {
    const previous = session.stream
    const same =
      previous !== undefined &&
      previous.asked.length === this.wanted.length &&
      this.wanted.every((uri) => previous.asked.includes(uri))
    if (same) return { watching: previous.uris }
    session.stream = undefined
    if (this.wanted.length > 0) {
      try {
        const subscription = await session.client.listen(
          { resourceSubscriptions: [...this.wanted] },
          { timeout: session.timeoutMs },
        )
        // What the server agreed to honour (it may leave out URIs it does not watch).
        const honoured = subscription.honoredFilter.resourceSubscriptions ?? []
        const asked = [...this.wanted]
        const stream = { subscription, asked, uris: asked.filter((uri) => honoured.includes(uri)) }
        session.stream = stream
        void this.whenDropped(session, stream)
      } catch {
        // Refused or unreachable: nothing is watched on this session until the set changes or it restarts.
      }
    }
    await previous?.subscription.close().catch(() => undefined)
    return { watching: session.stream?.uris ?? [] }
  }

  /** A stream the server dropped is opened again (a few times), and its URIs are called missed. */
  private async whenDropped(session: WatchedSession, stream: NonNullable<WatchedSession['stream']>): Promise<void> {
    const cause = await stream.subscription.closed
    if (cause !== 'remote' || session.stream !== stream || !session.current()) return
    session.stream = undefined
    if (session.relistens++ >= MAX_RELISTENS) return
    const timer = setTimeout(() => {
      if (this.session !== session || !session.current()) return
      void this.apply().then(({ watching }) => {
        if (watching.length > 0) this.missed(watching)
      })
    }, RELISTEN_DELAY_MS)
    timer.unref?.()
  }
}
