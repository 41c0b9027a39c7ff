// The window's two stores on one API double, wired as main.tsx wires them (state/window-stores.ts).
import type { KeelApi } from '../../../src/shared/ipc/app-contract'
import type { Scheduler } from '../../../src/renderer/src/state/frame-scheduler'
import type { ConversationMemory } from '../../../src/renderer/src/state/open-conversation-memory'
import { type WindowStores, windowStores } from '../../../src/renderer/src/state/window-stores'

export function storesOn(api: KeelApi, schedule?: Scheduler, memory?: ConversationMemory): WindowStores {
  return windowStores(
    { chat: api, conversationList: api },
    { ...(schedule ? { schedule } : {}), ...(memory ? { memory } : {}) },
  )
}
