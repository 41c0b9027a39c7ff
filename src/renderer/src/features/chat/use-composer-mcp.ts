// The composer's `@` and `/` menus at work: opens one from what is typed before the caret, loads
// what enabled, running servers offer, moves with the keys, and uses the chosen entry — a resource
// becomes files on the message (chips with the server's name, removable), a prompt's messages
// become text in the composer the user reads and edits before sending (never sent on their own).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import type { Attachments } from './attachment-picker'
import type { PendingAttachment } from './read-attachment'
import { budgetUsed, omittedLines, pendingFromServer } from './composer-mcp-attachments'
import type { ComposerMcpClient } from './composer-mcp-client'
import { useResourceWatch } from './use-resource-watch'
import {
  askableServers,
  entryArguments,
  entryLabel,
  filterEntries,
  menuAction,
  menuTrigger,
  moveActive,
  promptEntries,
  resourceEntries,
  withoutTrigger,
  type ComposerMcpEntry,
  type MenuTrigger,
} from './composer-mcp-menu'

type Kind = MenuTrigger['kind']
type Catalog = { state: 'loading' } | { state: 'ready'; entries: ComposerMcpEntry[] }

/** An entry whose arguments the user is filling in, and where its text goes. */
export interface PendingEntry {
  entry: ComposerMcpEntry
  insertAt: number
}

export type ComposerMcpStatus = { kind: 'busy' | 'done'; text: string } | { kind: 'error'; text: string }

async function loadCatalog(client: ComposerMcpClient, kind: Kind): Promise<ComposerMcpEntry[]> {
  const listed = await client['mcp.list']({})
  if (!listed.ok) return []
  const lists = await Promise.all(
    askableServers(listed.value).map(async (server): Promise<ComposerMcpEntry[]> => {
      const { id: serverId, name } = server.config
      // A server that offers no resources (or prompts) answers with an error: it has nothing to list.
      if (kind === 'resources') {
        const view = await client['mcp.resources']({ serverId })
        return view.ok ? resourceEntries(name, view.value) : []
      }
      const prompts = await client['mcp.prompts']({ serverId })
      return prompts.ok ? promptEntries(serverId, name, prompts.value.prompts.items) : []
    }),
  )
  return lists.flat()
}

