// The composer's `@`/`/` menus as data: when one opens, what it lists for what was typed, where the
// arrows go, what Enter and Escape do, which servers are asked, what the argument form waits for.
import { describe, expect, it } from 'vitest'
import {
  askableServers,
  entryArguments,
  filterEntries,
  menuAction,
  menuTrigger,
  missingRequired,
  moveActive,
  promptEntries,
  resourceEntries,
  withoutTrigger,
  type ComposerMcpEntry,
} from '../../../../src/renderer/src/features/chat/composer-mcp-menu'
import {
  budgetUsed,
  decodedSize,
  omittedLines,
  pendingFromServer,
} from '../../../../src/renderer/src/features/chat/composer-mcp-attachments'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { server } from '../../mcp-fixtures'

const everything = resourceEntries('everything', {
  serverId: 'everything',
  subscribe: true,
  resources: {
    dropped: 0,
    items: [
      { uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md' },
      { uri: 'demo://resource/static/document/instructions.md', name: 'instructions.md', title: 'Instructions' },
    ],
  },
  templates: {
    dropped: 0,
    items: [
      {
        uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
        name: 'Dynamic Text Resource',
        arguments: ['resourceId'],
      },
    ],
  },
})
const notes = resourceEntries('Notes', {
  serverId: 'notes',
  subscribe: false,
  resources: { dropped: 0, items: [{ uri: 'test://notes/report-on-instructions.pdf', name: 'report.pdf' }] },
  templates: { dropped: 0, items: [] },
})
const all = [...everything, ...notes]
const labels = (entries: ComposerMcpEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'resource'
      ? entry.resource.name
      : entry.kind === 'template'
        ? entry.template.name
        : entry.prompt.name,
  )

describe('menuTrigger', () => {
  it('opens the resources menu on an @ where a word starts, with what follows as the filter', () => {
    expect(menuTrigger('@', 1)).toEqual({ kind: 'resources', query: '', start: 0, end: 1 })
    expect(menuTrigger('read @inst', 10)).toEqual({ kind: 'resources', query: 'inst', start: 5, end: 10 })
    expect(menuTrigger('line\n@a', 7)).toEqual({ kind: 'resources', query: 'a', start: 5, end: 7 })
    // The caret decides: text after it does not count.
    expect(menuTrigger('see @ins later', 8)).toEqual({ kind: 'resources', query: 'ins', start: 4, end: 8 })
  })

  it('does not open inside a word (an e-mail address) or once a space ends it', () => {
    expect(menuTrigger('me@example.com', 14)).toBeUndefined()
    expect(menuTrigger('@inst now', 9)).toBeUndefined()
    expect(menuTrigger('plain text', 10)).toBeUndefined()
  })

  it('opens the prompts menu only for / as the message’s first word', () => {
    expect(menuTrigger('/', 1)).toEqual({ kind: 'prompts', query: '', start: 0, end: 1 })
    expect(menuTrigger('/summ', 5)).toEqual({ kind: 'prompts', query: 'summ', start: 0, end: 5 })
    expect(menuTrigger('a /summ', 7)).toBeUndefined()
    expect(menuTrigger('/summ more', 10)).toBeUndefined()
    expect(menuTrigger(' /x', 3)).toBeUndefined()
  })

  it('takes the trigger out of the text, the caret where it was', () => {
    const text = 'read @inst please'
    const trigger = menuTrigger(text, 10)!
    expect(withoutTrigger(text, trigger)).toEqual({ text: 'read  please', caret: 5 })
    expect(withoutTrigger('/args', menuTrigger('/args', 5)!)).toEqual({ text: '', caret: 0 })
  })
})

describe('filterEntries', () => {
  it('lists everything in the servers’ order when nothing is typed, up to the limit', () => {
    expect(labels(filterEntries(all, ''))).toEqual([
      'architecture.md',
      'instructions.md',
      'Dynamic Text Resource',
      'report.pdf',
    ])
    expect(filterEntries(all, '', 2)).toHaveLength(2)
  })

  it('puts names that start with the text first, then names that hold it, then server names and URIs', () => {
    expect(labels(filterEntries(all, 'INST'))).toEqual(['instructions.md', 'report.pdf'])
    expect(labels(filterEntries(all, 'text'))).toEqual(['Dynamic Text Resource'])
    expect(labels(filterEntries(all, 'notes'))).toEqual(['report.pdf'])
    expect(labels(filterEntries(all, 'md'))).toEqual(['architecture.md', 'instructions.md'])
    expect(filterEntries(all, 'nothing-like-it')).toEqual([])
  })

  it('matches a prompt by its title or name', () => {
    const prompts = promptEntries('everything', 'everything', [
      { name: 'completable-prompt', title: 'Team Management', arguments: [] },
      { name: 'args-prompt', title: 'Arguments Prompt', arguments: [{ name: 'city', required: true }] },
    ])
    expect(labels(filterEntries(prompts, 'team'))).toEqual(['completable-prompt'])
    expect(labels(filterEntries(prompts, 'args'))).toEqual(['args-prompt'])
    expect(labels(filterEntries(prompts, 'prompt'))).toEqual(['completable-prompt', 'args-prompt'])
  })
})

describe('keys', () => {
  it('arrows move and wrap, Page keys go to the ends, Enter/Tab choose, Escape closes; the rest is typing', () => {
    const plain = { shift: false, composing: false }
    expect(
      ['ArrowDown', 'ArrowUp', 'PageUp', 'PageDown', 'Enter', 'Tab', 'Escape'].map((key) => menuAction(key, plain)),
    ).toEqual(['next', 'previous', 'first', 'last', 'choose', 'choose', 'close'])
    expect(menuAction('Enter', { shift: true, composing: false })).toBeUndefined()
    expect(menuAction('Enter', { shift: false, composing: true })).toBeUndefined()
    expect(menuAction('a', plain)).toBeUndefined()
    expect(moveActive(0, 3, 'next')).toBe(1)
    expect(moveActive(2, 3, 'next')).toBe(0)
    expect(moveActive(0, 3, 'previous')).toBe(2)
    expect(moveActive(1, 3, 'first')).toBe(0)
    expect(moveActive(0, 3, 'last')).toBe(2)
    expect(moveActive(0, 0, 'next')).toBe(-1)
  })
})

describe('servers and arguments', () => {
  it('asks only enabled, running servers', () => {
    const ready = server({}, { id: 'a', name: 'A' })
    const stopped = server({ status: { state: 'stopped' } }, { id: 'b', name: 'B' })
    const off = server({}, { id: 'c', name: 'C', disabled: true })
    expect(askableServers([ready, stopped, off]).map((view) => view.config.id)).toEqual(['a'])
  })

  it('a template’s variables are all required; a prompt’s say so themselves; a resource has none', () => {
    const template = everything.find((entry) => entry.kind === 'template')!
    expect(entryArguments(template)).toEqual([{ name: 'resourceId', required: true }])
    expect(entryArguments(everything[0]!)).toEqual([])
    const [prompt] = promptEntries('s', 'S', [
      {
        name: 'p',
        arguments: [
          { name: 'city', required: true },
          { name: 'state', required: false },
        ],
      },
    ])
    expect(missingRequired(prompt!, {})).toEqual(['city'])
    expect(missingRequired(prompt!, { city: '  ' })).toEqual(['city'])
    expect(missingRequired(prompt!, { city: 'Lisbon' })).toEqual([])
  })

  it('a server’s file becomes a chip with the server’s name, counted in the message’s budget', () => {
    const text = pendingFromServer({ name: 'a.md', mimeType: 'text/markdown', dataBase64: 'aGVsbG8=' }, 'everything')
    expect(text).toMatchObject({ name: 'a.md', size: 5, source: 'everything', previewUrl: undefined })
    const image = pendingFromServer({ name: 'p.png', mimeType: 'image/png', dataBase64: 'iVBORw==' }, 'S')
    expect(image.previewUrl).toBe('data:image/png;base64,iVBORw==')
    expect(image.key).not.toBe(text.key)
    expect(decodedSize('')).toBe(0)
    expect(decodedSize('aGk=')).toBe(2)
    expect(budgetUsed([text, image])).toEqual({ count: 2, bytes: 9 })
  })

  it('a resource not sent is named in the message, in the user’s language, with why', () => {
    const pdf = {
      name: 'report.pdf',
      uri: 'test://notes/report.pdf',
      mimeType: 'application/pdf',
      size: 9,
      reason: 'binary' as const,
    }
    expect(omittedLines(translator('en'), 'Notes', [pdf])).toEqual([
      '[Resource “report.pdf” from Notes was not attached: Keel cannot send this type of file to the model.]',
    ])
    expect(omittedLines(translator('es'), 'Notes', [{ ...pdf, reason: 'over-budget' }])).toEqual([
      '[El recurso «report.pdf» de Notes no se adjuntó: el mensaje ya lleva todos los archivos que puede.]',
    ])
  })
})
