// Settings → Web and the page reader in the real window: turned on in Settings, a search key kept
// write-only, and a page read asked for with its URL and a per-site "always". The app reads only
// public addresses, so the page here (loopback) is refused after approval: what the user and the
// model are told is checked, and nothing reached the address.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, isElectron, test } from './fixtures'
import { enqueue, openApp, resetSim, screenshot, send, simRequests } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

async function openWebSettings(page: import('./fixtures').Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const optIn = page.getByLabel('Store keys and MCP server values without encryption on this computer')
  if (await optIn.isVisible()) await optIn.check()
  return page.getByRole('region', { name: 'Web' })
}

test('Settings → Web: page reading on, a search key saved write-only and removed', async ({ page }) => {
  const secret = 'brave-e2e-secret-0123456789-QRST'
  const received: string[] = []
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))))
  await openApp(page)
  const web = await openWebSettings(page)
  const reading = web.getByRole('checkbox', { name: /read web pages/ })
  // The box shows the saved setting: it turns once the core has saved it.
  await reading.click()
  await expect(reading).toBeChecked()
  // The reader now appears in Tool permissions only once a site is allowed: none yet.
  await web.getByRole('combobox', { name: 'Web search service' }).selectOption('brave')
  await expect(web.getByTestId('web-search-key-status')).toContainText('No key')
  await web.getByLabel('Brave Search key').fill(secret)
  await web.getByRole('button', { name: 'Save key' }).click()
  await expect(web.getByTestId('web-search-key-status')).toContainText('ends in …QRST')
  await expect(web.getByLabel('Brave Search key')).toHaveValue('')
  expect(await page.content()).not.toContain(secret)
  await screenshot(page, 'web-settings')
  await web.getByRole('button', { name: 'Remove key' }).click()
  await expect(web.getByTestId('web-search-key-status')).toContainText('No key')
  await web.getByRole('combobox', { name: 'Web search service' }).selectOption('off')
  // Limits on the provider's own search: both site lists at once are refused, with the reason.
  const limits = web.getByRole('form', { name: "The provider's own search (turned on per conversation)" })
  await limits.getByLabel('Only these sites (one per line)').fill('a.example')
  await limits.getByLabel('Never these sites (one per line)').fill('b.example')
  await limits.getByRole('button', { name: 'Save' }).click()
  await expect(web.getByRole('alert')).toContainText('not both')
  await limits.getByLabel('Only these sites (one per line)').fill('')
  await limits.getByLabel('Never these sites (one per line)').fill('')
  await limits.getByRole('button', { name: 'Save' }).click()
  await expect(web.getByRole('alert')).toHaveCount(0)
  await reading.click()
  await expect(reading).not.toBeChecked()
  if (!isElectron()) expect(received.length).toBeGreaterThan(0)
  expect(received.filter((payload) => payload.includes(secret))).toEqual([])
})

test('a page read is asked for with its URL; a local address is refused, never reached', async ({ page }) => {
  let reached = 0
  const local = createServer((_request, response) => {
    reached++
    response.end('<title>secret</title><p>local only</p>')
  })
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/admin`
  try {
    await openApp(page)
    const web = await openWebSettings(page)
    await web.getByRole('checkbox', { name: /read web pages/ }).click()
    await expect(web.getByRole('checkbox', { name: /read web pages/ })).toBeChecked()
    await page.getByRole('button', { name: 'Close settings' }).click()
    await enqueue(
      { type: 'turn', text: 'Let me read it.', toolCalls: [{ name: 'read_web_page', arguments: { url } }] },
      { type: 'turn', text: 'I could not read that page.' },
    )
    await send(page, 'Read my router page')
    const card = page.getByTestId('tool-card')
    await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
    await expect(card).toContainText('127.0.0.1')
    await expect(card.getByRole('button', { name: 'Always allow for 127.0.0.1' })).toBeVisible()
    await screenshot(page, 'web-read-approval')
    await card.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('message-assistant').last()).toContainText('I could not read that page.')
    await expect(card).toHaveAttribute('data-state', 'failed')
    await card.getByTestId('tool-card-fold').locator('summary').click()
    await expect(card).toContainText('local or private network address')
    expect(reached).toBe(0)
  } finally {
    local.closeAllConnections()
    await new Promise((resolve) => local.close(resolve))
    // Leave the worker's app as the other specs expect it: no web tools.
    await page.getByTestId('message-assistant').last().waitFor()
    const web = await openWebSettings(page)
    const reading = web.getByRole('checkbox', { name: /read web pages/ })
    if (await reading.isChecked()) await reading.click()
    await expect(reading).not.toBeChecked()
  }
})

test("a conversation's 'Search the web' asks the provider for its own search", async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await page.getByRole('button', { name: 'Conversation settings' }).click()
  const panel = page.getByRole('region', { name: 'Conversation settings' })
  // The app's default entry here is Anthropic, whose API runs search itself.
  const searchBox = panel.getByRole('checkbox', { name: /Search the web/ })
  await searchBox.check()
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByRole('status')).toContainText('Saved')
  await panel.getByRole('button', { name: 'Close' }).click()
  await enqueue({ type: 'turn', text: 'Here is the news.' })
  await send(page, 'Any news today?')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Here is the news.')
  const [request] = (await simRequests()) as { body: { tools?: unknown[] } }[]
  expect(request?.body.tools).toContainEqual({ type: 'web_search_20250305', name: 'web_search' })
})
