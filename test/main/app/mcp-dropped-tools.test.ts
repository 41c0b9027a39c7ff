// A tool a 2026-07-28 server declares with a malformed x-mcp-header is left out (the spec says a
// client on HTTP must drop it): the user is told which and why, through the whole core over real
// loopback HTTP (test/support/mcp/modern-http-server.mjs), in the server's settings in every
// language (typed, not a sentence from the core) and in `keel mcp list`.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { runMcp } from '../../../src/cli/mcp-command'
import { McpServerItem } from '../../../src/renderer/src/features/mcp/mcp-server-item'
import { translator } from '../../../src/renderer/src/i18n/messages'
import type { KeelApi } from '../../../src/shared/ipc/app-contract'
import type { McpServerView } from '../../../src/shared/mcp'
import { type ModernHttpServer, startModernHttpServer } from '../../support/mcp/modern-http-server.mjs'
import { TEST_OPTIONS, tempDir } from '../../support/mcp/mcp-test-servers'
import { waitUntil } from '../../support/wait-until'
import { type AppWorld, startAppWorld } from './app-helpers'

let world: AppWorld | undefined
let server: ModernHttpServer | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
  await server?.close()
  server = undefined
})

const render = (view: McpServerView, locale: 'en' | 'pt-BR' | 'es') =>
  renderToStaticMarkup(
    createElement(McpServerItem, {
      view,
      api: {} as KeelApi,
      t: translator(locale),
      now: 0,
      consentShown: false,
      onView: () => undefined,
      onRemoved: () => undefined,
    }),
  )

describe('tools left out over a malformed x-mcp-header', () => {
  it('are named with why in the server’s view and its settings, in every language', async () => {
    server = await startModernHttpServer()
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const saved = await client.value('mcp.save', { name: 'Modern', transport: 'http', url: server.url })
    await client.value('mcp.consent', { serverId: saved.config.id, fingerprint: saved.fingerprint })
    const view = await waitUntil('listed', async () => {
      const found = (await client.value('mcp.list', {})).find((v: McpServerView) => v.config.id === saved.config.id)
      return found?.status.state === 'ready' && found.tools.length > 0 ? found : undefined
    })
    expect(view.tools.map((tool: { name: string }) => tool.name)).not.toContain('bad_header')
    expect(view.droppedTools).toEqual([{ name: 'bad_header', fault: { code: 'not-mirrorable', path: 'filter' } }])

    const en = render(view, 'en')
    expect(en).toContain('1 tool of this server was left out')
    expect(en).toContain(
      'bad_header: its x-mcp-header declaration (at filter) is on an argument that is not text, a whole number or true/false.',
    )
    expect(render(view, 'pt-BR')).toContain('1 ferramenta deste servidor ficou de fora')
    expect(render(view, 'pt-BR')).toContain('bad_header: a declaração x-mcp-header (em filter)')
    expect(render(view, 'es')).toContain('1 herramienta de este servidor quedó fuera')
    expect(render(view, 'es')).toContain('bad_header: su declaración x-mcp-header (en filter)')
  }, 60_000)

  it('are listed by `keel mcp list` with the reason', async () => {
    server = await startModernHttpServer()
    const dir = tempDir()
    try {
      const config = join(dir.path, 'mcp.json')
      writeFileSync(config, JSON.stringify({ mcpServers: { modern: { type: 'http', url: server.url } } }))
      let out = ''
      let err = ''
      const sink = (append: (text: string) => void) =>
        new Writable({
          write(chunk, _encoding, done) {
            append(String(chunk))
            done()
          },
        })
      const io = {
        stdout: sink((text) => (out += text)),
        stderr: sink((text) => (err += text)),
        env: { SHELL: '' },
        startTimeoutMs: 15_000,
      }
      const code = await runMcp(['list', '--db', join(dir.path, 'keel.db'), '--mcp-config', config], io)
      expect(code, err).toBe(0)
      expect(out).toContain(
        '  bad_header  left out: filter: x-mcp-header is only allowed on string, integer or boolean properties\n',
      )
      expect(err).toContain('tool bad_header left out')
    } finally {
      dir.remove()
    }
  }, 60_000)
})
