// `keel mcp resources|prompts` and `keel chat --resource/--prompt` as a user runs them: a real
// process, a real store file, the reference `everything` server over stdio and over Streamable
// HTTP on 127.0.0.1, a hand-written one for binary resources and hidden characters, and real HTTP
// to the simulated provider.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { McpListing, McpPromptView, McpResourcesView } from '../../src/shared/mcp-server-features'
import { referenceServer, startEverythingHttp } from '../support/mcp/mcp-test-servers'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

const RESOURCES_SERVER = resolve(import.meta.dirname, '../support/mcp/resources-server.mjs')
/** SHELL unset: no login shell is read (tests must not depend on the developer's rc files). */
const keel = (args: string[], env: Record<string, string> = {}) => runKeel(args, { env: { SHELL: '', ...env } })

let http: Awaited<ReturnType<typeof startEverythingHttp>>
beforeAll(async () => {
  http = await startEverythingHttp('streamableHttp')
})
afterAll(async () => {
  await http?.stop()
})

describe('keel mcp resources|prompts, keel chat --resource/--prompt', () => {
  let dir: string
  let db: string
  let config: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-mcp-res-'))
    db = join(dir, 'keel.db')
    config = join(dir, 'mcp.json')
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: { command: process.execPath, args: [referenceServer('everything'), 'stdio'] },
          remote: { type: 'http', url: http.url },
          notes: { command: process.execPath, args: [RESOURCES_SERVER] },
        },
      }),
    )
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('resources --json and prompts --json, over stdio and over Streamable HTTP', async () => {
    for (const server of ['everything', 'remote']) {
      const resources = await keel(['mcp', 'resources', server, '--json', '--db', db, '--mcp-config', config])
      expect(resources.code, resources.stderr).toBe(0)
      const view = JSON.parse(resources.stdout) as McpResourcesView
      expect(view.resources.items.map((resource) => resource.name)).toContain('instructions.md')
      expect(view.templates.items.map((template) => template.uriTemplate)).toContain(
        'demo://resource/dynamic/text/{resourceId}',
      )
      const prompts = await keel(['mcp', 'prompts', server, '--json', '--db', db, '--mcp-config', config])
      expect(prompts.code, prompts.stderr).toBe(0)
      const listed = (JSON.parse(prompts.stdout) as { prompts: McpListing<McpPromptView> }).prompts
      expect(listed.items.find((prompt) => prompt.name === 'args-prompt')?.arguments[0]).toMatchObject({
        name: 'city',
        required: true,
      })
    }
  })

  it('plain text shows hidden characters and template arguments; an unknown server is a usage error', async () => {
    const ran = await keel(['mcp', 'resources', 'notes', '--db', db, '--mcp-config', config])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toContain('Read note[U+202E]txt.exe[U+202C]')
    expect(ran.stdout).toContain('(1 resources Keel could not read were left out)')
    expect(ran.stdout).toContain('test://search{?q,limit}  Search  (template; arguments: q, limit)')
    const prompts = await keel(['mcp', 'prompts', 'everything', '--db', db, '--mcp-config', config])
    expect(prompts.stdout).toMatch(/args-prompt \(Arguments Prompt\): A prompt with two arguments/)
    expect(prompts.stdout).toContain('city (required): Name of the city')
    const unknown = await keel(['mcp', 'prompts', 'nobody', '--db', db, '--mcp-config', config])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no MCP server "nobody"')
  })

  describe('with a provider', () => {
    let server: SimulatedProvider
    beforeEach(async () => {
      server = await startSimulatedProvider()
    })
    afterEach(async () => {
      await server.close()
    })
    const env = () => ({ KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'), ANTHROPIC_API_KEY: 'k' })

    it('--prompt with --prompt-arg and --resource: the prompt is shown first, the files reach the model, a PDF is named', async () => {
      server.enqueue({ type: 'turn', text: 'Sunny.' })
      const ran = await keel(
        [
          'chat',
          '--provider',
          'anthropic',
          '--db',
          db,
          '--mcp-config',
          config,
          '--prompt',
          'remote:args-prompt',
          '--prompt-arg',
          'city=Lisbon',
          '--resource',
          'everything:demo://resource/static/document/instructions.md',
          '--resource',
          'notes:test://notes/pixel.png',
          '--resource',
          'notes:test://notes/report.pdf',
          'and be brief',
        ],
        env(),
      )
      expect(ran.code, ran.stderr).toBe(0)
      expect(ran.stderr).toContain("[keel] prompt remote:args-prompt inserts:\nWhat's weather in Lisbon?")
      expect(ran.stderr).toContain('[keel] attaches instructions.md (text/markdown,')
      expect(ran.stderr).toContain('was not attached: Keel cannot send this type of file to the model.')
      const sent = JSON.stringify(server.requests[0]!.body)
      expect(sent).toContain("What's weather in Lisbon?\\n\\nand be brief\\n\\n[Resource report.pdf (application/pdf")
      expect(sent).toContain('File: instructions.md')
      expect(sent).toContain('"media_type":"image/png"')
      expect(sent).not.toContain('%PDF')
    })

    it('a missing prompt argument or an unreadable resource sends nothing', async () => {
      const missing = await keel(
        ['chat', '--provider', 'anthropic', '--db', db, '--mcp-config', config, '--prompt', 'everything:args-prompt'],
        env(),
      )
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain('The prompt "args-prompt" needs: city.')
      const gone = await keel(
        [
          'chat',
          '--provider',
          'anthropic',
          '--db',
          db,
          '--mcp-config',
          config,
          '--resource',
          'notes:test://nope',
          'hi',
        ],
        env(),
      )
      expect(gone.code).toBe(1)
      expect(gone.stderr).toContain('Resource not found: test://nope')
      expect(server.requests).toHaveLength(0)
      const bad = await keel(['chat', '--db', db, '--prompt-arg', 'a=b', 'hi'], env())
      expect(bad.code).toBe(2)
    })
  })
})
