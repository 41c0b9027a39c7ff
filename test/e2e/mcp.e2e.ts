// MCP end to end through the real core: a Claude Desktop config is
// pasted, the consent view shows each exact command line, the servers start (real child processes:
// the reference filesystem server and the misbehaving test server) and list their tools; a write
// is approved and lands on disk; a long call shows its progress and is stopped (outcome unknown,
// listed to check, the server asked to cancel); a server asks for input through a form; a changed
// definition is withheld until accepted from its diff. The window alone, against the contract, is
// covered by mcp-window.e2e.ts.
//
// One start-web process and database serve the whole suite, so these tests run in order on the
// servers the first one adds, and the last one removes them (afterAll too, if a test failed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from './fixtures'
import { openMcp, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, screenshot, send, simRequests } from './sim'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const FILESYSTEM_SERVER = join(root, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js')
const MISBEHAVING_SERVER = join(root, 'test', 'support', 'mcp', 'misbehaving-server.mjs')

// Made in the spec's process; the servers (children of start-web) work in it too.
const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-mcp-'))
const filesDir = join(dir, 'files')
const eventsFile = join(dir, 'events.txt')
mkdirSync(filesDir)

/** A config as Claude Desktop writes it (an unknown key beside `mcpServers`), with absolute paths only. */
const CONFIG = JSON.stringify(
  {
    mcpServers: {
      files: { command: process.execPath, args: [FILESYSTEM_SERVER, filesDir] },
      odd: { command: process.execPath, args: [MISBEHAVING_SERVER], env: { MCP_TEST_EVENTS_FILE: eventsFile } },
    },
    preferences: { theme: 'dark' },
  },
  null,
  2,
)
const SERVERS = ['files', 'odd'] as const

test.describe.configure({ mode: 'serial' })

test.beforeEach(async () => {
  await resetSim()
})

test.afterAll(async ({ browser }) => {
  // A failed test leaves its servers behind: remove them so the rest of the suite offers no MCP tools.
  if (test.info().project.name === 'browser') {
    const page = await browser.newPage()
    try {
      await openApp(page)
      await openMcp(page)
      for (const name of SERVERS) await removeServer(page, name, { ifPresent: true })
    } finally {
      await page.close()
    }
  }
  rmSync(dir, { recursive: true, force: true })
})

async function closeSettings(page: Page) {
  await page.getByRole('button', { name: 'Close settings' }).click()
  await expect(page.getByRole('region', { name: 'MCP servers' })).toHaveCount(0)
}

async function removeServer(page: Page, name: string, options: { ifPresent?: boolean } = {}) {
  const item = serverGroup(page, name)
  if (options.ifPresent) {
    // The list is read when Settings opens: wait for it before deciding a server is absent.
    await expect(page.getByRole('region', { name: 'MCP servers' }).getByText('Loading MCP servers')).toHaveCount(0)
    if ((await item.count()) === 0) return
  }
  await item.getByRole('button', { name: 'Remove' }).click()
  await item.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(item).toHaveCount(0)
}

/** The tool names the model was offered in the simulated provider's last request that offered tools. */
async function offeredToModel(): Promise<string[]> {
  const requests = (await simRequests()) as Array<{ body?: { tools?: Array<{ name?: string }> } }>
  const last = requests.findLast((request) => Array.isArray(request.body?.tools))
  return (last?.body?.tools ?? []).flatMap((tool) => (tool.name ? [tool.name] : []))
}

/** Every tool result's text in the simulated provider's last request (Anthropic's format): a server's text is sent as it is. */
async function toolResultsSent(): Promise<string[]> {
  type Block = { type: string; text?: string; content?: string | Block[] }
  const requests = (await simRequests()) as Array<{ body?: { messages?: Array<{ content: string | Block[] }> } }>
  const blocks = (requests.at(-1)?.body?.messages ?? []).flatMap((message) =>
    Array.isArray(message.content) ? message.content : [],
  )
  return blocks
    .filter((block) => block.type === 'tool_result')
    .map((block) =>
      typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => part.text ?? '').join(''),
    )
}

