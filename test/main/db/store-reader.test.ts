// KeelStore.openReader: a second, read-only connection on the same file. What the app reads from
// while an import's transaction is open on the store's own connection, so that a window sees the
// store as committed, never rows a failing import then takes back.
import { describe, expect, it } from 'vitest'
import { openKeelStore, type StoreReader, type StoreWriter } from '../../../src/main/db/keel-store'
import { useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('a store reader', () => {
  it('sees only what is committed on the store’s connection', () => {
    const { store } = open()
    store.conversations.createConversation({ id: 'before', title: 'Before' })
    const reader = store.openReader()
    expect(reader).toBeDefined()
    try {
      store.db.exec('BEGIN IMMEDIATE')
      store.conversations.createConversation({ id: 'inside', title: 'Inside the transaction' })
      expect(store.settings.set('language', 'pt-BR')).toEqual({ ok: true })
      expect(store.conversations.getConversation('inside')).toBeDefined()
      expect(reader!.conversations.getConversation('inside')).toBeUndefined()
      expect(reader!.conversations.listConversations().map((c) => c.id)).toEqual(['before'])
      expect(reader!.search.search('transaction', { limit: 10, offset: 0 }).results).toEqual([])
      expect(reader!.settings.get('language')).toMatchObject({ ok: true, value: 'system' })
      store.db.exec('COMMIT')
      expect(
        reader!.conversations
          .listConversations()
          .map((c) => c.id)
          .sort(),
      ).toEqual(['before', 'inside'])
      expect(
        reader!.search.search('transaction', { limit: 10, offset: 0 }).results.map((r) => r.conversationId),
      ).toEqual(['inside'])
      expect(reader!.settings.get('language')).toMatchObject({ ok: true, value: 'pt-BR' })
    } finally {
      reader?.close()
    }
  })

  it('writes nothing', () => {
    const { store } = open()
    const reader = store.openReader()!
    try {
      expect(reader.readOnly).toBe(true)
      // Typed out (tsc checks each line: a write method on a reader does not compile)…
      // @ts-expect-error a reader has no createConversation
      const create = () => reader.conversations.createConversation({ title: 'no' })
      // @ts-expect-error a reader has no settings.set
      void (() => reader.settings.set('language', 'en'))
      // @ts-expect-error a reader has no ledger.insertClaim
      void (() => reader.ledger.insertClaim)
      // @ts-expect-error a reader has no mcpPins.accept
      void (() => reader.mcpPins.accept)
      // @ts-expect-error a reader has no measurements.insert
      void (() => reader.measurements.insert)
      // @ts-expect-error a reader has no conversationSettings.update
      void (() => reader.conversationSettings.update)
      // @ts-expect-error a reader has no search.setPinned
      void (() => reader.search.setPinned)
      // @ts-expect-error a reader has no generations.start
      void (() => reader.generations.start)
      // @ts-expect-error a reader has no transaction
      void (() => reader.transaction)
      // @ts-expect-error a reader is no writer
      const asWriter: StoreWriter = reader
      void asWriter
      // …and refused by SQLite were it called anyway.
      expect(create).toThrow(/readonly/i)
      expect(store.conversations.listConversations()).toEqual([])
    } finally {
      reader.close()
    }
  })

  it('is made only by the store (a handle of the right shape is not one)', () => {
    const { store } = open()
    const { db, readOnly, path, isOpen, clock, conversations, search, generations, measurements, ledger, settings } =
      store
    const lookalike = { db, readOnly, path, isOpen, clock, conversations, search, generations, measurements, ledger }
    // @ts-expect-error the store's brand is missing: only openKeelStore and openReader build one
    const reader: StoreReader = {
      ...lookalike,
      settings,
      conversationSettings: store.conversationSettings,
      mcpPins: store.mcpPins,
      attachments: store.attachments,
      close: () => {},
    }
    void reader
    const writer: StoreReader = store // a writer reads too
    expect(writer.conversations.listConversations()).toEqual([])
  })

  it('closing it leaves the store open and working', () => {
    const { store } = open()
    const reader = store.openReader()!
    reader.close()
    reader.close() // twice is harmless
    expect(reader.db.open).toBe(false)
    store.conversations.createConversation({ id: 'after', title: 'After' })
    expect(store.conversations.getConversation('after')?.title).toBe('After')
  })

  it('does not exist for an in-memory store (no second connection can see it)', () => {
    const opened = openKeelStore(':memory:')
    if (!opened.ok) throw new Error(opened.error.message)
    try {
      expect(opened.store.openReader()).toBeUndefined()
    } finally {
      opened.store.close()
    }
  })

  it('cannot be opened once the store is closed', () => {
    const { store } = open()
    store.close()
    expect(store.openReader()).toBeUndefined()
  })
})
