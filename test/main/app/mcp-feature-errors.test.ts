// Every way `mcp.resources`, `mcp.readResource`, `mcp.prompts` and `mcp.getPrompt` can fail, through
// the whole core with real servers (the reference `everything` server, and a small one that fails
// `resources/read` one way per URI): each comes back as a typed error with its detail code, who
// must act and whether trying again can help (mcp-feature-failure.ts), worded in every language.
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appErrorText } from '../../../src/renderer/src/lib/app-error-text'
import { translator } from '../../../src/renderer/src/i18n/messages'
import type { AppError, AppErrorDetail } from '../../../src/shared/ipc/app-error'
import { LOCALES } from '../../../src/shared/locale'
import { referenceServer, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { type AppWorld, startAppWorld, type TestClient } from './app-helpers'
import { waitUntil as waitFor } from '../../support/wait-until'

const FAILURE_SERVER = resolve(__dirname, '../../support/mcp/feature-failure-server.mjs')

let world: AppWorld
let client: TestClient
const ids: Record<'everything' | 'failing' | 'off', string> = { everything: '', failing: '', off: '' }

/** Until `probe` is true (MCP servers start as child processes: up to 30 s). */
async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await waitFor(what, async () => ((await probe()) ? true : undefined), timeoutMs)
}

async function addStdio(name: string, args: string[], extra: { timeoutMs?: number; disabled?: boolean } = {}) {
  const saved = await client.value('mcp.save', { name, transport: 'stdio', command: process.execPath, args, ...extra })
  await client.value('mcp.consent', { serverId: saved.config.id, fingerprint: saved.fingerprint })
  if (!extra.disabled)
    await waitUntil(`${name} ready`, async () =>
      (await client.value('mcp.list', {})).some(
        (view) => view.config.id === saved.config.id && view.status.state === 'ready',
      ),
    )
  return saved.config.id
}

beforeAll(async () => {
  // A small message cap, so that a 2 MB answer is over it.
  world = await startAppWorld({ mcp: { connection: { ...TEST_OPTIONS, maxMessageBytes: 512 * 1024 } } })
  client = world.client('window')
  ids.everything = await addStdio('Everything', [referenceServer('everything')])
  ids.failing = await addStdio('Failing', [FAILURE_SERVER], { timeoutMs: 1_000 })
  ids.off = await addStdio('Off', [FAILURE_SERVER], { disabled: true })
}, 60_000)
afterAll(async () => {
  await world?.close()
})

async function failure(
  command: 'mcp.resources' | 'mcp.readResource' | 'mcp.prompts' | 'mcp.getPrompt',
  payload: object,
) {
  const result = await client.call(command, payload)
  if (result.ok) throw new Error(`${command} succeeded`)
  return result.error
}

/** The error's sentence in every language: each its own, none the English core message. */
function expectWorded(error: AppError): void {
  for (const locale of LOCALES) {
    const text = appErrorText(translator(locale), error)
    expect(text, locale).not.toContain(error.message)
    expect(text, locale).not.toMatch(/^error\.|[{}]/)
  }
}

const read = (serverId: string, uri: string) => failure('mcp.readResource', { serverId, uri })

describe('typed failures of a server’s resources and prompts', () => {
  it('not running: nothing is sent; the user acts, and trying again later can help', async () => {
    const error = await failure('mcp.resources', { serverId: ids.off })
    expect(error).toMatchObject({ kind: 'busy', owner: 'user', retryable: true, detail: { code: 'mcp-not-running' } })
    expectWorded(error)
  })

  it('a feature the server does not offer (its capabilities say so)', async () => {
    const error = await failure('mcp.prompts', { serverId: ids.failing })
    expect(error).toMatchObject({
      owner: 'provider',
      retryable: false,
      detail: { code: 'mcp-feature-unsupported', feature: 'prompts' },
    })
    expectWorded(error)
  })

  it('not found: a prompt the server does not list, a resource it says it does not have (-32002)', async () => {
    const prompt = await failure('mcp.getPrompt', { serverId: ids.everything, name: 'no-such-prompt' })
    expect(prompt).toMatchObject({ kind: 'not-found', retryable: false, detail: { code: 'mcp-item-not-found' } })
    const resource = await read(ids.failing, 'test://fail/missing')
    expect(resource).toMatchObject({ kind: 'not-found', detail: { code: 'mcp-item-not-found' } })
    expectWorded(resource)
  })

  it('invalid params: a required argument missing (nothing sent), or the server refusing them (-32602)', async () => {
    const missing = await failure('mcp.getPrompt', { serverId: ids.everything, name: 'args-prompt', arguments: {} })
    expect(missing).toMatchObject({
      kind: 'validation',
      owner: 'user',
      detail: { code: 'mcp-invalid-params', missing: ['city'] },
    })
    expect(appErrorText(translator('pt-BR'), missing)).toContain('city')
    const refused = await read(ids.failing, 'test://fail/invalid')
    expect(refused).toMatchObject({
      owner: 'user',
      retryable: false,
      detail: { code: 'mcp-invalid-params', missing: [] },
    })
    expectWorded(refused)
  })

  it('another error from the server: the server’s to fix, worth another try', async () => {
    const error = await read(ids.failing, 'test://fail/other')
    expect(error).toMatchObject({ owner: 'provider', retryable: true, detail: { code: 'mcp-server-failed' } })
    expect(error.message).toContain('Internal error')
    expectWorded(error)
  })

  it('timeout: no answer within the server’s timeout', async () => {
    const error = await read(ids.failing, 'test://fail/silent')
    expect(error).toMatchObject({ owner: 'provider', retryable: true, detail: { code: 'mcp-timeout' } })
    expectWorded(error)
  })

  it('too large: an answer over the message cap ends the connection and says so', async () => {
    const error = await read(ids.failing, 'test://fail/huge')
    expect(error).toMatchObject({ retryable: false, detail: { code: 'mcp-too-large' } })
    expectWorded(error)
    await waitUntil('restarted', async () =>
      (await client.value('mcp.list', {})).some(
        (view) => view.config.id === ids.failing && view.status.state === 'ready',
      ),
    )
  }, 30_000)

  it('transport lost: the server exits while Keel waits', async () => {
    const error = await read(ids.failing, 'test://fail/exit')
    expect(error).toMatchObject({ owner: 'system', retryable: true, detail: { code: 'mcp-connection-lost' } })
    expectWorded(error)
  })

  it('every code has its own sentence in each language', () => {
    const codes: AppErrorDetail[] = [
      { code: 'mcp-not-running' },
      { code: 'mcp-feature-unsupported', feature: 'resources' },
      { code: 'mcp-feature-unsupported', feature: 'prompts' },
      { code: 'mcp-feature-unsupported', feature: 'subscribe' },
      { code: 'mcp-item-not-found' },
      { code: 'mcp-invalid-params', missing: [] },
      { code: 'mcp-timeout' },
      { code: 'mcp-too-large' },
      { code: 'mcp-connection-lost' },
      { code: 'mcp-server-failed' },
    ]
    for (const locale of LOCALES) {
      const texts = codes.map((detail) => appErrorText(translator(locale), { message: 'x', detail }))
      expect(new Set(texts).size, locale).toBe(codes.length)
    }
  })
})
