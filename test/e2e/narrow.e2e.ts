// Narrow windows (≤ 640 px): Settings opens over the chat as a full-window dialog (it used to stack
// under the chat, off screen), with Close in view, focus inside, Esc closing it and the composer
// usable afterwards.
import { expectNoViolations } from './a11y-audit'
import { expect, test, type Page } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/narrow-${name}.png`, fullPage: false })

test('at 480 px Settings opens over the chat: a dialog with Close, focus in and back, Esc closes, the composer works after', async ({
  page,
}) => {
  await openApp(page)
  await page.setViewportSize({ width: 480, height: 720 })
  const composer = page.getByRole('textbox', { name: 'Message' })
  await expect(composer).toBeInViewport()

  const opener = page.locator('header.chat-header').getByRole('button', { name: 'Settings', exact: true })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Settings' })).toBeFocused()
  // It fills the window, above the chat: the composer's spot shows Settings, and Close is on screen.
  const box = (await dialog.boundingBox())!
  expect(box).toMatchObject({ x: 0, y: 0, width: 480, height: 720 })
  const composerBox = (await composer.boundingBox())!
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.settings') !== null, {
    x: composerBox.x + composerBox.width / 2,
    y: composerBox.y + composerBox.height / 2,
  })
  expect(onTop).toBe(true)
  const close = dialog.getByRole('button', { name: 'Close settings' })
  await expect(close).toBeInViewport()
  await expectNoViolations(page, 'settings over the chat at 480 px')
  await shot(page, 'settings-480')
  // Scrolled to its end, Close is still in view; Tab stays inside.
  await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(close).toBeInViewport()
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab')
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)

  // Esc closes it; focus goes back to the Settings button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  // Close closes it too.
  await opener.click()
  await expect(dialog).toBeVisible()
  await close.click()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  // The composer is usable afterwards: a question gets its answer.
  await expect(composer).toBeInViewport()
  await enqueue({ type: 'turn', text: 'Narrow answer.' })
  await send(page, 'After the dialog at 480 px')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Narrow answer.')

  // Wide again: Settings is the side panel, not a dialog.
  await page.setViewportSize({ width: 1200, height: 800 })
  await opener.click()
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0)
})

test('at 480 px the message field takes the whole row, and the conversation settings fit the window', async ({
  page,
}) => {
  await openApp(page)
  await page.setViewportSize({ width: 480, height: 720 })
  const composer = page.getByRole('textbox', { name: 'Message' })
  // Beside the Model picker and Send it was squeezed to a few letters; now the row is its own.
  const field = (await composer.boundingBox())!
  expect(field.width).toBeGreaterThan(400)
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport()

  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await page.getByRole('button', { name: 'Conversation settings' }).click()
  const panel = page.getByRole('region', { name: 'Conversation settings' })
  const box = (await panel.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(480)
  await expect(panel.getByRole('button', { name: 'Save' })).toBeInViewport()
  await expect(composer).toBeInViewport()
  await expectNoViolations(page, 'conversation settings at 480 px')
  await shot(page, 'conversation-settings-480')
})
