// The window's Import takes a whole-store backup, not just one conversation: a 16 MB `keel export`
// file (larger than one command, which capped the import at 1.9 MB, and than one browser-mode
// socket message) is sent in pieces and imported whole, saying how far it is; importing it again adds nothing.
import { expect, test } from './fixtures'
import { openApp, resetSim, screenshot } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('a 16 MB whole-store export imports from the conversation menu', async ({ page }) => {
  test.setTimeout(180_000)
  await openApp(page)
  const stamp = Date.now()
  const conversations = [0, 1, 2, 3].map((i) => ({
    id: `big-${stamp}-${i}`,
    title: `Backup ${stamp} part ${i}`,
    messages: [
      { role: 'user', text: `Question ${i}` },
      { role: 'assistant', status: 'complete', text: `${'x'.repeat(4_000_000)} answer ${i}` },
    ],
  }))
  const file = Buffer.from(JSON.stringify({ conversations, generations: [], measurements: [], ledger: [] }, null, 2))
  expect(file.length).toBeGreaterThan(16_000_000)
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  // Every status the menu says meanwhile (the import says how far it is; it takes a while).
  await page.evaluate(() => {
    const said: string[] = []
    ;(window as unknown as { __said: string[] }).__said = said
    const status = document.querySelector('.conversation-menu-said')!
    new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    })
  })
  const input = page.getByLabel('Conversation file (JSON)')
  await input.setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: file })
  await expect(page.getByText('Imported 4 conversations.')).toBeVisible({ timeout: 120_000 })
  const said = await page.evaluate(() => (window as unknown as { __said: string[] }).__said)
  const percents = said.flatMap((text) => /^Importing… (\d+) % of the file sent$/.exec(text)?.[1] ?? []).map(Number)
  expect(percents.length).toBeGreaterThan(3)
  expect([...percents].sort((a, b) => a - b)).toEqual(percents)
  // (The last percent and "restoring" may reach the screen in one render: the unit test has the 100 %.)
  const lastPercent = said.findLastIndex((text) => text.endsWith('% of the file sent'))
  expect(said.findIndex((text) => text.startsWith('Importing… restoring'))).toBeGreaterThan(lastPercent)
  expect(said.at(-1)).toBe('Imported 4 conversations.')
  await expect(
    page
      .getByRole('navigation')
      .getByTestId('conversation-item')
      .filter({ hasText: `Backup ${stamp}` }),
  ).toHaveCount(4)
  await screenshot(page, 'import-backup')
  await page
    .getByLabel('Conversation file (JSON)')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: file })
  await expect(page.getByText('Already here: nothing new was imported.')).toBeVisible({ timeout: 120_000 })
})
