// The MCP parts of the window rendered to markup (no DOM here): what the user must see is there in
// full, what must never be shown (secret values, HTML from a server) is not, and the buttons that
// must not be offered are not.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { KeelApi } from '../../../../src/shared/ipc/app-contract'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { ToolCardView } from '../../../../src/renderer/src/features/chat/tool-card'
import { McpConsent } from '../../../../src/renderer/src/features/mcp/mcp-consent'
import { McpToolReview } from '../../../../src/renderer/src/features/mcp/mcp-tool-review'
import { McpServerItem } from '../../../../src/renderer/src/features/mcp/mcp-server-item'
import { McpServerFormView } from '../../../../src/renderer/src/features/mcp/mcp-server-form'
import { ElicitationForm } from '../../../../src/renderer/src/features/chat/elicitation-form'
import { UnknownActions } from '../../../../src/renderer/src/features/chat/unknown-actions'
import { formOf } from '../../../../src/renderer/src/features/mcp/mcp-server-form-data'
import type { ToolCard } from '../../../../src/renderer/src/state/run-reducer'
import { HASH_B, server, tool } from '../../mcp-fixtures'

const t = translator('en')
const api = {} as KeelApi
const noop = () => undefined
const render = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element)
/** Text as a screen reader would get it (tags dropped, entities decoded). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const longValue = 'x'.repeat(5000)
function card(patch: Partial<ToolCard> = {}): ToolCard {
  return {
    callId: 'call1',
    name: 'mcp__files__write_file',
    state: 'awaiting-approval',
    argumentsText: JSON.stringify({ path: '/home/u/notes.txt', content: longValue, nested: { deep: [1, 2, 3] } }),
    summary: undefined,
    approvalId: 'a1',
    title: 'Write file',
    provider: 'Files',
    hints: { destructive: false, openWorld: true },
    ...patch,
  }
}

describe('MCP approval card', () => {
  it('shows the server, the title, every argument in full and the hints, with Always allow', () => {
    const html = render(createElement(ToolCardView, { card: card(), t, onAnswer: noop }))
    expect(html).toContain('>Write file<')
    expect(text(html)).toContain('From Files')
    expect(text(html)).toContain(`"content": "${longValue}"`)
    expect(text(html)).toContain('"deep": [\n      1,')
    expect(html).toMatch(/<details class="tool-arguments" open="">/)
    expect(text(html)).toContain('reaches outside your computer')
    expect(text(html)).not.toContain('may delete or overwrite')
    expect(text(html)).toContain('Always allow this tool')
  })

  it('offers no Always allow for a tool that says it may delete or overwrite', () => {
    const html = render(
      createElement(ToolCardView, { card: card({ hints: { destructive: true } }), t, onAnswer: noop }),
    )
    expect(text(html)).toContain('may delete or overwrite')
    expect(text(html)).toContain('Approve')
    expect(text(html)).toContain('Deny')
    expect(text(html)).not.toContain('Always allow')
  })

  it('names the server in an unknown outcome, live or stored (provider from the tool list)', () => {
    const live = render(createElement(ToolCardView, { card: card({ state: 'unknown', approvalId: undefined }), t }))
    expect(text(live)).toContain('Files was asked to cancel, but it may have finished. Check before doing it again.')
    const stored = render(
      createElement(ToolCardView, {
        card: card({
          state: 'unknown',
          approvalId: undefined,
          provider: undefined,
          title: undefined,
          hints: undefined,
        }),
        t,
        provider: 'Files',
      }),
    )
    expect(text(stored)).toContain('Files was asked to cancel')
    const own = render(
      createElement(ToolCardView, { card: card({ state: 'unknown', approvalId: undefined, provider: undefined }), t }),
    )
    expect(text(own)).toContain('Keel asked it to stop, but it may have finished.')
  })

  it('shows a server’s progress as a bar with its message', () => {
    const html = render(
      createElement(ToolCardView, {
        card: card({
          state: 'running',
          approvalId: undefined,
          progress: { progress: 3, total: 10, message: 'step 3 of 10' },
        }),
        t,
      }),
    )
    expect(html).toContain('<progress aria-label="Progress" value="3" max="10">')
    expect(text(html)).toContain('step 3 of 10')
  })
})

describe('consent view', () => {
  const longCommand = `/usr/local/bin/npx -y @modelcontextprotocol/server-filesystem ${'/very/long/path/'.repeat(40)}`
  const view = server(
    {
      needsConsent: true,
      status: { state: 'needs-consent' },
      commandLine: longCommand,
      envKeys: ['API_TOKEN', 'HOME_DIR'],
      cwd: '/srv/work',
    },
    { env: { API_TOKEN: { secret: true, set: true }, HOME_DIR: { value: 'plain-env-value-123' } } },
  )

  it('shows the whole command line, the env keys (not values), the folder and the origin', () => {
    const html = render(createElement(McpConsent, { view, api, t, onView: noop, onNotNow: noop }))
    expect(html).toContain(`<pre class="command-line" data-testid="mcp-command-line">${longCommand}</pre>`)
    expect(text(html)).toContain('API_TOKEN, HOME_DIR')
    expect(html).not.toContain('plain-env-value-123')
    expect(text(html)).toContain('/srv/work')
    expect(text(html)).toContain('Keel’s settings')
    expect(text(html)).toContain('Allow Files to run on this computer?')
    expect(html).toMatch(/<button type="button" class="primary">Allow and start<\/button>/)
    expect(text(html)).toContain('Not now')
  })

  it('blocks Allow while values are missing, says why and offers a field for each', () => {
    const missing = {
      ...view,
      missingValues: [{ where: 'env' as const, key: 'API_TOKEN', placeholder: '${input:token}' }],
    }
    const html = render(createElement(McpConsent, { view: missing, api, t, onView: noop, onNotNow: noop }))
    expect(html).toMatch(
      /<button type="button" class="primary" disabled="" aria-describedby="[^"]+">Allow and start<\/button>/,
    )
    expect(text(html)).toContain('Enter the missing values first')
    expect(text(html)).toContain('Value of API_TOKEN for Files')
    expect(text(html)).toContain('${input:token}')
    expect(html).toContain('type="password"')
  })
})

describe('tool review', () => {
  it('shows each changed tool as a diff and one Accept changes', () => {
    const view = server({
      tools: [
        tool({
          name: 'write_file',
          title: 'Write file',
          pin: 'changed',
          definitionHash: HASH_B,
          acceptedDefinition: { description: 'Writes' },
          definition: { description: '<b>Writes</b> and mails' },
        }),
      ],
    })
    const html = render(createElement(McpToolReview, { view, api, t, onView: noop }))
    expect(text(html)).toContain('Tools to review (1)')
    expect(html).toContain('<del>-   &quot;description&quot;: &quot;Writes&quot;\n</del>')
    // The server's text is text: its markup is escaped, never rendered.
    expect(html).toContain('<ins>+   &quot;description&quot;: &quot;&lt;b&gt;Writes&lt;/b&gt; and mails&quot;\n</ins>')
    expect(text(html)).toContain('Accept changes')
  })
})

describe('server item and form', () => {
  const view = server(
    {
      tools: [
        tool({ title: 'Delete file', annotations: { destructiveHint: true }, effect: 'external' }),
        tool({ name: 'list', title: 'List', annotations: { readOnlyHint: true }, effect: 'none', enabled: false }),
      ],
    },
    { env: { TOKEN: { value: 'plain-secret-456' } } },
  )

  it('shows status in words, switches with names, and each tool’s provider name, effect, hints and pin', () => {
    const html = render(
      createElement(McpServerItem, { view, api, t, now: 0, consentShown: false, onView: noop, onRemoved: noop }),
    )
    expect(text(html)).toContain('Status: ready: secure-filesystem-server 0.2.0 (protocol 2025-11-25)')
    expect(html).toMatch(/<input type="checkbox" role="switch" checked=""\/> Enabled/)
    for (const name of ['Restart', 'View log', 'Edit', 'Remove']) expect(text(html)).toContain(name)
    expect(html).toContain('aria-label="Use Delete file"')
    expect(html).toMatch(/role="switch" aria-label="Use List"/)
    expect(text(html)).toContain('mcp__files__read_file')
    expect(text(html)).toContain('asks before running · accepted')
    expect(text(html)).toContain('runs without asking (trusted read-only) · accepted')
    expect(text(html)).toContain('may delete or overwrite')
    expect(text(html)).toContain('read-only, says the server')
    expect(html).not.toContain('plain-secret-456')
  })

  it('hides Edit and Remove for a server from the configuration file', () => {
    const html = render(
      createElement(McpServerItem, {
        view: { ...view, origin: 'file' },
        api,
        t,
        now: 0,
        consentShown: false,
        onView: noop,
        onRemoved: noop,
      }),
    )
    expect(text(html)).not.toContain('Edit')
    expect(text(html)).not.toContain('Remove')
    expect(text(html)).toContain('From the configuration file Keel was started with')
  })

  it('edits a server without ever filling in a saved value', () => {
    const html = render(
      createElement(McpServerFormView, {
        initial: formOf(view),
        title: 'Edit Files',
        t,
        onSubmit: async () => undefined,
        onCancel: noop,
      }),
    )
    expect(html).not.toContain('plain-secret-456')
    expect(text(html)).toContain('Name of variable 1')
    expect(html).toMatch(/data-testid="mcp-value-state">set</)
    expect(text(html)).toContain('Trust this server’s read-only hints')
    expect(text(html)).toContain('Keel cannot check it')
  })
})

describe('elicitation form', () => {
  it('builds the fields from the schema and shows the server’s words as text', () => {
    const request = {
      elicitationId: 'e1',
      callId: 'call1',
      from: 'Files',
      message: '<img src=x onerror=alert(1)> Which folder?',
      requestedSchema: {
        type: 'object',
        properties: {
          folder: { type: 'string', title: 'Folder' },
          count: { type: 'integer' },
          ok: { type: 'boolean' },
          mode: { type: 'string', enum: ['a', 'b'] },
        },
        required: ['folder'],
      },
    }
    const html = render(createElement(ElicitationForm, { request, t, onAnswer: noop }))
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Which folder?')
    expect(html).not.toContain('<img')
    expect(text(html)).toContain('Files asks for information')
    expect(text(html)).toContain('Folder (required)')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toContain('type="checkbox"')
    expect(html).toContain('<option value="a">a</option>')
    for (const name of ['Submit', 'Decline', 'Cancel']) expect(text(html)).toContain(name)
  })

  it('offers only Decline and Cancel for a request it cannot show as a form', () => {
    const request = {
      elicitationId: 'e1',
      callId: 'call1',
      from: 'Files',
      message: 'Nested?',
      requestedSchema: { type: 'object', properties: { deep: { type: 'object' } } },
    }
    const html = render(createElement(ElicitationForm, { request, t, onAnswer: noop }))
    expect(text(html)).toContain('Keel cannot show this request as a form')
    expect(text(html)).not.toContain('Submit')
    expect(text(html)).toContain('Decline')
  })
})

describe('MCP actions to check', () => {
  it('names the server an unknown action went to (its title alone does not say)', () => {
    const action = {
      key: 'k1',
      toolName: 'mcp__odd__slow',
      conversationId: 'c1',
      arguments: { steps: 600 },
      startedAt: Date.UTC(2026, 0, 2, 3, 4),
    }
    const html = render(
      createElement(UnknownActions, {
        actions: [action],
        t,
        locale: 'en',
        titleOf: (name) => (name === 'mcp__odd__slow' ? 'slow' : undefined),
        providerOf: (name) => (name === 'mcp__odd__slow' ? 'odd' : undefined),
        onResolve: noop,
      }),
    )
    expect(text(html)).toMatch(/^Actions to check \(1\).*slow · From odd · /s)
    expect(text(html)).toContain('"steps": 600')
  })
})
