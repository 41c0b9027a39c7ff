// `keel mcp resources|prompts <server>` and the MCP inputs of `keel chat` (`--resource`,
// `--prompt`, `--prompt-arg`): the same core functions as the window's commands. Every string a
// server sent is printed with its invisible characters shown ([U+202E]): it is data.
import type { CheckedAttachment } from '../shared/attachments'
import type { McpServerView } from '../shared/mcp'
import { splitServerRef, type McpFeatureResult, type McpListing } from '../shared/mcp-server-features'
import { revealInvisible } from '../shared/invisible-characters'
import type { McpHub } from '../main/mcp/mcp-hub'
import { promptAsMessage } from '../main/mcp/mcp-prompt-message'
import { omittedResourceLine, resourceAttachments } from '../main/mcp/mcp-resource-attachments'
import { getPrompt, listPrompts, readResource, resourcesView, type McpRequester } from '../main/mcp/mcp-server-features'
import { CliUsageError } from './cli-usage-error'

interface Out {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/** The server named by id or by name (a usage error naming the servers there are, else). */
export function findServer(views: readonly McpServerView[], which: string): McpServerView {
  const view = views.find((candidate) => candidate.config.id === which || candidate.config.name === which)
  if (!view)
    throw new CliUsageError(
      `no MCP server "${which}" (servers: ${views.map((candidate) => candidate.config.id).join(', ') || 'none'})`,
    )
  return view
}

/** A ready server's requester and scrubber, or the one line saying why not. */
function featuresOf(hub: McpHub, view: McpServerView) {
  const features = hub.features(view.config.id)
  if (!features || 'notReady' in features)
    return { ok: false as const, message: features?.notReady ?? `${view.config.name} is not running` }
  return { ok: true as const, ...features }
}

/** Asks the server; its answer scrubbed of its secrets; a failure as one line on stderr. */
async function ask<T>(
  hub: McpHub,
  view: McpServerView,
  out: Out,
  question: (requester: McpRequester) => Promise<McpFeatureResult<T>>,
): Promise<T | undefined> {
  const features = featuresOf(hub, view)
  if (!features.ok) {
    out.stderr.write(`keel: ${features.message}\n`)
    return undefined
  }
  const result = features.scrub(await question(features.requester))
  if (!result.ok) {
    out.stderr.write(`keel: ${revealInvisible(result.error.message)}\n`)
    return undefined
  }
  return result.value
}

const shown = (text: string) => revealInvisible(text).replace(/\r?\n/g, '\n      ')

function droppedLine<T>(listing: McpListing<T>, what: string): string {
  return listing.dropped > 0 ? `  (${listing.dropped} ${what} Keel could not read were left out)\n` : ''
}

export async function printResources(hub: McpHub, view: McpServerView, out: Out, json: boolean): Promise<number> {
  const listed = await ask(hub, view, out, (requester) => resourcesView(requester, view.config.id))
  if (!listed) return 1
  if (json) {
    out.stdout.write(`${JSON.stringify(listed, null, 2)}\n`)
    return 0
  }
  const { resources, templates } = listed
  out.stdout.write(
    `${view.config.name}: ${resources.items.length} resource${resources.items.length === 1 ? '' : 's'}, ${templates.items.length} template${templates.items.length === 1 ? '' : 's'}${listed.subscribe ? ' (offers update notifications)' : ''}\n`,
  )
  for (const resource of resources.items) {
    out.stdout.write(
      `  ${shown(resource.uri)}  ${shown(resource.title ?? resource.name)}${resource.mimeType ? `  ${shown(resource.mimeType)}` : ''}\n`,
    )
    if (resource.description) out.stdout.write(`      ${shown(resource.description)}\n`)
  }
  out.stdout.write(droppedLine(resources, 'resources'))
  for (const template of templates.items) {
    out.stdout.write(
      `  ${shown(template.uriTemplate)}  ${shown(template.title ?? template.name)}  (template; arguments: ${template.arguments.map(shown).join(', ') || 'none'})\n`,
    )
    if (template.description) out.stdout.write(`      ${shown(template.description)}\n`)
  }
  out.stdout.write(droppedLine(templates, 'templates'))
  out.stdout.write(`  attach one: keel chat --resource ${view.config.id}:<uri> "message"\n`)
  return 0
}

export async function printPrompts(hub: McpHub, view: McpServerView, out: Out, json: boolean): Promise<number> {
  const prompts = await ask(hub, view, out, listPrompts)
  if (!prompts) return 1
  if (json) {
    out.stdout.write(`${JSON.stringify({ serverId: view.config.id, prompts }, null, 2)}\n`)
    return 0
  }
  out.stdout.write(`${view.config.name}: ${prompts.items.length} prompt${prompts.items.length === 1 ? '' : 's'}\n`)
  for (const prompt of prompts.items) {
    const title = prompt.title && prompt.title !== prompt.name ? ` (${shown(prompt.title)})` : ''
    out.stdout.write(`  ${shown(prompt.name)}${title}${prompt.description ? `: ${shown(prompt.description)}` : ''}\n`)
    for (const argument of prompt.arguments)
      out.stdout.write(
        `      ${shown(argument.name)}${argument.required ? ' (required)' : ''}${argument.description ? `: ${shown(argument.description)}` : ''}\n`,
      )
  }
  out.stdout.write(droppedLine(prompts, 'prompts'))
  out.stdout.write(`  use one: keel chat --prompt ${view.config.id}:<name> [--prompt-arg key=value…] ["message"]\n`)
  return 0
}

/** `key=value` pairs of `--prompt-arg` (the value may hold `=`). */
export function promptArguments(pairs: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    if (at <= 0) throw new CliUsageError(`--prompt-arg takes key=value, got "${pair}"`)
    values[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return values
}

/** What `--prompt` and `--resource` add to a `keel chat` message. */
export interface ChatMcpInputs {
  /** The prompt's text (first), then lines naming resources that were not attached. */
  before: string
  after: string
  attachments: CheckedAttachment[]
}

/**
 * Gets the prompt and reads the resources for one `keel chat` turn. The prompt's text is shown on
 * stderr before anything is sent. `undefined`: a server failed (said on stderr; nothing is sent).
 */
export async function chatMcpInputs(
  hub: McpHub,
  request: { resources: readonly string[]; prompt: string | undefined; promptArgs: Record<string, string> },
  out: Out,
): Promise<ChatMcpInputs | undefined> {
  const views = hub.views()
  const attachments: CheckedAttachment[] = []
  const notes: string[] = []
  const used = () => ({
    count: attachments.length,
    bytes: attachments.reduce((sum, file) => sum + file.bytes.length, 0),
  })
  let before = ''
  if (request.prompt !== undefined) {
    const ref = splitServerRef(request.prompt)
    if (!ref) throw new CliUsageError(`--prompt takes <server>:<name>, got "${request.prompt}"`)
    const view = findServer(views, ref.server)
    const prompt = await ask(hub, view, out, (requester) => getPrompt(requester, ref.rest, request.promptArgs))
    if (!prompt) return undefined
    const message = promptAsMessage(prompt.messages.items, { used: used() })
    attachments.push(...message.attachments)
    before = message.text
    out.stderr.write(
      `[keel] prompt ${view.config.id}:${revealInvisible(ref.rest)} inserts:\n${revealInvisible(message.text)}\n${message.attachments.map((file) => `[keel] and attaches ${revealInvisible(file.name)}\n`).join('')}`,
    )
  }
  for (const reference of request.resources) {
    const ref = splitServerRef(reference)
    if (!ref) throw new CliUsageError(`--resource takes <server>:<uri>, got "${reference}"`)
    const view = findServer(views, ref.server)
    const contents = await ask(hub, view, out, (requester) => readResource(requester, ref.rest))
    if (!contents) return undefined
    const files = resourceAttachments(contents.items, { used: used() })
    attachments.push(...files.attachments)
    for (const file of files.attachments)
      out.stderr.write(`[keel] attaches ${revealInvisible(file.name)} (${file.mimeType}, ${file.bytes.length} bytes)\n`)
    for (const omitted of files.omitted) {
      const line = omittedResourceLine(omitted)
      notes.push(line)
      out.stderr.write(`[keel] ${line}\n`)
    }
  }
  return { before, after: notes.join('\n'), attachments }
}
