// Provider limits in the window: an MCP server offering the tools of six popular servers and two
// more (167 tools, some descriptions over 1,024 characters) with OpenAI Chat Completions as the
// provider. The request carries at most 128 tools and no description over 1,024; before it goes,
// the answer says which tools were left out and why (never a 400 from the provider).
// Its own browser-mode server: the suite's shared one talks to Anthropic and has no MCP config.
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from './fixtures'
import { startOwnBrowserMode, type OwnServer } from './own-server'
import { enqueue, resetSim, screenshot, send, simRequests, simUrl } from './sim'

test.skip(({ keelMode }) => keelMode !== 'browser', 'browser mode only: this spec starts its own server')

let web: OwnServer | undefined

test.beforeAll(async () => {
  web = await startOwnBrowserMode(
    'tool limits',
    {
      KEEL_DEFAULT_PROVIDER: 'openai-chat',
      KEEL_OPENAI_CHAT_BASE_URL: `${simUrl()}/openai-chat/v1`,
      KEEL_OPENAI_CHAT_MODEL: 'sim-model',
      OPENAI_API_KEY: 'test',
      ANTHROPIC_API_KEY: '',
      KEEL_ANTHROPIC_BASE_URL: '',
    },
    (dir) => {
      const config = join(dir, 'mcp.json')
      writeFileSync(
        config,
        JSON.stringify({
          mcpServers: {
            popular: {
              command: process.execPath,
              args: [resolve('test', 'support', 'mcp', 'popular-tools-server.mjs')],
            },
          },
        }),
      )
      return ['--mcp-config', config]
    },
  )
})

test.afterAll(async () => {
  await web?.close()
})

test.beforeEach(async () => {
  await resetSim()
})

test('167 MCP tools on Chat Completions: 128 sent, descriptions within 1,024, the left-out tools named before the request', async ({
  page,
}) => {
  await page.goto(web!.url)
  // The server is ready and its tools listed before the question goes.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const server = page.getByRole('region', { name: 'MCP servers' }).getByRole('group', { name: 'popular', exact: true })
  await expect(server.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  await page.getByRole('button', { name: 'Close settings' }).click()

  await enqueue({ type: 'turn', text: 'Hello from a model that saw 128 tools.' })
  await send(page, 'hi')
  await expect(page.getByText('Hello from a model that saw 128 tools.')).toBeVisible()

  const [request] = (await simRequests()) as {
    provider: string
    body: { tools: { function: { name: string; description: string } }[] }
  }[]
  expect(request!.provider).toBe('openai-chat')
  const tools = request!.body.tools
  expect(tools).toHaveLength(128)
  expect(Math.max(...tools.map((t) => t.function.description.length))).toBeLessThanOrEqual(1024)

  // 167 server tools + Keel's 4 = 171: 43 left out, named, with the reason.
  const notice = page.locator('[data-notice-id="tools-over-limit"]')
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('takes at most 128 tools in one request, so Keel left out 43 tools this time')
  // Left out: the last servers configured (their tools come after the first 124 offered).
  await expect(notice).toContainText('“sequentialthinking”')
  await expect(notice).not.toContainText('“git_add”')
  await expect(notice.getByRole('button', { name: 'Open Settings' })).toBeVisible()
  await screenshot(page, 'tool-limits-notice')
})
