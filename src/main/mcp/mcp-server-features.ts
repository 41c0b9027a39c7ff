// A server's resources and prompts: list (every page, up to a cap), read, templates, get. Each
// listed entry is read on its own (one malformed entry is dropped and counted, not fatal); a
// feature the server does not declare is refused before anything is sent; every failure is data
// (McpFeatureError), never a throw. What the server sends is data: nothing here follows it.
import { ProtocolError, SdkError, SdkErrorCode, UriTemplate } from '@modelcontextprotocol/client'
import { z } from 'zod'
import {
  MCP_MAX_DESCRIPTION_CHARS,
  MCP_MAX_FIELD_CHARS,
  MCP_MAX_LIST_ITEMS,
  MCP_MAX_LIST_PAGES,
  type McpFeatureError,
  type McpFeatureResult,
  type McpListing,
  type McpPromptArgumentView,
  type McpPromptContent,
  type McpPromptMessage,
  type McpPromptView,
  type McpResourceContent,
  type McpResourcesView,
  type McpResourceTemplateView,
  type McpResourceView,
} from '../../shared/mcp-server-features'

/** The requests this file sends. */
export type McpFeatureMethod =
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read'
  | 'resources/subscribe'
  | 'resources/unsubscribe'
  | 'prompts/list'
  | 'prompts/get'
  | 'completion/complete'

/** A ready server as this file needs it (McpConnection.requester()). */
export interface McpRequester {
  /** The user's name for the server (in messages). */
  serverName: string
  /** What the server declared in `initialize`. */
  capabilities: {
    resources?: { subscribe?: boolean | undefined } | undefined
    prompts?: object | undefined
    completions?: object | undefined
  }
  /** Sends one request; rejects with the SDK's errors (classified here). */
  request<T>(
    method: McpFeatureMethod,
    params: Record<string, unknown>,
    schema: z.ZodType<T>,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<T>
  /** The request timeout in force (ms), for messages. */
  timeoutMs: number
  /** Why the connection ended, when Keel ended it for a reason of its own (a message over the size cap). */
  lossCause?: (() => 'too-large' | undefined) | undefined
}

// Entries are read field by field (z.object keeps only the fields Keel uses); pages keep everything.
const field = z.string().min(1).max(MCP_MAX_FIELD_CHARS)
/** An optional string the server may get wrong: a bad one is left out, the entry kept. */
const optionalField = z.string().max(MCP_MAX_FIELD_CHARS).optional().catch(undefined)
const description = z
  .string()
  .optional()
  .catch(undefined)
  .transform((text) =>
    text !== undefined && text.length > MCP_MAX_DESCRIPTION_CHARS
      ? `${text.slice(0, MCP_MAX_DESCRIPTION_CHARS)}…`
      : text,
  )

const resourceSchema = z.object({
  uri: field,
  name: field,
  title: optionalField,
  description,
  mimeType: optionalField,
  size: z.number().int().nonnegative().optional().catch(undefined),
})

const templateSchema = z.object({
  uriTemplate: field,
  name: field,
  title: optionalField,
  description,
  mimeType: optionalField,
})

const promptSchema = z.object({
  name: field,
  title: optionalField,
  description,
  arguments: z
    .array(
      z.object({
        name: field,
        title: optionalField,
        description,
        required: z.boolean().optional().catch(undefined),
      }),
    )
    .optional(),
})

const resourceContentSchema = z.union([
  z.object({ uri: field, mimeType: optionalField, text: z.string() }),
  z.object({ uri: field, mimeType: optionalField, blob: z.string() }),
])

const promptContentSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.enum(['image', 'audio']), mimeType: field, data: z.string() }),
  z.object({ type: z.literal('resource'), resource: resourceContentSchema }),
  z.object({ type: z.literal('resource_link'), uri: field, name: field, mimeType: optionalField }),
])

const promptMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: promptContentSchema })

const pageOf = (key: string) =>
  z.looseObject({ [key]: z.array(z.unknown()), nextCursor: z.string().optional().catch(undefined) })

const readSchema = z.looseObject({ contents: z.array(z.unknown()) })
const promptResultSchema = z.looseObject({ description, messages: z.array(z.unknown()) })
const emptySchema = z.looseObject({})

