// The names and plain limits of the app's one interface, without its schemas: no imports at all,
// so the sandboxed preload (which can require only `electron`) and the renderer (which must not
// carry zod) can use them. `app-contract.ts` composes the schemas, access and responses of each
// domain (`commands/<domain>.ts`) and checks at compile time that they cover exactly these commands.

/** Every command of the contract, in one list. */
export const COMMAND_NAMES = [
  'conversations.list',
  'conversations.open',
  'conversations.rename',
  'conversations.delete',
  'turns.start',
  'turns.stop',
  'approvals.answer',
  'settings.get',
  'settings.update',
  'webSearch.setKey',
  'webSearch.clearKey',
  'keys.set',
  'keys.clear',
  'providers.test',
  'providers.models',
  'providers.save',
  'providers.remove',
  'measurements.list',
  'measurements.update',
  'measurements.delete',
  'measurements.add',
  'tools.list',
  'actions.unknown',
  'actions.resolve',
  'mcp.list',
  'mcp.import',
  'mcp.save',
  'mcp.remove',
  'mcp.consent',
  'mcp.update',
  'mcp.restart',
  'mcp.secret',
  'mcp.acceptTools',
  'mcp.stderr',
  'mcp.pickFolder',
  'mcp.resources',
  'mcp.readResource',
  'mcp.prompts',
  'mcp.getPrompt',
  'mcp.complete',
  'mcp.subscribeResource',
  'mcp.unsubscribeResource',
  'mcp.signIn',
  'mcp.signOut',
  'mcp.registrySearch',
  'elicitations.answer',
  'conversations.search',
  'conversations.pin',
  'turns.regenerate',
  'turns.edit',
  'turns.continue',
  'messages.delete',
  'messages.selectVersion',
  'conversations.settings',
  'conversations.settingsUpdate',
  'conversations.settingsDefaults',
  'conversations.export',
  'conversations.import',
  'conversations.importPart',
  'attachments.get',
  'runs.attach',
] as const

export type CommandName = (typeof COMMAND_NAMES)[number]

/**
 * What a command does to the store, which decides whether it is answered while an import's
 * transaction is open on the store's connection:
 * - `read`: reads only, from a snapshot of the store from before the import while one runs; it must
 *   never write (test/main/app/command-access.test.ts runs every one on a connection where a write throws).
 * - `write`: writes, or may (or reads through the writer's connection): refused as busy during an import.
 * - `control`: touches no rows itself (stopping or following a run, the import's own pieces).
 */
export type CommandAccess = 'read' | 'write' | 'control'
// Each command's access is declared in its domain file (`commands/<domain>.ts`, beside its schema);
// `COMMAND_ACCESS` (app-contract.ts) composes them.

/** IPC channel of a command (Electron): one per command, never a generic pass-through. */
export function channelOf(command: CommandName): `keel:${CommandName}` {
  return `keel:${command}`
}

/** The channel run events are pushed on, to the window that started the run. */
export const RUN_EVENT_CHANNEL = 'keel:run-event'

/** The channel MCP events (`McpEvent`: a subscribed resource changed) are pushed on, to the window that asked. */
export const MCP_EVENT_CHANNEL = 'keel:mcp-event'

/** The largest page of `conversations.list`, and its default. */
export const MAX_CONVERSATION_PAGE = 500
export const DEFAULT_CONVERSATION_PAGE = 200

/**
 * The most characters of an import file in one command (the browser-mode socket carries up to 2 MiB
 * per message): a larger file is sent in pieces of this size (`conversations.importPart`).
 */
export const MAX_IMPORT_CHARS = 1_900_000

/** The largest file an import reads (bytes, UTF-8; the window and `keel import`): a whole-store backup fits. */
export const MAX_IMPORT_FILE_BYTES = 4_000_000_000

/**
 * The longest one record of an import file may be (characters of its JSON text: one conversation
 * with its files, one model call, measurement or ledger entry). The import holds one record at a
 * time, so this bounds its memory; a record over it is refused before it is parsed.
 */
export const MAX_IMPORT_RECORD_CHARS = 256 * 1024 * 1024

/**
 * How deep one record of an import file may nest (arrays and objects). An export nests a few levels
 * around a tool call's arguments, which are themselves at most 64 deep; deeper is refused before it
 * is parsed (every recursive walk would overflow the stack).
 */
export const MAX_IMPORT_DEPTH = 256

/** The longest message a user can send (characters, after trimming); the composer says so before sending. */
export const MAX_MESSAGE_CHARS = 100_000
