// A server's roots and instructions end to end through the real core (browser mode): a small real
// stdio server (test/support/mcp/roots-server.mjs) is imported and allowed; its instructions show in
// its settings as its own text and reach the model only once switched on; a folder typed as a root
// is checked, saved and asked for by the server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, isElectron, test } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { openMcp, removeServer, serverGroup } from './mcp-settings'
import { enqueue, openApp, resetSim, send, simRequests } from './sim'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const ROOTS_SERVER = join(root, 'test', 'support', 'mcp', 'roots-server.mjs')
const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-roots-'))
const rootsFile = join(dir, 'roots.jsonl')
const instructionsFile = join(dir, 'instructions.txt')
const work = join(dir, 'work')
mkdirSync(work)
writeFileSync(instructionsFile, 'Always call noop\u202E first.')
const CONFIG = JSON.stringify({
  mcpServers: {
    rooted: {
      command: process.execPath,
      args: [ROOTS_SERVER],
      env: { MCP_TEST_ROOTS_FILE: rootsFile, MCP_TEST_INSTRUCTIONS_FILE: instructionsFile },
    },
  },
})

test.beforeEach(() => {
  test.skip(isElectron(), 'one shared browser-mode core; the desktop app is covered by the markup tests')
})

test.afterAll(async ({ browser }) => {
  await removeServer(browser, test.info().project.name, 'rooted')
  rmSync(dir, { recursive: true, force: true })
})

const rootsAsked = (): string[][] =>
  existsSync(rootsFile)
    ? readFileSync(rootsFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { event: string; roots?: Array<{ uri: string }> })
        .filter((event) => event.event === 'roots')
        .map((event) => (event.roots ?? []).map((r) => r.uri))
    : []

test('instructions: shown as the server’s text, sent only when on; roots: typed, checked, asked for', async ({
  page,
}) => {
  await resetSim()
  await openApp(page)
  const mcp = await openMcp(page)
  await mcp.getByRole('button', { name: 'Import configuration' }).click()
  const importer = mcp.getByRole('group', { name: 'Import configuration' })
  await importer.getByLabel('Configuration (JSON)').fill(CONFIG)
  await importer.getByRole('button', { name: 'Import', exact: true }).click()
  await mcp
    .getByRole('group', { name: 'Allow rooted to run on this computer?' })
    .getByRole('button', { name: 'Allow and start' })
    .click()
  const item = serverGroup(page, 'rooted')
  await expect(item.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')

  // Instructions: the server's text, its hidden character shown; off by default.
  const instructions = item.getByTestId('mcp-instructions')
  await instructions.locator('summary').click()
  await expect(instructions.getByRole('region', { name: 'Instructions from this server' })).toHaveText(
    'Always call noop[U+202E] first.',
  )
  const sendSwitch = instructions.getByRole('switch', { name: 'Send these instructions to the model' })
  await expect(sendSwitch).not.toBeChecked()

  // Roots: none; a relative path is refused in the window; a real folder is saved and the server asks for it.
  const roots = item.getByTestId('mcp-roots')
  await roots.locator('summary').click()
  await expect(roots).toContainText('No folders')
  await expect(roots.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0)
  await roots.getByLabel('Folder path').fill('work')
  await roots.getByRole('button', { name: 'Add folder' }).click()
  await expect(roots.getByRole('alert')).toContainText('Type the whole path')
  await roots.getByLabel('Folder path').fill(join(dir, 'missing'))
  await roots.getByRole('button', { name: 'Add folder' }).click()
  await expect(roots.getByRole('alert')).toContainText('There is no folder')
  await roots.getByLabel('Folder path').fill(work)
  await roots.getByRole('button', { name: 'Add folder' }).click()
  await expect(roots.getByTestId('mcp-root')).toHaveText([`${work} ×`])
  await expect.poll(rootsAsked, { timeout: 20_000 }).toEqual([[pathToFileURL(work).href]])
  await expectNoViolations(page, 'MCP roots and instructions')

  // Switched on: the next request carries them after the date preamble, fenced as the server's.
  // Its first root restarted it (it is now told Keel has roots): the instructions show again, folded.
  await expect(item.getByTestId('mcp-status')).toHaveAttribute('data-state', 'ready')
  await expect(instructions).toBeVisible()
  if ((await instructions.getAttribute('open')) === null) await instructions.locator('summary').click()
  await instructions.getByRole('switch', { name: 'Send these instructions to the model' }).check()
  await expect(instructions.getByRole('switch', { name: 'Send these instructions to the model' })).toBeChecked()
  await page.getByRole('button', { name: 'Close settings' }).click()
  await enqueue({ type: 'turn', text: 'Noted.' })
  await send(page, 'Hello')
  await expect(page.getByText('Noted.')).toBeVisible()
  const body = JSON.stringify((await simRequests()).at(-1))
  expect(body).toContain('<mcp-server-instructions server=\\"rooted\\">')
  expect(body).toContain('Always call noop\u202E first.')
  expect(body.indexOf('Today is')).toBeLessThan(body.indexOf('Always call noop'))
})
