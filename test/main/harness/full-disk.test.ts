// The disk fills up while an answer streams (a real tmpfs, filled mid-turn). No data is lost, the
// turn ends cleanly with Keel's own translated message and a typed cause, the CLI prints run-end,
// and the message ends in the right state (written as soon as space is freed; shown meanwhile).
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runChat } from '../../../src/cli/chat-command'
import { KeelAppService } from '../../../src/main/app/keel-app-service'
import { createMemoryKeyVault } from '../../../src/main/secrets/key-vault'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { fallbackMessage } from '../../../src/shared/fallback-messages'
import type { RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { simulatedEnv } from '../app/app-helpers'
import { mountSmallDisk, smallDiskUnavailable, type SmallDisk } from '../../support/small-disk'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'

const WORDS = Array.from({ length: 200 }, (_, i) => `word${i} `)

let server: SimulatedProvider
let disk: SmallDisk
beforeEach(async () => {
  if (smallDiskUnavailable) return
  server = await startSimulatedProvider()
  disk = mountSmallDisk(3)
})
afterEach(async () => {
  if (smallDiskUnavailable) return
  await server.close()
  disk.unmount()
})

function open(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

describe.skipIf(smallDiskUnavailable !== undefined)(
  `a disk that fills up mid-turn${smallDiskUnavailable ? ` (skipped: ${smallDiskUnavailable})` : ''}`,
  () => {
    it('the app (browser mode and the window): a typed, translated message, run-end, the end written once space is back', async () => {
      const store = open(join(disk.dir, 'keel.db'))
      const service = new KeelAppService({
        store,
        env: simulatedEnv(server),
        vault: createMemoryKeyVault(),
        retryPolicy: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      })
      try {
        const envelopes: RunEventEnvelope[] = []
        let filled = false
        service.connect('w', (envelope) => {
          envelopes.push(envelope)
          if (!filled && envelope.event.type === 'stream' && envelope.event.event.type === 'text-delta') {
            filled = true
            disk.fill()
          }
        })
        server.enqueue({ type: 'turn', text: WORDS, faults: { delayMs: 5 } })
        const started = await service.handle('turns.start', { text: 'Tell me a long story' }, { clientId: 'w' })
        expect(started.ok).toBe(true)
        await service.whenIdle()
        const events = envelopes.map((e) => e.event)
        const end = events.at(-1)
        expect(end).toMatchObject({ type: 'run-end', status: 'failed' })
        expect(events.filter((e) => e.type === 'notice')).toEqual([
          { type: 'notice', id: 'storage-full', text: fallbackMessage('en', 'storage-full') },
        ])
        const messageId = (end as { messageId: string }).messageId
        const conversationId = (end as { conversationId: string }).conversationId
        // On disk the end could not be written yet; the window is shown the real end meanwhile, never `streaming`.
        expect(store.conversations.getMessage(messageId)?.status).toBe('streaming')
        const view = await service.handle('conversations.open', { conversationId }, { clientId: 'w' })
        expect(view.ok && view.value.messages.find((m) => m.id === messageId)).toMatchObject({
          status: 'failed',
          error: { kind: 'storage-full' },
        })
        // A new turn while the disk is still full is refused with a typed detail, and nothing is lost.
        const refused = await service.handle('turns.start', { text: 'Again', conversationId }, { clientId: 'w' })
        expect(refused).toMatchObject({ ok: false, error: { kind: 'storage', detail: { code: 'disk-full' } } })
        // Space is back: the end is written (on the retry timer), with every word that was shown.
        disk.free()
        await expect.poll(() => store.conversations.getMessage(messageId)?.status, { timeout: 10_000 }).toBe('failed')
        const stored = store.conversations.getMessage(messageId)!
        const shown = events
          .flatMap((e) => (e.type === 'stream' && e.event.type === 'text-delta' ? [e.event.delta] : []))
          .join('')
        expect(stored.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')).toBe(shown)
        expect(stored.error).toMatchObject({ kind: 'storage-full' })
      } finally {
        await service.close()
        store.close()
      }
    })

    it('keel chat: the message in the chosen language, run-end printed, exit 1, no internal error; the next start settles the message', async () => {
      const db = join(disk.dir, 'cli.db')
      const stdout = new PassThrough()
      const stderr = new PassThrough()
      let out = ''
      let err = ''
      let filled = false
      stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
        // After some text was already written (the writer flushes at least every 200 ms).
        if (!filled && out.split('"text-delta"').length > 60) {
          filled = true
          disk.fill()
        }
      })
      stderr.on('data', (d: Buffer) => (err += d.toString('utf8')))
      server.enqueue({ type: 'turn', text: WORDS, faults: { delayMs: 5 } })
      const code = await runChat(
        ['--provider', 'anthropic', '--db', db, '--json', '--lang', 'pt-BR', 'Conte uma história longa'],
        {
          stdin: process.stdin,
          stdout,
          stderr,
          env: simulatedEnv(server) as Record<string, string | undefined>,
          onInterrupt: () => {},
        },
      )
      expect(code).toBe(1)
      const events = out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; id?: string; text?: string; status?: string })
      expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'failed' })
      expect(events.find((e) => e.type === 'notice')).toMatchObject({
        id: 'storage-full',
        text: fallbackMessage('pt-BR', 'storage-full'),
      })
      expect(err).not.toMatch(/internal error/)
      disk.free()
      const store = open(db)
      try {
        const [conversation] = store.conversations.listConversations()
        const assistant = store.conversations.getMessages(conversation!.id).find((m) => m.role === 'assistant')!
        // Nothing that was saved before the disk filled is lost; the next start settles the message.
        expect(assistant).toMatchObject({ status: 'interrupted', interruptReason: 'app-crash' })
        expect(assistant.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')).toMatch(/^word0 word1 /)
      } finally {
        store.close()
      }
    })
  },
)
