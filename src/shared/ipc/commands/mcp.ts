import { z } from 'zod'
import { MCP_MAX_TIMEOUT_MS, type McpImportReport, type McpServerView } from '../../mcp'
import type { McpSignInStart } from '../../mcp-oauth'
import { MCP_ROOT_PATH_MAX, MCP_ROOTS_MAX } from '../../mcp-roots'
import {
  MCP_MAX_FIELD_CHARS,
  type McpListing,
  type McpPromptMessageView,
  type McpPromptView,
  type McpReadResourceView,
  type McpResourcesView,
} from '../../mcp-server-features'
import type { McpRegistrySearchResponse } from '../../mcp-registry'
import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL_BYTES } from '../../attachments'
import type { McpCompletionView } from '../../mcp-completion'
import type { AccessOf } from './command-domain'
import { id } from './request-fields'

/** Argument values for a prompt or a URI template (strings on the wire). */
const serverArguments = z
  .record(z.string().min(1).max(200), z.string().max(32_768))
  .refine((values) => Object.keys(values).length <= 100, { message: 'at most 100 arguments' })

/** The files a message holds already: the budgets are for all of them together. */
const budgetUsed = z.strictObject({
  count: z.number().int().min(0).max(MAX_ATTACHMENTS),
  bytes: z.number().int().min(0).max(MAX_ATTACHMENTS_TOTAL_BYTES),
})

