// The open conversation's settings, beside the chat store: loaded when the open conversation
// changes; for a conversation not started yet, a draft sent with its first message (`turns.start`
// `settings`), then kept by the core with the conversation it creates.
import type { ConversationSettings, ConversationSettingsPatch } from '../../../../shared/conversation-settings'
import type { ConversationSettingsView } from '../../../../shared/ipc/app-contract'
import type { AppError } from '../../../../shared/ipc/app-error'
import type { ChatStore } from '../../state/chat-store'
import type { ConversationSettingsClient } from './conversation-settings-client'

export interface ConversationSettingsState {
  /** The settings of the open conversation (or the defaults of a new one, with the draft as `own`). */
  view: ConversationSettingsView | undefined
  error: AppError | undefined
}

export class ConversationSettingsStore {
  private state: ConversationSettingsState = { view: undefined, error: undefined }
  private readonly listeners = new Set<() => void>()
  private draft: ConversationSettings = {}
  private loadedFor: string | null | undefined = undefined
  private request = 0
  private settingsSeen: unknown = undefined
  private readonly unsubscribe: () => void

  constructor(
    private readonly chat: ChatStore,
    private readonly api: ConversationSettingsClient,
  ) {
    this.unsubscribe = chat.subscribe(() => void this.follow())
    // The core takes the draft with the first message of a new conversation.
    chat.startExtras = (conversationId) =>
      conversationId === undefined && Object.keys(this.draft).length > 0 ? { settings: { ...this.draft } } : {}
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): ConversationSettingsState => this.state

  private set(patch: Partial<ConversationSettingsState>): void {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  /** Loads the settings when the open conversation (or the provider settings) changed. */
  private async follow(): Promise<void> {
    const snapshot = this.chat.getSnapshot()
    if (!snapshot.ready) return
    const id = snapshot.currentId ?? null
    // New provider settings can change the defaults shown.
    const settingsChanged = snapshot.settings !== this.settingsSeen
    this.settingsSeen = snapshot.settings
    if (id === this.loadedFor && !settingsChanged) return
    // A new conversation that just got its id took the draft with it.
    if (this.loadedFor === null && id !== null) this.draft = {}
    this.loadedFor = id
    await this.reload()
  }

  async reload(): Promise<void> {
    const id = this.loadedFor ?? undefined
    const request = ++this.request
    const result = await this.api['conversations.settings'](id !== undefined ? { conversationId: id } : {})
    if (request !== this.request) return
    if (!result.ok) {
      // A conversation deleted meanwhile: nothing to show.
      this.set({
        view: undefined,
        error: result.error.detail?.code === 'conversation-not-found' ? undefined : result.error,
      })
      return
    }
    this.set({ view: id === undefined ? this.withDraft(result.value) : result.value, error: undefined })
  }

  /** The defaults view with the draft over it (what the first message will use). */
  private withDraft(view: ConversationSettingsView): ConversationSettingsView {
    const own = { ...this.draft }
    return {
      ...view,
      own,
      effective: {
        provider: own.provider ?? view.effective.provider,
        model: own.model ?? view.effective.model,
        system: own.system ?? view.effective.system,
        maxOutputTokens: own.maxOutputTokens ?? view.effective.maxOutputTokens,
        temperature: own.temperature ?? null,
        webSearch: view.hostedSearch && own.webSearch === true,
      },
    }
  }

  /** Saves a change: on the open conversation (from its next answer), or in the draft of a new one. */
  readonly update = async (patch: ConversationSettingsPatch): Promise<boolean> => {
    const view = this.state.view
    if (!view) return false
    if (view.conversationId === null) {
      const next: Record<string, unknown> = { ...this.draft }
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete next[key]
        else if (value !== undefined) next[key] = value
      }
      this.draft = next as ConversationSettings
      await this.reload()
      return true
    }
    const result = await this.api['conversations.settingsUpdate']({ conversationId: view.conversationId, patch })
    if (!result.ok) {
      this.set({ error: result.error })
      return false
    }
    this.set({ view: result.value, error: undefined })
    return true
  }

  dispose(): void {
    this.unsubscribe()
  }
}
