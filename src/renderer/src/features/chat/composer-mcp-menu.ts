// The composer's `@` (resources) and `/` (prompts) menus as plain data: when one opens, what it
// lists for what was typed, which entry the arrows reach. No React here (tested on its own).
import type { McpServerView } from '../../../../shared/mcp'
import type {
  McpPromptView,
  McpResourcesView,
  McpResourceTemplateView,
  McpResourceView,
} from '../../../../shared/mcp-server-features'

interface FromServer {
  /** Unique in the menu (also the option's id suffix). */
  key: string
  serverId: string
  serverName: string
}

/** One thing a menu offers, with the server it comes from. */
export type ComposerMcpEntry =
  | (FromServer & { kind: 'resource'; resource: McpResourceView })
  | (FromServer & { kind: 'template'; template: McpResourceTemplateView })
  | (FromServer & { kind: 'prompt'; prompt: McpPromptView })

/** What the typed text opens: `@…` anywhere a word starts, `/…` as the message's first word. */
export interface MenuTrigger {
  kind: 'resources' | 'prompts'
  /** What follows the `@` or `/` (the filter). */
  query: string
  /** Where the `@` or `/` is, and the caret: the span replaced when an entry is chosen. */
  start: number
  end: number
}

/** The menu the text before the caret opens, if any. */
export function menuTrigger(text: string, caret: number): MenuTrigger | undefined {
  const before = text.slice(0, caret)
  const prompt = /^\/(\S*)$/.exec(before)
  if (prompt) return { kind: 'prompts', query: prompt[1] ?? '', start: 0, end: caret }
  const resource = /(^|\s)@(\S*)$/.exec(before)
  if (resource) {
    const query = resource[2] ?? ''
    return { kind: 'resources', query, start: caret - query.length - 1, end: caret }
  }
  return undefined
}

/** The text without the trigger (`@inst` or `/summ`), and where the caret goes. */
export function withoutTrigger(text: string, trigger: MenuTrigger): { text: string; caret: number } {
  return { text: text.slice(0, trigger.start) + text.slice(trigger.end), caret: trigger.start }
}

/** The name people see: the title when the server gave one. */
export function entryLabel(entry: ComposerMcpEntry): string {
  const item = entry.kind === 'resource' ? entry.resource : entry.kind === 'template' ? entry.template : entry.prompt
  return item.title ?? item.name
}

/** The line under the label: the URI (or template), or the prompt's description. */
export function entryDetail(entry: ComposerMcpEntry): string | undefined {
  if (entry.kind === 'resource') return entry.resource.uri
  if (entry.kind === 'template') return entry.template.uriTemplate
  return entry.prompt.description
}

/** Most entries a menu shows (type more to narrow it). */
export const MENU_MAX_ENTRIES = 50

/**
 * The entries for what was typed, case-insensitively: labels that start with it first, then
 * labels or names that hold it, then server names, URIs and descriptions that do; each group in
 * the servers' order.
 */
export function filterEntries(
  entries: readonly ComposerMcpEntry[],
  query: string,
  limit = MENU_MAX_ENTRIES,
): ComposerMcpEntry[] {
  const wanted = query.trim().toLocaleLowerCase()
  if (wanted === '') return entries.slice(0, limit)
  const ranked: Array<{ entry: ComposerMcpEntry; rank: number; order: number }> = []
  entries.forEach((entry, order) => {
    const label = entryLabel(entry).toLocaleLowerCase()
    const name = (
      entry.kind === 'resource'
        ? entry.resource.name
        : entry.kind === 'template'
          ? entry.template.name
          : entry.prompt.name
    ).toLocaleLowerCase()
    const rest = [entry.serverName, entryDetail(entry) ?? ''].join('\n').toLocaleLowerCase()
    const rank =
      label.startsWith(wanted) || name.startsWith(wanted)
        ? 0
        : label.includes(wanted) || name.includes(wanted)
          ? 1
          : rest.includes(wanted)
            ? 2
            : -1
    if (rank >= 0) ranked.push({ entry, rank, order })
  })
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order)
  return ranked.slice(0, limit).map(({ entry }) => entry)
}

/** What a key does while a menu is open (undefined: the textarea gets it as usual). */
export type MenuAction = 'next' | 'previous' | 'first' | 'last' | 'choose' | 'close'

export function menuAction(key: string, modifiers: { shift: boolean; composing: boolean }): MenuAction | undefined {
  if (modifiers.composing) return undefined
  switch (key) {
    case 'ArrowDown':
      return 'next'
    case 'ArrowUp':
      return 'previous'
    case 'PageUp':
      return 'first'
    case 'PageDown':
      return 'last'
    case 'Enter':
      return modifiers.shift ? undefined : 'choose'
    case 'Tab':
      return modifiers.shift ? undefined : 'choose'
    case 'Escape':
      return 'close'
    default:
      return undefined
  }
}

/** The active entry after a move (wrapping at both ends); -1 when there is none. */
export function moveActive(active: number, count: number, action: 'next' | 'previous' | 'first' | 'last'): number {
  if (count === 0) return -1
  switch (action) {
    case 'next':
      return active < 0 || active >= count - 1 ? 0 : active + 1
    case 'previous':
      return active <= 0 ? count - 1 : active - 1
    case 'first':
      return 0
    case 'last':
      return count - 1
  }
}

/** Servers the menus ask: enabled and running (the others have nothing to list now). */
export function askableServers(servers: readonly McpServerView[]): McpServerView[] {
  return servers.filter((server) => !server.config.disabled && server.status.state === 'ready')
}

/** A server's resources then its templates, as menu entries. */
export function resourceEntries(serverName: string, view: McpResourcesView): ComposerMcpEntry[] {
  const from = { serverId: view.serverId, serverName }
  return [
    ...view.resources.items.map(
      (resource, index): ComposerMcpEntry => ({
        ...from,
        kind: 'resource',
        key: `${view.serverId}-r${index}`,
        resource,
      }),
    ),
    ...view.templates.items.map(
      (template, index): ComposerMcpEntry => ({
        ...from,
        kind: 'template',
        key: `${view.serverId}-t${index}`,
        template,
      }),
    ),
  ]
}

export function promptEntries(
  serverId: string,
  serverName: string,
  prompts: readonly McpPromptView[],
): ComposerMcpEntry[] {
  return prompts.map((prompt, index) => ({
    serverId,
    serverName,
    kind: 'prompt',
    key: `${serverId}-p${index}`,
    prompt,
  }))
}

/** The arguments the user fills in before the entry can be used (none: it is used at once). */
export function entryArguments(
  entry: ComposerMcpEntry,
): Array<{ name: string; title?: string | undefined; description?: string | undefined; required: boolean }> {
  if (entry.kind === 'template') return entry.template.arguments.map((name) => ({ name, required: true }))
  if (entry.kind === 'prompt') return entry.prompt.arguments
  return []
}

/** The required arguments still empty (the form's button waits for them). */
export function missingRequired(entry: ComposerMcpEntry, values: Readonly<Record<string, string>>): string[] {
  return entryArguments(entry)
    .filter((argument) => argument.required && (values[argument.name] ?? '').trim() === '')
    .map((argument) => argument.name)
}