/** MCP servers: import, add and edit, consent, switches, secrets, tool review, stderr, resources, prompts. */
export const MCP_SCHEMAS = {
  /** MCP servers: config (no secrets), what running each means, status, tools with their pin state. */
  'mcp.list': z.strictObject({}),
  /**
   * Imports servers from the de-facto JSON (`mcpServers` as Claude Desktop/Cursor write it, or VS
   * Code's `servers`), pasted or read from a file by the window. Only that key is read. Imported
   * servers are saved but not started: each needs the user's consent. Values with `${…}` are not
   * imported (reported as unresolved, for the user to fill in with `mcp.secret`).
   */
  'mcp.import': z.strictObject({
    text: z.string().min(2).max(1_000_000),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  /** Adds (no `serverId`) or edits a server. Env and header values given go to the key vault; absent ones are kept. */
  'mcp.save': z.strictObject({
    serverId: id.optional(),
    name: z.string().trim().min(1).max(100),
    transport: z.enum(['stdio', 'http', 'sse']),
    command: z.string().trim().min(1).max(4096).optional(),
    args: z.array(z.string().max(4096)).max(200).optional(),
    cwd: z.string().max(4096).optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional(),
    /** Keys to keep; a string value replaces the stored one, `null` keeps it. */
    env: z.record(z.string().min(1).max(200), z.string().max(32_768).nullable()).optional(),
    headers: z.record(z.string().min(1).max(200), z.string().max(32_768).nullable()).optional(),
    timeoutMs: z.number().int().min(1000).max(MCP_MAX_TIMEOUT_MS).optional(),
    trustReadOnlyHints: z.boolean().optional(),
    disabled: z.boolean().optional(),
    /** Linux without a keyring: the user's opt-in to keep the values without encryption (as for keys). */
    allowPlainTextStorage: z.boolean().optional(),
    /**
     * http / sse: a client registered by hand with the authorization server (absent: keep the saved
     * one; `null`: forget it and its secret). `secret`: a string replaces the saved one (kept in the
     * key vault), `null` forgets it, absent keeps it.
     */
    oauthClient: z
      .strictObject({
        clientId: z.string().trim().min(1).max(4096),
        secret: z.string().min(1).max(32_768).nullable().optional(),
      })
      .nullable()
      .optional(),
  }),
  'mcp.remove': z.strictObject({ serverId: id }),
  /** The user saw exactly what runs (the view's `fingerprint`) and agrees: it may start. */
  'mcp.consent': z.strictObject({ serverId: id, fingerprint: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Per-server and per-tool switches. */
  'mcp.update': z.strictObject({
    serverId: id,
    disabled: z.boolean().optional(),
    timeoutMs: z.number().int().min(1000).max(MCP_MAX_TIMEOUT_MS).optional(),
    trustReadOnlyHints: z.boolean().optional(),
    tool: z.strictObject({ name: z.string().min(1).max(256), enabled: z.boolean() }).optional(),
    /** The folders the server may work in (absolute, existing when added, no duplicates); `[]`: none. */
    roots: z.array(z.string().min(1).max(MCP_ROOT_PATH_MAX)).max(MCP_ROOTS_MAX).optional(),
    /**
     * Send the server's instructions to the model: on for exactly the text shown (its `hash` from
     * the view; text that changed since is not turned on), or off.
     */
    sendInstructions: z
      .discriminatedUnion('send', [
        z.strictObject({ send: z.literal(true), hash: z.string().regex(/^[0-9a-f]{64}$/) }),
        z.strictObject({ send: z.literal(false) }),
      ])
      .optional(),
  }),
  'mcp.restart': z.strictObject({ serverId: id }),
  /** Sets one env value or header of a server (kept in the key vault); `null` forgets it. */
  'mcp.secret': z.strictObject({
    serverId: id,
    where: z.enum(['env', 'headers']),
    key: z.string().min(1).max(200),
    value: z.string().max(32_768).nullable(),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  /** Accepts the definitions the user reviewed (tool name → the definition hash shown): only those, and only if still current. */
  'mcp.acceptTools': z.strictObject({
    serverId: id,
    tools: z.record(z.string().min(1).max(256), z.string().regex(/^[0-9a-f]{64}$/)),
  }),
  /** The last ~64 KiB of a server's stderr. */
  'mcp.stderr': z.strictObject({ serverId: id }),
  /** The desktop app's folder picker (for a server's roots); `null`: the user cancelled. Browser mode has none. */
  'mcp.pickFolder': z.strictObject({}),
  /** A running server's resources and resource templates (every page, up to a cap). */
  'mcp.resources': z.strictObject({ serverId: id }),
  /**
   * Reads one resource (by `uri`, or a template filled with `arguments`) as files for the composer:
   * text and images within the usual budgets (`used`: what the message holds already), the rest named.
   */
  'mcp.readResource': z
    .strictObject({
      serverId: id,
      uri: z.string().min(1).max(MCP_MAX_FIELD_CHARS).optional(),
      uriTemplate: z.string().min(1).max(MCP_MAX_FIELD_CHARS).optional(),
      arguments: serverArguments.optional(),
      /** The resource's listed name (the file's name; else the URI's last segment). */
      name: z.string().min(1).max(MCP_MAX_FIELD_CHARS).optional(),
      used: budgetUsed.optional(),
    })
    .refine((request) => (request.uri === undefined) !== (request.uriTemplate === undefined), {
      message: 'give either uri or uriTemplate',
    }),
  /** A running server's prompts, with their arguments. */
  'mcp.prompts': z.strictObject({ serverId: id }),
  /** Gets a prompt with its arguments, as one message for the composer (shown before it is sent). */
  'mcp.getPrompt': z.strictObject({
    serverId: id,
    name: z.string().min(1).max(MCP_MAX_FIELD_CHARS),
    arguments: serverArguments.optional(),
    used: budgetUsed.optional(),
  }),
  /**
   * A server's suggestions for one argument of a prompt or a resource template, as the user types it
   * (`completion/complete`; refused when the server does not offer completions). `context`: the
   * other arguments already filled in.
   */
  'mcp.complete': z.strictObject({
    serverId: id,
    ref: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('prompt'), name: z.string().min(1).max(MCP_MAX_FIELD_CHARS) }),
      z.strictObject({ type: z.literal('resource'), uriTemplate: z.string().min(1).max(MCP_MAX_FIELD_CHARS) }),
    ]),
    argument: z.strictObject({ name: z.string().min(1).max(200), value: z.string().max(32_768) }),
    context: serverArguments.optional(),
  }),
  /**
   * Tells the window when this resource changes (a `resource-updated` MCP event) until it
   * unsubscribes or closes; counted per window (each subscribe wants one unsubscribe). Refused
   * when the server does not offer subscriptions. Kept across the server's restarts.
   */
  'mcp.subscribeResource': z.strictObject({ serverId: id, uri: z.string().min(1).max(MCP_MAX_FIELD_CHARS) }),
  /** Lets go of one `mcp.subscribeResource` of this window. */
  'mcp.unsubscribeResource': z.strictObject({ serverId: id, uri: z.string().min(1).max(MCP_MAX_FIELD_CHARS) }),
  /**
   * Starts signing in to a remote server (OAuth): answers once the authorization page is known (the
   * desktop app opens it in the system browser; otherwise the window opens `authorizationUrl`). The
   * sign-in ends in the background; `mcp.list` shows its state.
   */
  'mcp.signIn': z.strictObject({ serverId: id }),
  /** Forgets a remote server's sign-in (tokens and client registrations) and restarts it without. */
  'mcp.signOut': z.strictObject({ serverId: id }),
  /**
   * One page of the MCP registry's server list (the setting's registry, else the official one): each
   * server with the ways to add it. Adding goes through `mcp.save` and the consent screen like any server.
   */
  'mcp.registrySearch': z.strictObject({
    search: z.string().trim().max(200).optional(),
    /** The page after the one that gave this `nextCursor`. */
    cursor: z.string().min(1).max(4096).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
} as const

export const MCP_ACCESS = {
  'mcp.list': 'read',
  'mcp.import': 'write',
  'mcp.save': 'write',
  'mcp.remove': 'write',
  'mcp.consent': 'write',
  'mcp.update': 'write',
  'mcp.restart': 'write',
  'mcp.secret': 'write',
  'mcp.acceptTools': 'write',
  'mcp.stderr': 'read',
  // It opens a window on the desktop: not something a read-only client may do.
  'mcp.pickFolder': 'write',
  // They ask the server and store nothing.
  'mcp.resources': 'read',
  'mcp.readResource': 'read',
  'mcp.prompts': 'read',
  'mcp.getPrompt': 'read',
  'mcp.complete': 'read',
  // They ask the server to tell of changes and store nothing.
  'mcp.subscribeResource': 'read',
  'mcp.unsubscribeResource': 'read',
  // They open a browser and change what the vault keeps.
  'mcp.signIn': 'write',
  'mcp.signOut': 'write',
  // It asks the registry and stores nothing.
  'mcp.registrySearch': 'read',
} as const satisfies AccessOf<typeof MCP_SCHEMAS>

export interface McpResponses {
  'mcp.list': McpServerView[]
  'mcp.import': McpImportReport
  'mcp.save': McpServerView
  'mcp.remove': { removed: boolean }
  'mcp.consent': McpServerView
  'mcp.update': McpServerView
  'mcp.restart': McpServerView
  'mcp.secret': McpServerView
  'mcp.acceptTools': McpServerView
  'mcp.stderr': { text: string }
  'mcp.pickFolder': { path: string | null }
  'mcp.resources': McpResourcesView
  'mcp.readResource': McpReadResourceView
  'mcp.prompts': { serverId: string; prompts: McpListing<McpPromptView> }
  'mcp.getPrompt': McpPromptMessageView
  'mcp.complete': McpCompletionView
  /** `watching`: the server watches it now (a 2026-07-28 server may decline a URI). */
  'mcp.subscribeResource': { serverId: string; uri: string; watching: boolean }
  'mcp.unsubscribeResource': { unsubscribed: true }
  'mcp.signIn': McpSignInStart
  'mcp.signOut': { signedOut: true }
  'mcp.registrySearch': McpRegistrySearchResponse
}