/** Entries that pass `schema`, shaped by `shape`; the others counted. */
function admit<S extends z.ZodType, T>(
  entries: readonly unknown[],
  schema: S,
  shape: (entry: z.infer<S>) => T | undefined,
): McpListing<T> {
  const items: T[] = []
  let dropped = 0
  for (const entry of entries) {
    const parsed = schema.safeParse(entry)
    const item = parsed.success ? shape(parsed.data) : undefined
    if (item === undefined) dropped++
    else items.push(item)
  }
  return { items, dropped }
}

/** Leaves out the keys whose value is undefined (views are sent as JSON and compared in tests). */
function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/** Every page of a listing, up to the page and item caps; a cursor seen twice ends it with an error. */
async function listAll(
  requester: McpRequester,
  method: 'resources/list' | 'resources/templates/list' | 'prompts/list',
  key: 'resources' | 'resourceTemplates' | 'prompts',
): Promise<McpFeatureResult<unknown[]>> {
  const schema = pageOf(key)
  const entries: unknown[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  try {
    for (let page = 0; page < MCP_MAX_LIST_PAGES; page++) {
      const result = (await requester.request(method, cursor === undefined ? {} : { cursor }, schema)) as Record<
        string,
        unknown
      >
      // One by one: spreading a huge page into push() would overflow the stack.
      for (const entry of result[key] as unknown[]) {
        if (entries.length >= MCP_MAX_LIST_ITEMS) return { ok: true, value: entries }
        entries.push(entry)
      }
      cursor = result.nextCursor as string | undefined
      if (cursor === undefined) return { ok: true, value: entries }
      if (seen.has(cursor)) return serverError(`${requester.serverName} repeated a ${method} cursor`)
      seen.add(cursor)
    }
  } catch (error) {
    return { ok: false, error: classify(error, requester) }
  }
  return {
    ok: false,
    error: {
      code: 'mcp-too-large',
      message: `${requester.serverName} sent more than ${MCP_MAX_LIST_PAGES} pages of ${method}.`,
    },
  }
}

export function unsupported(
  requester: McpRequester,
  feature: 'resources' | 'prompts' | 'subscribe' | 'completions',
): { ok: false; error: McpFeatureError } {
  const what = feature === 'subscribe' ? 'subscriptions to resource updates' : feature
  return {
    ok: false,
    error: { code: 'mcp-unsupported', feature, message: `${requester.serverName} does not offer ${what}.` },
  }
}

function serverError(message: string, rpcCode?: number): { ok: false; error: McpFeatureError } {
  return { ok: false, error: { code: 'mcp-server-error', message, ...(rpcCode !== undefined ? { rpcCode } : {}) } }
}

/** A server's own error message, kept short (it is data: shown, never followed). */
function serverSaid(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}

/** JSON-RPC: invalid params; MCP: resource not found. */
const INVALID_PARAMS = -32602
const RESOURCE_NOT_FOUND = -32002

/** What an error thrown by the SDK for one of these requests means. */
export function classify(
  error: unknown,
  requester: Pick<McpRequester, 'serverName' | 'timeoutMs' | 'lossCause'>,
): McpFeatureError {
  const name = requester.serverName
  if (error instanceof ProtocolError) {
    const message = `${name} answered: ${serverSaid(error.message)}`
    if (error.code === INVALID_PARAMS)
      return { code: 'mcp-invalid-arguments', missing: [], rpcCode: error.code, message }
    if (error.code === RESOURCE_NOT_FOUND) return { code: 'mcp-not-found', rpcCode: error.code, message }
    return { code: 'mcp-server-error', rpcCode: error.code, message }
  }
  const code = error instanceof SdkError ? error.code : undefined
  if (code === SdkErrorCode.RequestTimeout)
    return {
      code: 'mcp-timeout',
      message: `${name} did not answer within ${Math.round(requester.timeoutMs / 1000)} s.`,
    }
  if (code === SdkErrorCode.NotConnected) return { code: 'mcp-not-ready', message: `${name} is not connected.` }
  if (code === SdkErrorCode.ConnectionClosed)
    return requester.lossCause?.() === 'too-large'
      ? { code: 'mcp-too-large', message: `${name} sent a message over Keel's size limit; the connection was closed.` }
      : { code: 'mcp-connection-lost', message: `The connection to ${name} was lost.` }
  const text = error instanceof Error ? error.message : String(error)
  return { code: 'mcp-server-error', message: `${name}: ${serverSaid(text)}` }
}

export async function listResources(requester: McpRequester): Promise<McpFeatureResult<McpListing<McpResourceView>>> {
  if (!requester.capabilities.resources) return unsupported(requester, 'resources')
  const listed = await listAll(requester, 'resources/list', 'resources')
  if (!listed.ok) return listed
  return {
    ok: true,
    value: admit(listed.value, resourceSchema, (r) =>
      defined({
        uri: r.uri,
        name: r.name,
        title: r.title,
        description: r.description,
        mimeType: r.mimeType,
        size: r.size,
      }),
    ),
  }
}

/** A template's variables (its arguments), or undefined when it is not a template Keel can expand. */
export function templateArguments(uriTemplate: string): string[] | undefined {
  try {
    return [...new Set(new UriTemplate(uriTemplate).variableNames)]
  } catch {
    return undefined
  }
}

export async function listResourceTemplates(
  requester: McpRequester,
): Promise<McpFeatureResult<McpListing<McpResourceTemplateView>>> {
  if (!requester.capabilities.resources) return unsupported(requester, 'resources')
  const listed = await listAll(requester, 'resources/templates/list', 'resourceTemplates')
  if (!listed.ok) return listed
  return {
    ok: true,
    value: admit(listed.value, templateSchema, (t) => {
      const args = templateArguments(t.uriTemplate)
      if (args === undefined) return undefined
      return defined({
        uriTemplate: t.uriTemplate,
        name: t.name,
        title: t.title,
        description: t.description,
        mimeType: t.mimeType,
        arguments: args,
      })
    }),
  }
}

/** Resources and templates together, as `mcp.resources` and `keel mcp resources` show them. */
export async function resourcesView(
  requester: McpRequester,
  serverId: string,
): Promise<McpFeatureResult<McpResourcesView>> {
  const resources = await listResources(requester)
  if (!resources.ok) return resources
  const templates = await listResourceTemplates(requester)
  if (!templates.ok) return templates
  return {
    ok: true,
    value: {
      serverId,
      resources: resources.value,
      templates: templates.value,
      subscribe: requester.capabilities.resources?.subscribe === true,
    },
  }
}

/**
 * The URI a template makes with these values; every variable must have a value (nothing is sent
 * to the server here: the caller reads the URI).
 */
export function expandTemplate(
  uriTemplate: string,
  values: Readonly<Record<string, string>>,
): McpFeatureResult<string> {
  const args = templateArguments(uriTemplate)
  if (args === undefined)
    return { ok: false, error: { code: 'mcp-invalid-arguments', missing: [], message: 'Not a URI template.' } }
  const missing = args.filter((name) => !Object.hasOwn(values, name) || values[name] === '')
  if (missing.length > 0)
    return {
      ok: false,
      error: { code: 'mcp-invalid-arguments', missing, message: `Missing values: ${missing.join(', ')}.` },
    }
  return { ok: true, value: new UriTemplate(uriTemplate).expand({ ...values }) }
}

/** A resource's contents (every item the server sent that Keel can read; the others counted). */
export async function readResource(
  requester: McpRequester,
  uri: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<McpFeatureResult<McpListing<McpResourceContent>>> {
  if (!requester.capabilities.resources) return unsupported(requester, 'resources')
  try {
    const result = await requester.request('resources/read', { uri }, readSchema, options)
    return { ok: true, value: admit(result.contents, resourceContentSchema, resourceContentOf) }
  } catch (error) {
    return { ok: false, error: classify(error, requester) }
  }
}

function resourceContentOf(content: z.infer<typeof resourceContentSchema>): McpResourceContent {
  return 'text' in content
    ? defined({ uri: content.uri, mimeType: content.mimeType, text: content.text })
    : defined({ uri: content.uri, mimeType: content.mimeType, blob: content.blob })
}

export async function listPrompts(requester: McpRequester): Promise<McpFeatureResult<McpListing<McpPromptView>>> {
  if (!requester.capabilities.prompts) return unsupported(requester, 'prompts')
  const listed = await listAll(requester, 'prompts/list', 'prompts')
  if (!listed.ok) return listed
  return {
    ok: true,
    value: admit(listed.value, promptSchema, (p) =>
      defined({
        name: p.name,
        title: p.title,
        description: p.description,
        arguments: (p.arguments ?? []).map(
          (a): McpPromptArgumentView =>
            defined({ name: a.name, title: a.title, description: a.description, required: a.required === true }),
        ),
      }),
    ),
  }
}

/** A prompt's messages as the server returns them (to be shown to the user before anything is sent). */
export interface McpPromptResult {
  name: string
  description?: string | undefined
  messages: McpListing<McpPromptMessage>
}

/**
 * Gets a prompt with these arguments. The prompt must be one the server lists, every required
 * argument given and no argument it does not declare (a typo would be silently ignored otherwise).
 */
export async function getPrompt(
  requester: McpRequester,
  name: string,
  args: Readonly<Record<string, string>>,
): Promise<McpFeatureResult<McpPromptResult>> {
  const listed = await listPrompts(requester)
  if (!listed.ok) return listed
  const prompt = listed.value.items.find((candidate) => candidate.name === name)
  if (!prompt)
    return {
      ok: false,
      error: { code: 'mcp-not-found', message: `${requester.serverName} has no prompt named "${name}".` },
    }
  const declared = new Set(prompt.arguments.map((argument) => argument.name))
  const unknown = Object.keys(args).filter((key) => !declared.has(key))
  if (unknown.length > 0)
    return {
      ok: false,
      error: {
        code: 'mcp-invalid-arguments',
        missing: [],
        message: `The prompt "${name}" takes no argument named ${unknown.join(', ')} (it takes: ${[...declared].join(', ') || 'none'}).`,
      },
    }
  const missing = prompt.arguments
    .filter((argument) => argument.required && (args[argument.name] ?? '') === '')
    .map((argument) => argument.name)
  if (missing.length > 0)
    return {
      ok: false,
      error: { code: 'mcp-invalid-arguments', missing, message: `The prompt "${name}" needs: ${missing.join(', ')}.` },
    }
  try {
    const result = await requester.request('prompts/get', { name, arguments: { ...args } }, promptResultSchema)
    return {
      ok: true,
      value: defined({
        name,
        description: result.description,
        messages: admit(result.messages, promptMessageSchema, promptMessageOf),
      }),
    }
  } catch (error) {
    return { ok: false, error: classify(error, requester) }
  }
}

function promptMessageOf(message: z.infer<typeof promptMessageSchema>): McpPromptMessage {
  const content = message.content
  let shaped: McpPromptContent
  switch (content.type) {
    case 'text':
      shaped = { type: 'text', text: content.text }
      break
    case 'image':
    case 'audio':
      shaped = { type: content.type, mimeType: content.mimeType, data: content.data }
      break
    case 'resource':
      shaped = { type: 'resource', resource: resourceContentOf(content.resource) }
      break
    case 'resource_link':
      shaped = defined({
        type: 'resource_link' as const,
        uri: content.uri,
        name: content.name,
        mimeType: content.mimeType,
      })
      break
  }
  return { role: message.role, content: shaped }
}

/** Asks the server to say when this resource changes (`notifications/resources/updated`). */
export async function subscribeResource(
  requester: McpRequester,
  uri: string,
  subscribe: boolean,
): Promise<McpFeatureResult<true>> {
  if (!requester.capabilities.resources) return unsupported(requester, 'resources')
  if (!requester.capabilities.resources.subscribe) return unsupported(requester, 'subscribe')
  try {
    await requester.request(subscribe ? 'resources/subscribe' : 'resources/unsubscribe', { uri }, emptySchema)
    return { ok: true, value: true }
  } catch (error) {
    return { ok: false, error: classify(error, requester) }
  }
}
