// Window layout at the sizes people use: 1280×800 with and without Settings, and 480 px.
// Each check measures boxes in the real browser: nothing overflows sideways, the header's title keeps
// room, its buttons and usage line are not clipped or wrapped into a tower.
import { expect, test, type Locator, type Page } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/window-layout-${name}.png` })

const TITLE = 'Tallest mountain in the Andes'

async function converse(page: Page): Promise<void> {
  await enqueue({ type: 'turn', text: 'Aconcagua, 6961 m.' })
  await page.getByRole('button', { name: 'New conversation' }).click()
  await send(page, TITLE)
  await expect(page.getByTestId('message-assistant').last()).toContainText('Aconcagua')
  await expect(page.locator('header.chat-header .usage')).toBeVisible()
}

/** How much wider the element's content is than its box (0 when it fits). */
const overflowX = (locator: Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth)

/** Lines of text an element takes (distinct tops among its text's line boxes). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  })

async function expectHeaderIntact(page: Page, width: number): Promise<void> {
  const header = page.locator('header.chat-header')
  // (The import's file input is a visually hidden button of 1×1 px: not part of the row.)
  for (const button of await header.locator('button').all()) {
    await expect(button).toBeInViewport({ ratio: 1 })
    expect(await overflowX(button), await button.innerText()).toBeLessThanOrEqual(0)
    expect(await lines(button), await button.innerText()).toBe(1)
  }
  const usage = header.locator('.usage')
  expect(await lines(usage)).toBe(1)
  const box = (await header.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(width)
}

test('at 1280×800 with Settings closed the header title is shown whole', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openApp(page)
  await converse(page)
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText(TITLE)
  await shot(page, 'header-1280')
  // The title needs about 280 px; it used to get about 100 (the usage line and five buttons took the row).
  expect(await overflowX(title)).toBeLessThanOrEqual(0)
  expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(300)
  await expectHeaderIntact(page, 1280)
})

test('at 1280×800 Settings fits its column and the header keeps its title, usage and buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openApp(page)
  await converse(page)
  await page.locator('header.chat-header').getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('region', { name: 'Settings' })
  await expect(settings).toBeVisible()
  await shot(page, 'settings-1280')
  const defaults = settings.getByRole('group', { name: 'New conversations' })
  await expect(defaults.getByRole('button', { name: 'Save' })).toBeVisible()
  // No sideways scrolling: the panel's content is as wide as the panel.
  expect(await overflowX(settings)).toBeLessThanOrEqual(0)
  const panel = (await settings.boundingBox())!
  for (const part of [
    defaults,
    defaults.getByRole('combobox'),
    defaults.getByRole('textbox'),
    defaults.getByRole('button', { name: 'Save' }),
  ]) {
    const box = (await part.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(panel.x)
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width)
  }
  // The title keeps a readable width (it used to disappear), the rest is on screen and unclipped.
  const title = page.getByRole('heading', { level: 1 })
  const titleBox = (await title.boundingBox())!
  expect(titleBox.width).toBeGreaterThanOrEqual(200)
  await expectHeaderIntact(page, panel.x)
})
