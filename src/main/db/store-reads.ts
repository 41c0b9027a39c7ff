// The read half of each store: the methods a reader may call. A StoreReader (keel-store.ts) is typed
// with these, so a write through a reader does not compile (as Signal's ReadableDB/WritableDB);
// the classes stay whole, and a writer's sub-stores are the classes themselves.
import type { ToolLedger } from '../ledger/tool-ledger'
import type { AttachmentStore } from './attachment-store'
import type { ConversationSearch } from './conversation-search'
import type { ConversationSettingsStore } from './conversation-settings-store'
import type { ConversationStore } from './conversation-store'
import type { GenerationStore } from './generation-store'
import type { McpPinStore } from './mcp-pin-store'
import type { MeasurementStore } from './measurement-store'
import type { SettingsStore } from './settings-store'

export type ConversationReads = Pick<
  ConversationStore,
  | 'getConversation'
  | 'listConversations'
  | 'listConversationsOldestFirst'
  | 'turnIdsInOrder'
  | 'getTurn'
  | 'getMessage'
  | 'getMessages'
  | 'readConversation'
  | 'getPath'
  | 'getAllMessages'
  | 'currentLeafId'
  | 'versionsOf'
>
export type SearchReads = Pick<ConversationSearch, 'search' | 'listPinned'>
export type GenerationReads = Pick<GenerationStore, 'get' | 'listForTurn' | 'listForConversation'>
export type MeasurementReads = Pick<MeasurementStore, 'get' | 'latest' | 'list' | 'iterateAll'>
export type LedgerReads = Pick<
  ToolLedger,
  'turnBelongsTo' | 'findByKey' | 'findById' | 'list' | 'listUnknown' | 'countUnknown'
>
export type SettingsReads = Pick<SettingsStore, 'get' | 'getAll'>
export type McpPinReads = Pick<McpPinStore, 'forServer' | 'hasAny'>
export type ConversationSettingsReads = Pick<ConversationSettingsStore, 'get'>
/** Attachments are written with their message (ConversationStore): this store only reads. */
export type AttachmentReads = AttachmentStore
