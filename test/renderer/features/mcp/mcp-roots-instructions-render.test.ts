// A server's roots and instructions in its settings, rendered to markup (no DOM): the instructions
// are the server's text (hidden characters shown, HTML shown as text), off by default, with a
// warning when they changed since they were turned on; roots are listed, none by default; every
// language has the words.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { KeelApi } from '../../../../src/shared/ipc/app-contract'
import { LOCALES } from '../../../../src/shared/locale'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { McpServerItem } from '../../../../src/renderer/src/features/mcp/mcp-server-item'
import { HASH_A, server } from '../../mcp-fixtures'

const api = {} as KeelApi
const noop = () => undefined
const item = (view: ReturnType<typeof server>, locale: (typeof LOCALES)[number] = 'en') =>
  renderToStaticMarkup(
    createElement(McpServerItem, {
      view,
      api,
      t: translator(locale),
      now: 0,
      consentShown: false,
      onView: noop,
      onRemoved: noop,
    }),
  )

describe('instructions in a server’s settings', () => {
  it('show the server’s text with hidden characters visible and markup as text; the switch is off by default', () => {
    const html = item(
      server({
        instructions: { text: 'Use read_file first.\u202E <b>bold</b>', hash: HASH_A, send: 'off' },
      }),
    )
    expect(html).toContain('Instructions from this server')
    expect(html).toContain('[U+202E]')
    expect(html).not.toContain('\u202E')
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;')
    expect(html).toMatch(/<input type="checkbox" role="switch" aria-describedby="[^"]+"\/> Send these instructions/)
    expect(html).not.toContain('changed its instructions')
  })

  it('on: the switch is on; changed: off, with why', () => {
    expect(item(server({ instructions: { text: 'x', hash: HASH_A, send: 'on' } }))).toMatch(
      /role="switch" aria-describedby="[^"]+" checked=""\/> Send these instructions/,
    )
    const changed = item(server({ instructions: { text: 'x', hash: HASH_A, send: 'changed' } }))
    expect(changed).toMatch(/role="switch" aria-describedby="[^"]+"\/> Send these instructions/)
    expect(changed).toContain('The server changed its instructions since you turned this on')
  })

  it('are not shown for a server that sent none', () => {
    expect(item(server())).not.toContain('Instructions from this server')
  })
})

describe('roots in a server’s settings', () => {
  it('none by default; each allowed folder listed with its own Remove; a path input to add one', () => {
    const none = item(server())
    expect(none).toContain('Folders this server may use (0)')
    expect(none).toContain('No folders: the server is not told about any.')
    expect(none).toContain('Add folder')
    // Browser mode (no window.keel): no folder picker, only the typed path.
    expect(none).not.toContain('Choose folder')
    const some = item(server({}, { roots: ['/home/u/work', '/srv/data'] }))
    expect(some).toContain('Folders this server may use (2)')
    expect(some).toContain('<code>/home/u/work</code>')
    expect(some).toContain('aria-label="Remove /srv/data"')
  })

  it.each(LOCALES)('%s has the words', (locale) => {
    const html = item(
      server({ instructions: { text: 'x', hash: HASH_A, send: 'changed' } }, { roots: ['/home/u/work'] }),
      locale,
    )
    expect(html).not.toMatch(/mcpRoot|mcpInstructions/)
  })
})