export function useComposerMcp({
  client,
  t,
  text,
  setText,
  attachments,
  textarea,
}: {
  client: ComposerMcpClient | undefined
  t: Translate
  text: string
  setText: (update: (current: string) => string) => void
  attachments: Attachments
  textarea: RefObject<HTMLTextAreaElement | null>
}) {
  const [trigger, setTrigger] = useState<MenuTrigger | undefined>(undefined)
  // Escape closes the menu until another `@` or `/` opens one.
  const [dismissed, setDismissed] = useState<number | undefined>(undefined)
  const [catalog, setCatalog] = useState<Partial<Record<Kind, Catalog>>>({})
  const [active, setActive] = useState(0)
  const [pending, setPending] = useState<PendingEntry | undefined>(undefined)
  const [status, setStatus] = useState<ComposerMcpStatus | undefined>(undefined)
  const loads = useRef(0)
  const watch = useResourceWatch(client)

  const open = client !== undefined && trigger !== undefined && dismissed !== trigger.start && pending === undefined
  const kind = trigger?.kind
  const listed = kind ? catalog[kind] : undefined
  const entries = open && listed?.state === 'ready' ? filterEntries(listed.entries, trigger?.query ?? '') : []

  // Each time a menu opens, what the servers offer now (servers start, stop and change).
  const openKind = open ? kind : undefined
  useEffect(() => {
    if (!client || openKind === undefined) return
    const load = ++loads.current
    // What was listed last stays shown (and choosable) while it is asked again.
    setCatalog((current) => (current[openKind] ? current : { ...current, [openKind]: { state: 'loading' } }))
    void loadCatalog(client, openKind).then((found) => {
      if (load === loads.current)
        setCatalog((current) => ({ ...current, [openKind]: { state: 'ready', entries: found } }))
    })
  }, [client, openKind])

  /** After a change or a caret move: the menu the text before the caret opens. */
  const follow = useCallback((value: string, caret: number) => {
    const next = menuTrigger(value, caret)
    if (next === undefined) setDismissed(undefined)
    setTrigger((current) => {
      if (current?.query !== next?.query || current?.start !== next?.start) setActive(0)
      return next
    })
  }, [])

  const focusAt = useCallback(
    (caret: number) => {
      requestAnimationFrame(() => {
        const box = textarea.current
        if (!box) return
        box.focus()
        box.setSelectionRange(caret, caret)
      })
    },
    [textarea],
  )

  const use = useCallback(
    async (entry: ComposerMcpEntry, values: Record<string, string>, insertAt: number) => {
      if (!client) return
      const server = entry.serverName
      setStatus({ kind: 'busy', text: t('composerMcp.asking', { server }) })
      const used = budgetUsed(attachments.files)
      // Empty optional values are left out (a server may read "" as a value).
      const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
      const answer =
        entry.kind === 'prompt'
          ? await client['mcp.getPrompt']({ serverId: entry.serverId, name: entry.prompt.name, arguments: given, used })
          : await client['mcp.readResource'](
              entry.kind === 'resource'
                ? { serverId: entry.serverId, uri: entry.resource.uri, name: entry.resource.name, used }
                : { serverId: entry.serverId, uriTemplate: entry.template.uriTemplate, arguments: given, used },
            )
      if (!answer.ok) {
        setStatus({ kind: 'error', text: t('composerMcp.failed', { server, message: appErrorText(t, answer.error) }) })
        return
      }
      const files = answer.value.attachments.map((file) => pendingFromServer(file, server))
      attachments.addReady(files)
      // A resource is watched while it is attached: read again before sending if it changes.
      if (entry.kind !== 'prompt' && 'uri' in answer.value)
        void watch.add({
          serverId: entry.serverId,
          serverName: server,
          uri: answer.value.uri,
          name: entry.kind === 'resource' ? entry.resource.name : undefined,
          keys: files.map((file) => file.key),
        })
      const named = omittedLines(t, server, answer.value.omitted)
      if ('text' in answer.value) {
        const inserted = answer.value.text
        setText((current) => current.slice(0, insertAt) + inserted + current.slice(insertAt))
        setStatus({ kind: 'done', text: t('composerMcp.inserted') })
        focusAt(insertAt + inserted.length)
      } else {
        if (named.length > 0) setText((current) => [current.trimEnd(), ...named].filter(Boolean).join('\n'))
        setStatus({ kind: 'done', text: t('composerMcp.attached', { name: entryLabel(entry), server }) })
        focusAt(insertAt)
      }
    },
    [client, t, attachments, setText, focusAt, watch],
  )

  /**
   * Before sending: every attached resource that changed (or is no longer watched) read again, its
   * chips replaced. The files to send, or undefined (the reason is in the status; nothing is sent).
   */
  const prepareSend = useCallback(
    async (files: readonly PendingAttachment[]): Promise<PendingAttachment[] | undefined> => {
      if (!watch.needsReading()) return [...files]
      setStatus({ kind: 'busy', text: t('composerMcp.rereading') })
      const outcome = await watch.refresh(files)
      if (!outcome.ok) {
        const { resource, error } = outcome
        setStatus({
          kind: 'error',
          text: t('composerMcp.rereadFailed', {
            name: resource.name ?? resource.uri,
            server: resource.serverName,
            message: appErrorText(t, error),
          }),
        })
        return undefined
      }
      attachments.restore(outcome.files)
      setStatus(undefined)
      return outcome.files
    },
    [watch, t, attachments],
  )

  const choose = useCallback(
    (entry: ComposerMcpEntry) => {
      if (!trigger) return
      const removed = withoutTrigger(text, trigger)
      setText(() => removed.text)
      setTrigger(undefined)
      if (entryArguments(entry).length > 0) setPending({ entry, insertAt: removed.caret })
      else {
        void use(entry, {}, removed.caret)
        focusAt(removed.caret)
      }
    },
    [trigger, text, setText, use, focusAt],
  )

  /** The textarea's keys while a menu is open; true when the menu took the key. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || !trigger) return false
    const action = menuAction(event.key, { shift: event.shiftKey, composing: event.nativeEvent.isComposing })
    if (action === undefined) return false
    if (action === 'choose') {
      const entry = entries[active]
      // Still loading: Enter waits (it must not send "/summ" as a message). Nothing matched: as usual.
      if (!entry && listed?.state !== 'ready') {
        event.preventDefault()
        return true
      }
      if (!entry) return false
      event.preventDefault()
      choose(entry)
      return true
    }
    event.preventDefault()
    if (action === 'close') setDismissed(trigger.start)
    else setActive((current) => moveActive(current, entries.length, action))
    return true
  }

  return {
    enabled: client !== undefined,
    open,
    kind,
    loading: open && listed?.state !== 'ready',
    entries,
    active: entries.length === 0 ? -1 : Math.min(active, entries.length - 1),
    setActive,
    choose,
    follow,
    onKeyDown,
    pending,
    /** The argument form's answer: use the entry with these values, or (undefined) give up. */
    finish: (values: Record<string, string> | undefined) => {
      const chosen = pending
      setPending(undefined)
      if (!chosen) return
      if (values) void use(chosen.entry, values, chosen.insertAt)
      else focusAt(chosen.insertAt)
    },
    status,
    client,
    prepareSend,
    /** The chips whose resource changed since it was read (shown as "updated"). */
    updatedKeys: watch.updatedKeys,
    /** A chip was removed (its resource is let go once none of its chips is left). */
    removed: watch.removed,
    /** The message was sent: every attached resource is let go. */
    sent: watch.releaseAll,
    /** The conversation changed: nothing stays watched (what is attached is read again before sending). */
    detach: watch.detach,
  }
}

export type ComposerMcp = ReturnType<typeof useComposerMcp>
