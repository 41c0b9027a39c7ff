// More of what a new user meets in the first hour, measured in the real window:
// a denied delete names its row in the user's words, the chart's axis labels fit at 480 px, and the
// header stays short at 480 px.
import Database from 'better-sqlite3'
import { expect, test, type Page } from './fixtures'
import { appUrl, databasePath, enqueue, languageFollowsBrowser, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

function insertWeight(kg: number, day: number): number {
  const db = new Database(databasePath())
  try {
    const at = Date.UTC(2026, 10, day)
    return Number(
      db
        .prepare(
          `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', ?, ?, 'kg', ?, 'day', ?)`,
        )
        .run(kg, kg, at, at).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

async function denyDelete(page: Page, id: number): Promise<void> {
  await enqueue(
    { type: 'turn', text: 'Deleting it.', toolCalls: [{ name: 'delete_measurement', arguments: { id } }] },
    { type: 'turn', text: 'Kept it.' },
  )
  await send(page, 'Delete my weight from Nov 10')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Deny' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Kept it.')
}

test('a denied delete names the measurement, not its id, live and after reopening', async ({ page }) => {
  await openApp(page)
  const id = insertWeight(72.5, 10)
  await denyDelete(page, id)
  const card = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'denied')
  // Decided: the row as the user knows it, no "Will delete" and no "#id".
  await expect(card.getByTestId('tool-card-line')).toHaveText('Weight 72.5 kg, Nov 10, 2026')

  // Reopened from the store (a reload): the same words.
  await page.reload()
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored).toHaveAttribute('data-state', 'denied')
  await expect(stored.getByTestId('tool-card-line')).toHaveText('Weight 72.5 kg, Nov 10, 2026')
  await expect(page.getByTestId('message-assistant').last()).not.toContainText('#')
})

test('in pt-BR a denied delete names the measurement in Portuguese', async ({ page: first, browser }) => {
  test.skip(test.info().project.name === 'electron', 'browser locale: browser mode only')
  await languageFollowsBrowser(first)
  const context = await browser.newContext({ locale: 'pt-BR' })
  const page = await context.newPage()
  await page.goto(appUrl())
  await expect(page.getByRole('button', { name: 'Nova conversa' })).toBeVisible()
  const id = insertWeight(72.5, 10)
  await enqueue(
    { type: 'turn', text: 'Apagando.', toolCalls: [{ name: 'delete_measurement', arguments: { id } }] },
    { type: 'turn', text: 'Mantida.' },
  )
  const box = page.getByRole('textbox', { name: 'Mensagem' })
  await box.fill('Apague meu peso de 10/11')
  await box.press('Enter')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Recusar' }).click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Mantida.')
  await page.reload()
  const stored = page.getByTestId('message-assistant').last().getByTestId('tool-card')
  await expect(stored.getByTestId('tool-card-line')).toHaveText('Peso 72,5 kg, 10 de nov. de 2026')
  await context.close()
})

/** Every axis label of the chart: its box on screen and its font size as drawn (the SVG's scale applied). */
async function chartLabels(
  page: Page,
): Promise<{ text: string; left: number; right: number; top: number; bottom: number; fontPx: number }[]> {
  return page.getByTestId('measurement-chart').evaluate((svg) =>
    [...svg.querySelectorAll('text')].map((text) => {
      const r = text.getBoundingClientRect()
      const scale = (text as SVGTextElement).getScreenCTM()?.a ?? 1
      return {
        text: text.textContent ?? '',
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
        fontPx: parseFloat(getComputedStyle(text).fontSize) * scale,
      }
    }),
  )
}

for (const width of [480, 1280]) {
  test(`the measurements chart's axis labels are readable and apart at ${width} px`, async ({ page }) => {
    await openApp(page)
    // (Below 640 px the sidebar is a drawer: open the app wide, then narrow the window.)
    await page.setViewportSize({ width, height: 800 })
    // Wide values and a wide date range: the longest labels the chart draws.
    for (const [kg, day] of [
      [172.57, 1],
      [70.25, 9],
      [99.5, 17],
      [101.75, 28],
    ] as const)
      insertWeight(kg, day)
    await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
    const chart = page.getByTestId('measurement-chart')
    await expect(chart).toBeVisible()
    await page.screenshot({ path: `test-results/screenshots/window-polish-2-chart-${width}.png` })
    const svg = (await chart.boundingBox())!
    const labels = await chartLabels(page)
    expect(labels.map((l) => l.text)).toContain('172.57')
    expect(labels.length).toBeGreaterThanOrEqual(3)
    for (const label of labels) {
      // Drawn at the size the stylesheet asks (11 px), not shrunk with the window (it was about 6 px).
      expect(label.fontPx, `"${label.text}" font size`).toBeGreaterThanOrEqual(10.5)
      expect(label.left, `"${label.text}" inside the chart`).toBeGreaterThanOrEqual(svg.x - 0.5)
      expect(label.right, `"${label.text}" inside the chart`).toBeLessThanOrEqual(svg.x + svg.width + 0.5)
    }
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
        expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true)
      }
    }
  })
}

/** The distinct rows (rounded tops) the header's parts sit on: the toggle, the title and each action. */
const headerRows = (page: Page) =>
  page.locator('header.chat-header').evaluate((header) => {
    const parts = [...header.querySelectorAll('.sidebar-toggle, .chat-title, .chat-header-actions > *')].filter(
      (el) => el.getBoundingClientRect().width > 1,
    )
    const tops: number[] = []
    for (const top of parts.map((el) => el.getBoundingClientRect().top))
      if (!tops.some((t) => Math.abs(t - top) < 8)) tops.push(top)
    return tops.length
  })

test('at 480 px the header is two short rows, with the title and every button whole', async ({ page }) => {
  await openApp(page)
  await enqueue({ type: 'turn', text: 'Aconcagua, 6961 m.' })
  await send(page, 'Tallest mountain in the Andes')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Aconcagua')
  await page.setViewportSize({ width: 480, height: 800 })
  const header = page.locator('header.chat-header')
  await expect(header.locator('.usage')).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/window-polish-2-header-480.png' })
  // It took 160 of 800 px (four rows of buttons, audit #4).
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(96)
  expect(await headerRows(page)).toBeLessThanOrEqual(2)
  const title = page.getByRole('heading', { level: 1 })
  await expect(title).toHaveText('Tallest mountain in the Andes')
  expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(150)
  for (const name of ['Conversations', 'Measurements', 'Conversation', 'Settings', 'Keyboard shortcuts']) {
    const button = header.getByRole('button', { name, exact: true })
    await expect(button).toBeInViewport({ ratio: 1 })
    expect(await button.evaluate((el) => el.scrollWidth - el.clientWidth), name).toBeLessThanOrEqual(0)
  }
  // The measurements view's header too (Back to chat in place of Measurements).
  await header.getByRole('button', { name: 'Measurements', exact: true }).click()
  await expect(header.getByRole('button', { name: 'Back to chat' })).toBeInViewport({ ratio: 1 })
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(96)
  expect(await headerRows(page)).toBeLessThanOrEqual(2)
})
