// Which conversation the window shows, remembered for this tab/window only (sessionStorage: it
// survives a reload, a new window starts fresh), so a reload reopens it instead of an empty one.

/** Where the open conversation's id is kept. */
export interface ConversationMemory {
  read(): string | undefined
  write(conversationId: string | undefined): void
}

const KEY = 'keel.openConversation'

/** The part of the DOM Storage used. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Remembers in this tab's sessionStorage; forgets nothing and remembers nothing where there is none (tests, a blocked storage). */
export function sessionConversationMemory(
  storage: StorageLike | undefined = globalThis.sessionStorage,
): ConversationMemory {
  return {
    read() {
      try {
        const id = storage?.getItem(KEY)
        return id ? id : undefined
      } catch {
        return undefined
      }
    },
    write(conversationId) {
      try {
        if (conversationId === undefined) storage?.removeItem(KEY)
        else storage?.setItem(KEY, conversationId)
      } catch {
        // Storage refused (quota, privacy mode): a reload then opens a new conversation, as before.
      }
    },
  }
}
