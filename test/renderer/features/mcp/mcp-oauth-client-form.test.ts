// The hand-registered sign-in client in a remote server's form: the id is shown, the secret never
// (only whether one is saved), and the request the form makes sets, keeps or forgets it.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { McpServerFormView } from '../../../../src/renderer/src/features/mcp/mcp-server-form'
import { formOf, saveRequestOf, type ServerForm } from '../../../../src/renderer/src/features/mcp/mcp-server-form-data'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { LOCALES } from '../../../../src/shared/locale'
import { server } from '../../mcp-fixtures'

const remote = server(
  { commandLine: 'https://mcp.example.com/mcp' },
  {
    transport: 'http',
    url: 'https://mcp.example.com/mcp',
    command: undefined,
    args: undefined,
    oauthClient: { clientId: 'my-client-id', secretSet: true },
  },
)

const request = (form: ServerForm) => {
  const checked = saveRequestOf(form)
  if (!checked.ok) throw new Error(checked.problem.code)
  return checked.request
}

describe('the sign-in client in a remote server’s form', () => {
  it.each(LOCALES)('%s: shows the id and that a secret is saved, never a secret', (locale) => {
    const html = renderToStaticMarkup(
      createElement(McpServerFormView, {
        initial: formOf(remote),
        title: 'Edit',
        t: translator(locale),
        onSubmit: async () => undefined,
        onCancel: () => undefined,
      }),
    )
    expect(html).toContain('data-testid="mcp-oauth-client"')
    expect(html).toContain('value="my-client-id"')
    expect(html).toContain('data-testid="mcp-oauth-secret-state"')
    expect(html).toMatch(/type="password"[^>]*value=""/)
    expect(html).not.toMatch(/mcpOAuth/)
  })

  it('a server on this computer has none', () => {
    const html = renderToStaticMarkup(
      createElement(McpServerFormView, {
        initial: formOf(server()),
        title: 'Edit',
        t: translator('en'),
        onSubmit: async () => undefined,
        onCancel: () => undefined,
      }),
    )
    expect(html).not.toContain('mcp-oauth-client')
  })

  it('keeps the saved client (no secret sent), replaces its secret, or forgets it when cleared', () => {
    const form = formOf(remote)
    expect(request(form).oauthClient).toEqual({ clientId: 'my-client-id' })
    expect(request({ ...form, oauthClientSecret: 's3cret' }).oauthClient).toEqual({
      clientId: 'my-client-id',
      secret: 's3cret',
    })
    expect(request({ ...form, oauthClientId: '  ' }).oauthClient).toBeNull()
    // A server that never had one sends nothing about it.
    const fresh = { ...formOf(), transport: 'http' as const, name: 'R', url: 'https://r.example/mcp' }
    expect('oauthClient' in request(fresh)).toBe(false)
    expect(request({ ...fresh, oauthClientId: 'new-id' }).oauthClient).toEqual({ clientId: 'new-id' })
  })
})