test('paste a config: the consent view shows each exact command line; allowed, the servers start and list their tools', async ({
  page,
}) => {
  await openApp(page)
  const mcp = await openMcp(page)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(importer.getByTestId('mcp-import-report')).toContainText('Added: files, odd.')

  // Consent covers exactly what runs: the resolved executable and every argument, the env keys (not values).
  const filesConsent = mcp.getByRole('group', { name: 'Allow files to run on this computer?' })
  await expect(filesConsent.getByTestId('mcp-command-line')).toHaveText(
    `${process.execPath} ${FILESYSTEM_SERVER} ${filesDir}`,
  )
  const oddConsent = mcp.getByRole('group', { name: 'Allow odd to run on this computer?' })
  await expect(oddConsent.getByTestId('mcp-command-line')).toHaveText(`${process.execPath} ${MISBEHAVING_SERVER}`)
  await expect(oddConsent).toContainText('MCP_TEST_EVENTS_FILE')
  await expect(oddConsent).not.toContainText(eventsFile)
  // Nothing runs before consent.
  await expect(serverGroup(page, 'files').getByTestId('mcp-status')).toHaveText(
    'Status: waiting for your permission to start',
  )
  await screenshot(page, 'mcp-consent')

  await filesConsent.getByRole('button', { name: 'Allow and start' }).click()
  await expect(filesConsent).toHaveCount(0)
  await oddConsent.getByRole('button', { name: 'Allow and start' }).click()
  await expect(oddConsent).toHaveCount(0)

  const files = serverGroup(page, 'files')
  await expect(files.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  await expect(files.getByTestId('mcp-status')).toContainText('secure-filesystem-server')
  const odd = serverGroup(page, 'odd')
  await expect(odd.getByTestId('mcp-status')).toHaveText('Status: ready: misbehaving 1.0.0 (protocol 2025-11-25)')

  await files.locator('summary', { hasText: 'Tools (' }).click()
  const write = files.getByTestId('mcp-tool').filter({ hasText: 'Write File' })
  await expect(write).toContainText('mcp__files__write_file')
  await expect(write).toContainText('asks before running · accepted')
  await expect(write).toContainText('may delete or overwrite')
  await odd.locator('summary', { hasText: 'Tools (' }).click()
  await expect(odd.getByTestId('mcp-tool').filter({ hasText: 'mcp__odd__slow' })).toHaveCount(1)
  await expect(odd.getByTestId('mcp-review')).toHaveCount(0)
  await screenshot(page, 'mcp-ready')
})

test('approve a write: the card shows the server, the title and every argument; the file is written; the answer shows', async ({
  page,
}) => {
  const target = join(filesDir, 'note.txt')
  const content = 'Written by Keel through MCP.\nSecond line.'
  await enqueue(
    {
      type: 'turn',
      text: 'Saving it.',
      toolCalls: [{ name: 'mcp__files__write_file', arguments: { path: target, content } }],
    },
    { type: 'turn', text: 'Saved your note.' },
  )
  await openApp(page)
  await send(page, 'Save my note')

  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.locator('.tool-name')).toHaveText('Write File')
  await expect(card).toContainText('From files')
  await expect(card).toContainText('may delete or overwrite')
  const shown = card.locator('pre')
  await expect(shown).toContainText(JSON.stringify(target))
  await expect(shown).toContainText(JSON.stringify(content))
  // A tool that may delete or overwrite is asked about every time.
  await expect(card.getByRole('button', { name: 'Always allow this tool' })).toHaveCount(0)
  expect(existsSync(target)).toBe(false)
  await screenshot(page, 'mcp-approval')
  await card.getByRole('button', { name: 'Approve' }).click()

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('Saved your note.')
  await expect(answer.getByTestId('tool-card')).toHaveAttribute('data-state', 'done')
  expect(readFileSync(target, 'utf8')).toBe(content)
})

test('watch a long call’s progress, Stop it: outcome unknown, the server asked to cancel, listed to check', async ({
  page,
}) => {
  await enqueue({
    type: 'turn',
    text: 'Running it.',
    toolCalls: [{ name: 'mcp__odd__slow', arguments: { steps: 600, stepMs: 100 } }],
  })
  await openApp(page)
  await send(page, 'Run the slow one')

  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card).toContainText('From odd')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toHaveAttribute('data-state', 'running')
  const progress = card.getByTestId('tool-progress')
  await expect(progress).toContainText(/step \d+/)
  await expect(progress.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('max', '600')
  // It moves: a later step than the one first seen.
  const first = Number((await progress.textContent())?.match(/step (\d+)/)?.[1])
  await expect.poll(async () => Number((await progress.textContent())?.match(/step (\d+)/)?.[1])).toBeGreaterThan(first)
  await screenshot(page, 'mcp-progress')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()

  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveAttribute('data-state', 'unknown')
  await expect(stored.getByTestId('tool-state')).toHaveText('Outcome unknown')
  await expect(stored).toContainText('odd was asked to cancel, but it may have finished. Check before doing it again.')
  // The server did get the cancel notification (it records what it sees).
  await expect.poll(() => (existsSync(eventsFile) ? readFileSync(eventsFile, 'utf8') : '')).toMatch(/^cancelled /m)

  const actions = page.getByTestId('unknown-actions')
  await expect(actions.locator('summary')).toHaveText('Actions to check (1)')
  await actions.locator('summary').click()
  // Which server the action went to, and every argument it was sent.
  await expect(actions.getByTestId('unknown-action')).toContainText('slow · From odd · ')
  await expect(actions.getByTestId('unknown-action')).toContainText('"steps": 600')
  await screenshot(page, 'mcp-unknown')
  // The user checks and says (the list is global: later tests start from none to check).
  await actions.getByRole('button', { name: 'It did not happen' }).click()
  await expect(page.getByTestId('unknown-actions')).toHaveCount(0)
})

