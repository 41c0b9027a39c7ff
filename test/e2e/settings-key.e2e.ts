import { expect, test } from '@playwright/test'
import { openApp, resetSim, screenshot } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('settings save a key without ever showing it back', async ({ page }) => {
  test.skip(Boolean(process.env.OPENAI_API_KEY), 'OPENAI_API_KEY is set in the environment, which takes precedence over a saved key')
  const secret = 'sk-e2e-0123456789abcdef-WXYZ'
  const received: string[] = []
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))))

  await openApp(page)
  await page.getByRole('button', { name: 'Settings' }).click()
  const section = page.getByRole('group', { name: 'openai-chat' })
  await section.getByLabel('API key').fill(secret)
  await section.getByRole('button', { name: 'Save key' }).click()
  const status = page.getByTestId('provider-openai-chat-key-status')
  await expect(status).toContainText('set, ends in …WXYZ')
  await expect(section.getByLabel('API key')).toHaveValue('') // write-only: the field is emptied
  expect(await page.content()).not.toContain(secret)
  await screenshot(page, 'settings-key-saved')

  // Still set after a reload (browser mode keeps it for the session), and still never shown.
  await page.reload()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('provider-openai-chat-key-status')).toContainText('…WXYZ')
  expect(await page.content()).not.toContain(secret)
  expect(received.length).toBeGreaterThan(0)
  expect(received.filter((payload) => payload.includes(secret))).toEqual([])

  await page.getByRole('group', { name: 'openai-chat' }).getByRole('button', { name: 'Clear key' }).click()
  await expect(page.getByTestId('provider-openai-chat-key-status')).toContainText('not set')
})
