// One conversation as Markdown, for reading or sharing: the title, who wrote what (and with which
// model), the reasoning folded in a <details>, tool calls (and the provider's own searches) as one
// line each, the sources an answer cites numbered under it. Words are in the
// window's language; nothing here is read back (import takes the JSON export).
import type { Locale } from '../../shared/locale'
import type { Generation, Message } from '../../shared/conversation'
import type { ConversationSettings } from '../../shared/conversation-settings'
import type { HostedCall } from '../../shared/hosted-tools'
import { cardStateOf, storedOutcomeOf } from '../../shared/tool-card'
import { citationsOf, numberedSources } from '../../shared/web-sources'

interface MarkdownWords {
  you: string
  assistant: string
  exported: (date: string) => string
  model: string
  systemPrompt: string
  reasoning: string
  tool: string
  interrupted: string
  failed: string
  untitled: string
  searched: string
  read: string
  sources: string
}

const WORDS: Readonly<Record<Locale, MarkdownWords>> = {
  en: {
    you: 'You',
    assistant: 'Assistant',
    exported: (date) => `Exported from Keel on ${date}`,
    model: 'Model',
    systemPrompt: 'System prompt',
    reasoning: 'Reasoning',
    tool: 'Tool',
    interrupted: 'This answer was interrupted.',
    failed: 'This answer failed.',
    untitled: 'Conversation',
    searched: 'Searched',
    read: 'Read',
    sources: 'Sources',
  },
  'pt-BR': {
    you: 'Você',
    assistant: 'Assistente',
    exported: (date) => `Exportado do Keel em ${date}`,
    model: 'Modelo',
    systemPrompt: 'Prompt de sistema',
    reasoning: 'Raciocínio',
    tool: 'Ferramenta',
    interrupted: 'Esta resposta foi interrompida.',
    failed: 'Esta resposta falhou.',
    untitled: 'Conversa',
    searched: 'Pesquisou',
    read: 'Leu',
    sources: 'Fontes',
  },
  es: {
    you: 'Tú',
    assistant: 'Asistente',
    exported: (date) => `Exportado de Keel el ${date}`,
    model: 'Modelo',
    systemPrompt: 'Prompt del sistema',
    reasoning: 'Razonamiento',
    tool: 'Herramienta',
    interrupted: 'Esta respuesta se interrumpió.',
    failed: 'Esta respuesta falló.',
    untitled: 'Conversación',
    searched: 'Buscó',
    read: 'Leyó',
    sources: 'Fuentes',
  },
}

export interface MarkdownInput {
  conversation: { title: string }
  messages: readonly Message[]
  /** Model calls per turn: the model that wrote each answer (its last call). */
  generationsByTurn: ReadonlyMap<string, readonly Generation[]>
  settings: ConversationSettings
  locale: Locale
  exportedAt: number
}

export function conversationMarkdown(input: MarkdownInput): string {
  const words = WORDS[input.locale]
  const lines: string[] = [
    `# ${oneLine(input.conversation.title) || words.untitled}`,
    '',
    `_${words.exported(new Date(input.exportedAt).toISOString().slice(0, 10))}_`,
    '',
  ]
  if (input.settings.system)
    lines.push(`> **${words.systemPrompt}:** ${input.settings.system.split('\n').join('\n> ')}`, '')
  for (const message of input.messages) {
    if (message.role === 'system') continue
    const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
    if (message.role === 'user') {
      lines.push(`## ${words.you}`, '', text, '')
      continue
    }
    const model = modelOf(message, input.generationsByTurn)
    lines.push(`## ${words.assistant}${model ? ` · ${model}` : ''}`, '')
    const reasoning = message.parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join('')
    if (reasoning.trim())
      lines.push('<details>', `<summary>${words.reasoning}</summary>`, '', reasoning, '', '</details>', '')
    for (const part of message.parts) {
      if (part.type !== 'tool-call') continue
      const result = message.parts.find((r) => r.type === 'tool-result' && r.callId === part.callId)
      const state = result?.type === 'tool-result' ? cardStateOf(storedOutcomeOf(result)) : 'not-run'
      lines.push(`- ${words.tool}: \`${part.toolName}\` ${inlineCode(part.argumentsText || '{}')} — ${state}`)
    }
    for (const part of message.parts) if (part.type === 'hosted-call') lines.push(hostedCallLine(part.call, words))
    if (message.parts.some((p) => p.type === 'tool-call' || p.type === 'hosted-call')) lines.push('')
    if (text) lines.push(text, '')
    const sources = numberedSources(citationsOf(message.parts))
    if (sources.length > 0) {
      lines.push(`**${words.sources}**`, '')
      for (const source of sources) {
        lines.push(
          `${source.number}. [${linkText(source.title ?? (source.site || source.url))}](<${linkUrl(source.url)}>)${source.title && source.site ? ` — ${source.site}` : ''}`,
        )
        for (const quote of source.quotes) lines.push(`   > ${oneLine(quote)}`)
      }
      lines.push('')
    }
    if (message.status === 'interrupted') lines.push(`_${words.interrupted}_`, '')
    if (message.status === 'failed') lines.push(`_${words.failed}_`, '')
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`
}

/** "provider / model" of the last model call that wrote this answer. */
function modelOf(message: Message, generationsByTurn: ReadonlyMap<string, readonly Generation[]>): string | undefined {
  const last = message.turnId ? generationsByTurn.get(message.turnId)?.at(-1) : undefined
  return last ? `${last.model}` : undefined
}

/** A hosted call as one line: what it searched or read, and how it ended. */
function hostedCallLine(call: HostedCall, words: MarkdownWords): string {
  const what =
    call.kind === 'search'
      ? `${words.searched}: ${call.queries.map(inlineCode).join(', ')}`
      : call.kind === 'fetch' && call.url
        ? `${words.read}: <${linkUrl(call.url)}>`
        : `${words.tool}: \`${call.toolName}\``
  return `- ${what} — ${call.status}${call.errorCode ? ` (${call.errorCode})` : ''}`
}

/** Link text that cannot close the link early. */
function linkText(text: string): string {
  return oneLine(text).replace(/[[\]\\]/g, '\\$&')
}

/** A URL safe inside `<…>` (no space, no angle bracket). */
function linkUrl(url: string): string {
  return url.replace(/[\s<>]/g, (c) => encodeURIComponent(c))
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Inline code that survives backticks in the text (a longer fence than any run inside). */
function inlineCode(text: string): string {
  const flat = oneLine(text)
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${longest > 0 ? ' ' : ''}${flat}${longest > 0 ? ' ' : ''}${fence}`
}