test('a server asks for input: the form is shown, the answer reaches the server and the model', async ({ page }) => {
  await enqueue(
    { type: 'turn', text: 'Asking.', toolCalls: [{ name: 'mcp__odd__ask', arguments: {} }] },
    { type: 'turn', text: 'Nice to meet you.' },
  )
  await openApp(page)
  await send(page, 'Ask me my name')
  const card = page.getByTestId('tool-card')
  await card.getByRole('button', { name: 'Approve' }).click()

  const ask = page.getByRole('form', { name: 'odd asks for information' })
  await expect(ask).toContainText('What is your name?')
  await ask.getByRole('button', { name: 'Submit' }).click()
  await expect(ask).toContainText('This field is required.')
  await ask.getByLabel('name').fill('Ada')
  await ask.getByRole('button', { name: 'Submit' }).click()
  await expect(ask).toHaveCount(0)

  await expect(page.getByTestId('message-assistant').last()).toContainText('Nice to meet you.')
  await expect(page.getByTestId('message-assistant').last().getByTestId('tool-card')).toHaveAttribute(
    'data-state',
    'done',
  )
  // The server's result (carrying the user's answer) is what the model got for the call.
  expect(await toolResultsSent()).toEqual(['elicitation: {"action":"accept","content":{"name":"Ada"}}'])
})

test('a changed definition is withheld from the model until accepted from its diff', async ({ page }) => {
  await enqueue(
    { type: 'turn', text: 'Changing it.', toolCalls: [{ name: 'mcp__odd__mutate', arguments: {} }] },
    { type: 'turn', text: 'Changed.' },
  )
  await openApp(page)
  await send(page, 'Change the tool')
  await page.getByTestId('tool-card').getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Changed.')

  // Settings reads the list when it opens: the server re-listed its tools on list_changed.
  await openMcp(page)
  const odd = serverGroup(page, 'odd')
  const review = odd.getByRole('group', { name: 'Tools to review (1)' })
  await expect(async () => {
    if ((await review.count()) === 0) {
      await closeSettings(page)
      await openMcp(page)
    }
    await expect(review).toBeVisible({ timeout: 1000 })
  }).toPass()
  await expect(review.getByTestId('mcp-review-tool')).toContainText('mutable')
  await expect(review.locator('del')).toContainText(['"description": "The original definition"'])
  await expect(review.locator('ins')).toContainText(['"description": "Changed after mutate was called"'])
  await expect(review.locator('ins', { hasText: '"extra"' })).toHaveCount(1)
  await screenshot(page, 'mcp-review')

  // Withheld: the next turn does not offer it to the model (the server's other tools still are).
  await closeSettings(page)
  await enqueue({ type: 'turn', text: 'Noted.' })
  await send(page, 'What tools do you have?')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Noted.')
  const before = await offeredToModel()
  expect(before).toContain('mcp__odd__count')
  expect(before).not.toContain('mcp__odd__mutable')

  await openMcp(page)
  await review.getByRole('button', { name: 'Accept changes' }).click()
  await expect(odd.getByTestId('mcp-review')).toHaveCount(0)
  await odd.locator('summary', { hasText: 'Tools (' }).click()
  await expect(odd.getByTestId('mcp-tool').filter({ hasText: 'mcp__odd__mutable' })).toContainText('accepted')
  await closeSettings(page)

  // Accepted: offered again.
  await enqueue({ type: 'turn', text: 'I have it again.' })
  await send(page, 'And now?')
  await expect(page.getByTestId('message-assistant').last()).toContainText('I have it again.')
  expect(await offeredToModel()).toContain('mcp__odd__mutable')
})

test('remove the servers: they are gone from Settings and from what the model is offered', async ({ page }) => {
  await openApp(page)
  const mcp = await openMcp(page)
  for (const name of SERVERS) await removeServer(page, name)
  await expect(mcp).toContainText('No MCP servers')
  await closeSettings(page)
  await enqueue({ type: 'turn', text: 'No tools of theirs.' })
  await send(page, 'Anything left?')
  await expect(page.getByTestId('message-assistant').last()).toContainText('No tools of theirs.')
  expect((await offeredToModel()).filter((name) => name.startsWith('mcp__'))).toEqual([])
})
