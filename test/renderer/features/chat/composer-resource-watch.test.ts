// The draft's MCP resources watched while attached: subscribed when attached, their chips marked
// updated when the server says so, read again (chips replaced in place) before sending, and let go
// of when the last chip goes, once sent, or when the conversation changes (then read again before
// sending). The client is a double that answers as the core does.
import { describe, expect, it } from 'vitest'
import type { McpEvent } from '../../../../src/shared/ipc/app-contract'
import {
  ComposerResourceWatch,
  replaceFiles,
  type ResourceWatchClient,
  type WatchedResource,
} from '../../../../src/renderer/src/features/chat/composer-resource-watch'
import { pendingFromServer } from '../../../../src/renderer/src/features/chat/composer-mcp-attachments'
import type { PendingAttachment } from '../../../../src/renderer/src/features/chat/read-attachment'

const b64 = (text: string) => Buffer.from(text).toString('base64')

function world(options: { subscribe?: boolean; readFails?: boolean } = {}) {
  const calls: string[] = []
  let push: (event: McpEvent) => void = () => undefined
  let version = 1
  const client: ResourceWatchClient = {
    onMcpEvent: (listener) => {
      push = listener
      return () => {
        push = () => undefined
      }
    },
    'mcp.subscribeResource': async ({ serverId, uri }) => {
      calls.push(`subscribe ${uri}`)
      return options.subscribe === false
        ? {
            ok: false,
            error: { kind: 'validation', message: 'no', owner: 'provider', retryable: false },
          }
        : { ok: true, value: { serverId, uri, watching: true } }
    },
    'mcp.unsubscribeResource': async ({ uri }) => {
      calls.push(`unsubscribe ${uri}`)
      return { ok: true, value: { unsubscribed: true } }
    },
    'mcp.readResource': async (request) => {
      calls.push(`read ${request.uri} used=${request.used?.count}`)
      if (options.readFails)
        return { ok: false, error: { kind: 'busy', message: 'not running', owner: 'user', retryable: true } }
      return {
        ok: true,
        value: {
          uri: request.uri ?? '',
          attachments: [{ name: 'today.txt', mimeType: 'text/plain', dataBase64: b64(`version ${++version}`) }],
          omitted: [],
          dropped: 0,
        },
      }
    },
  }
  const seen: (readonly WatchedResource[])[] = []
  const watch = new ComposerResourceWatch(client, (list) => seen.push(list))
  const stop = watch.start()
  return { watch, calls, push: (event: McpEvent) => push(event), stop, seen }
}

const file = (text: string, name = 'today.txt') =>
  pendingFromServer({ name, mimeType: 'text/plain', dataBase64: b64(text) }, 'Notes')
const mine: PendingAttachment = { ...file('my own file', 'mine.txt'), source: undefined }
const updated = { type: 'resource-updated', serverId: 'notes', uri: 'notes://today' } as const

describe('the composer’s watched resources', () => {
  it('subscribes when attached, marks the chips updated when told, and reads it again in place before sending', async () => {
    const { watch, calls, push } = world()
    const today = file('version 1')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [today.key] })
    expect(calls).toEqual(['subscribe notes://today'])
    expect(watch.needsReading()).toBe(false)
    // Another server's or another URI's update changes nothing.
    push({ ...updated, serverId: 'other' })
    push({ ...updated, uri: 'notes://tomorrow' })
    expect(watch.updatedKeys()).toEqual(new Set())
    push(updated)
    expect(watch.updatedKeys()).toEqual(new Set([today.key]))
    const outcome = await watch.refresh([mine, today])
    if (!outcome.ok) throw new Error('refresh failed')
    // Read again within what the other files leave; the new chip where the old one was.
    expect(calls.at(-1)).toBe('read notes://today used=1')
    expect(outcome.files.map((f) => f.name)).toEqual(['mine.txt', 'today.txt'])
    expect(Buffer.from(outcome.files[1]!.dataBase64, 'base64').toString()).toBe('version 2')
    expect(watch.updatedKeys()).toEqual(new Set())
    expect(watch.needsReading()).toBe(false)
    // Still watched: the next change is told too, on the new chip.
    push(updated)
    expect(watch.updatedKeys()).toEqual(new Set([outcome.files[1]!.key]))
  })

  it('a re-read that fails keeps the old chip, stays updated and says which resource', async () => {
    const { watch, push } = world({ readFails: true })
    const today = file('version 1')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [today.key] })
    push(updated)
    const outcome = await watch.refresh([today])
    expect(outcome).toMatchObject({ ok: false, resource: { uri: 'notes://today' }, error: { kind: 'busy' } })
    expect(watch.updatedKeys()).toEqual(new Set([today.key]))
  })

  it('lets go when its last chip is removed, once sent, and when the composer goes', async () => {
    const { watch, calls, stop } = world()
    const [a, b] = [file('a', 'a.txt'), file('b', 'b.txt')]
    await watch.add({
      serverId: 'notes',
      serverName: 'Notes',
      uri: 'notes://two',
      name: undefined,
      keys: [a.key, b.key],
    })
    watch.removed(a.key)
    expect(calls).toEqual(['subscribe notes://two'])
    watch.removed(b.key)
    expect(calls).toEqual(['subscribe notes://two', 'unsubscribe notes://two'])
    const c = file('c')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [c.key] })
    watch.releaseAll()
    expect(calls.at(-1)).toBe('unsubscribe notes://today')
    expect(watch.resources).toEqual([])
    const d = file('d')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [d.key] })
    stop()
    expect(calls.filter((call) => call === 'unsubscribe notes://today')).toHaveLength(2)
  })

  it('a changed conversation: no longer watched, and read again before sending (not shown as updated)', async () => {
    const { watch, calls, push } = world()
    const today = file('version 1')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [today.key] })
    watch.detach()
    expect(calls.at(-1)).toBe('unsubscribe notes://today')
    expect(watch.needsReading()).toBe(true)
    push(updated)
    expect(watch.updatedKeys()).toEqual(new Set())
    const outcome = await watch.refresh([today])
    expect(outcome.ok).toBe(true)
    expect(calls.at(-1)).toBe('read notes://today used=0')
    watch.releaseAll()
    // Nothing was owed any more.
    expect(calls.filter((call) => call.startsWith('unsubscribe'))).toHaveLength(1)
  })

  it('a server without subscriptions: its resource is sent as it was read', async () => {
    const { watch, calls, push } = world({ subscribe: false })
    const today = file('version 1')
    await watch.add({ serverId: 'notes', serverName: 'Notes', uri: 'notes://today', name: 'today', keys: [today.key] })
    push(updated)
    watch.releaseAll()
    expect(calls).toEqual(['subscribe notes://today'])
  })

  it('replaceFiles puts the new chips where the first old one was', () => {
    const [x, y, z, n] = ['x', 'y', 'z', 'n'].map((name) => file(name, name)) as [
      PendingAttachment,
      PendingAttachment,
      PendingAttachment,
      PendingAttachment,
    ]
    expect(replaceFiles([x, y, z], [y.key], [n]).map((f) => f.name)).toEqual(['x', 'n', 'z'])
    expect(replaceFiles([x, y, z], [x.key, z.key], [n]).map((f) => f.name)).toEqual(['n', 'y'])
    expect(replaceFiles([x], ['gone'], [n]).map((f) => f.name)).toEqual(['x', 'n'])
  })
})
