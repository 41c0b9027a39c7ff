// The stored form of Keel's MCP server list (the `mcpServers` setting). It lives in src/shared
// because SETTING_DEFINITIONS (shared) declares every setting with its schema; the core's
// `src/main/mcp/mcp-server-config.ts` re-exports it beside what needs Node (the consent fingerprint).
//
// The secret rule: **every env value and every header value lives in the key vault**, under
// `mcp:<serverId>:env:<NAME>` / `mcp:<serverId>:headers:<Name>`. The stored form only records each
// key as `{ secret: true, set }` (and, for a value imported as a `${…}` placeholder, the placeholder
// text itself, which names a variable and holds no value). A plain `{ value }` is refused here, so a
// value can never reach SQLite through this setting: there is no "is this env value secret?" guess to
// get wrong (`DEBUG=1` costs one vault entry; a token named `FOO` is never stored in the clear).
import { z } from 'zod'
import { MCP_MAX_TIMEOUT_MS, type McpServerConfig } from './mcp'
import { MCP_ROOT_PATH_MAX, MCP_ROOTS_MAX, mcpRootKey, mcpRootProblem } from './mcp-roots'

/** A server id as {@link mcpServerId} makes it (`[a-z0-9_-]`, 1–40). */
export const MCP_SERVER_ID_PATTERN = /^[a-z0-9_-]{1,40}$/

/** Limits shared with the `mcp.save` / `mcp.secret` commands. */
export const MCP_NAME_MAX = 100
export const MCP_KEY_MAX = 200
export const MCP_TEXT_MAX = 4096
export const MCP_VALUE_MAX = 32_768
export const MCP_ARGS_MAX = 200
export const MCP_MIN_TIMEOUT_MS = 1000

/** An env variable name: no `=` and no NUL (the OS refuses them), no leading/trailing spaces. */
export const MCP_ENV_KEY_PATTERN = /^[^=\u0000\s][^=\u0000]*$/
/** An HTTP header name (RFC 9110 token). */
export const MCP_HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * One env value or header as stored: always a reference to the vault. `set`: the vault had a value
 * when this was last written (the live answer is the vault's: see `McpSecrets`). `placeholder`: the
 * `${…}` text the imported value was (never resolved), shown so the user knows what to fill in.
 */
export const mcpStoredValueSchema = z.strictObject({
  secret: z.literal(true),
  set: z.boolean(),
  // Only `${…}` tokens (space-separated) fit here: a value can never ride along as a "placeholder".
  placeholder: z
    .string()
    .max(MCP_VALUE_MAX)
    .regex(/^\$\{(?:[^}]*\})?(?: \$\{(?:[^}]*\})?)*$/)
    .optional(),
})

/** The stored list: absolute folders, no duplicates (after {@link mcpRootKey}). */
export const mcpRootsSchema = z
  .array(z.string().max(MCP_ROOT_PATH_MAX))
  .max(MCP_ROOTS_MAX)
  .superRefine((roots, context) => {
    const seen = new Set<string>()
    roots.forEach((root, index) => {
      const problem = mcpRootProblem(root)
      if (problem)
        context.addIssue({ code: 'custom', path: [index], message: `Not a folder Keel can allow: ${problem}.` })
      const key = mcpRootKey(root)
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: [index], message: `The folder ${root} is listed twice.` })
      seen.add(key)
    })
  })

const text = z.string().max(MCP_TEXT_MAX)
/** A record key that a parsed object would turn into its prototype (and lose). */
const notProto = (key: string) => key !== '__proto__'

/** The fields this Keel knows of a stored server. */
const mcpServerFields = {
  id: z.string().regex(MCP_SERVER_ID_PATTERN),
  name: z.string().trim().min(1).max(MCP_NAME_MAX),
  transport: z.enum(['stdio', 'http', 'sse']),
  command: z.string().trim().min(1).max(MCP_TEXT_MAX).optional(),
  args: z.array(text).max(MCP_ARGS_MAX).optional(),
  cwd: text.optional(),
  env: z
    .record(z.string().min(1).max(MCP_KEY_MAX).regex(MCP_ENV_KEY_PATTERN).refine(notProto), mcpStoredValueSchema)
    .optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(MCP_TEXT_MAX)
    .optional(),
  headers: z
    .record(z.string().min(1).max(MCP_KEY_MAX).regex(MCP_HEADER_NAME_PATTERN).refine(notProto), mcpStoredValueSchema)
    .optional(),
  disabled: z.boolean().optional(),
  timeoutMs: z.number().int().min(MCP_MIN_TIMEOUT_MS).max(MCP_MAX_TIMEOUT_MS).optional(),
  trustReadOnlyHints: z.boolean().optional(),
  disabledTools: z.array(z.string().min(1).max(256)).max(10_000).optional(),
  extra: z.record(z.string(), z.json()).optional(),
  consentedFingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  roots: mcpRootsSchema.optional(),
  instructionsAccepted: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  oauthClient: z
    .strictObject({ clientId: z.string().trim().min(1).max(MCP_TEXT_MAX), secretSet: z.boolean() })
    .optional(),
}

/** The stored keys this Keel reads (a newer Keel's other keys are kept as they are: see below). */
export const MCP_SERVER_KNOWN_KEYS: readonly string[] = Object.keys(mcpServerFields)

/**
 * One server as stored (see the file comment for the secret rule). Keys this Keel does not know
 * (written by a newer Keel) are kept, not refused, and written back unchanged, so an older Keel
 * does not treat a newer one's list as corrupt nor lose what it added. Keel itself never writes
 * such a key: `mcp.save` and imports build each server field by field, and the window's payloads
 * are checked by their own strict schemas (shared/ipc/commands/mcp.ts).
 */
export const mcpServerConfigSchema = z.looseObject(mcpServerFields).superRefine((server, context) => {
  if (server.transport === 'stdio') {
    if (server.command === undefined)
      context.addIssue({ code: 'custom', path: ['command'], message: 'A stdio server needs a command.' })
    if (server.url !== undefined || server.headers !== undefined)
      context.addIssue({ code: 'custom', path: ['url'], message: 'A stdio server has no url or headers.' })
  } else {
    if (server.url === undefined)
      context.addIssue({ code: 'custom', path: ['url'], message: `An ${server.transport} server needs a url.` })
    if (
      server.command !== undefined ||
      server.args !== undefined ||
      server.cwd !== undefined ||
      server.env !== undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['command'],
        message: `An ${server.transport} server has no command, args, cwd or env.`,
      })
    }
  }
}) satisfies z.ZodType<McpServerConfig>

/** The stored server list: ids unique, names unique. */
export const mcpServerListSchema = z
  .array(mcpServerConfigSchema)
  .max(500)
  .superRefine((servers, context) => {
    const ids = new Set<string>()
    const names = new Set<string>()
    servers.forEach((server, index) => {
      if (ids.has(server.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `The server id '${server.id}' is used twice.`,
        })
      if (names.has(server.name))
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `The server name '${server.name}' is used twice.`,
        })
      ids.add(server.id)
      names.add(server.name)
    })
  })

export type StoredMcpServerConfig = z.output<typeof mcpServerConfigSchema>
