// The sidebar with a power user's history. 1,200 conversations arrive the real way (the
// window's Import of a generated whole-store export); the list is virtualized (the DOM holds a
// bounded number of rows however many are loaded), pages in older conversations as it scrolls until
// the oldest is reachable, and rename, delete and pin work deep in the list (focus back on the title),
// and from the header's menu for a conversation opened from search beyond every loaded page.
// The imported conversations are dated years back, so they sit below every conversation the other
// specs create in the same database (their lookups by title stay on the first screen).
import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { openApp, resetSim, screenshot } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const COUNT = 1_200
/** Rows the DOM may hold: the visible ones plus overscan, never the loaded thousands. */
const MAX_DOM_ROWS = 80
const nav = (page: Page) => page.getByRole('navigation', { name: 'Conversations' })
const rows = (page: Page) => nav(page).getByTestId('conversation-item')
const scroller = (page: Page) => nav(page).locator('.sidebar-scroll')

test('1,200 conversations: a bounded DOM, paged to the oldest, rename / delete / pin deep in the list', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await openApp(page)
  const stamp = Date.now()
  const title = (n: number) => `Scale ${stamp} #${n}`
  // Newest #0 … oldest #1199, one every 7 hours from Jan 2019 back: below anything created today.
  const newest = Date.parse('2019-01-01T12:00:00Z')
  const conversations = Array.from({ length: COUNT }, (_, n) => ({
    id: `scale-${stamp}-${n}`,
    title: title(n),
    createdAt: newest - n * 7 * 3_600_000,
    updatedAt: newest - n * 7 * 3_600_000,
    messages: [
      { role: 'user', text: `Question ${n}`, createdAt: newest - n * 7 * 3_600_000 },
      { role: 'assistant', status: 'complete', text: `Answer ${n}`, createdAt: newest - n * 7 * 3_600_000 },
    ],
  }))
  const file = Buffer.from(JSON.stringify({ conversations, generations: [], measurements: [], ledger: [] }))
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await page
    .getByLabel('Conversation file (JSON)')
    .setInputFiles({ name: 'history.json', mimeType: 'application/json', buffer: file })
  await expect(page.getByText(`Imported ${COUNT.toLocaleString('en-US')} conversations.`)).toBeVisible({
    timeout: 120_000,
  })
  // Start from the top with nothing open (the import opened the first imported conversation).
  await openApp(page)
  await expect(rows(page).first()).toBeVisible()
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS)

  // List semantics: each group is a labelled region holding a list whose items know their place.
  const firstItem = rows(page).first()
  await expect(firstItem).toHaveAttribute('aria-posinset', '1')
  await expect(firstItem).toHaveAttribute('aria-setsize', /^\d+$/)

  // A conversation older than every page loaded, opened from search: the window still has its title.
  const deepSearch = page.getByRole('searchbox', { name: 'Search conversations' })
  await deepSearch.fill(`Question ${COUNT - 50}`)
  await page.getByTestId('search-result').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title(COUNT - 50))
  // Its own actions are in the header's Conversation menu too (its sidebar row is pages away): rename, pin, delete.
  await deepSearch.press('Escape')
  const menuButton = page.getByRole('button', { name: 'Conversation', exact: true })
  await menuButton.click()
  await page.getByRole('button', { name: 'Rename…' }).click()
  const headerField = page.locator('header').getByRole('textbox', { name: 'Conversation title' })
  await expect(headerField).toHaveValue(title(COUNT - 50))
  await screenshot(page, 'header-conversation-rename')
  await headerField.fill(`Deep renamed ${stamp}`)
  await headerField.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Deep renamed ${stamp}`)
  await expect(menuButton).toBeFocused()
  await screenshot(page, 'header-conversation-renamed')
  const pinnedDeep = nav(page)
    .getByRole('region', { name: 'Pinned' })
    .getByRole('button', { name: `Deep renamed ${stamp}`, exact: true })
  await menuButton.click()
  await page.getByRole('button', { name: 'Pin', exact: true }).click()
  await expect(pinnedDeep).toBeVisible()
  await menuButton.click()
  await page.getByRole('button', { name: 'Unpin', exact: true }).click()
  await expect(pinnedDeep).toHaveCount(0)
  await menuButton.click()
  await page.getByRole('button', { name: 'Delete…' }).click()
  const headerConfirm = page.getByRole('group', { name: `Delete “Deep renamed ${stamp}”?` })
  await expect(headerConfirm.getByRole('button', { name: 'Delete', exact: true })).toBeFocused()
  await expectNoViolations(page, 'header delete question')
  await screenshot(page, 'header-conversation-delete')
  await headerConfirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('Ask anything.')).toBeVisible()
  // Gone from the store (its title is unique; other specs' conversations share its question's words).
  await deepSearch.fill(`Deep renamed ${stamp}`)
  await expect(page.getByText(`Nothing found for “Deep renamed ${stamp}”.`)).toBeVisible()
  await openApp(page)

  // Scroll to the end again and again: older pages load until the oldest is there.
  const oldest = nav(page).getByRole('button', { name: title(COUNT - 1), exact: true })
  let maxRows = 0
  for (let i = 0; i < 200 && !(await oldest.isVisible()); i++) {
    await scroller(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await page.waitForTimeout(100)
    maxRows = Math.max(maxRows, await rows(page).count())
  }
  await expect(oldest).toBeVisible()
  expect(maxRows).toBeLessThanOrEqual(MAX_DOM_ROWS)
  // The oldest is in its month's group (the imported dates), a labelled region.
  await expect(
    nav(page)
      .getByRole('region', { name: 'January 2018' })
      .getByRole('button', { name: title(COUNT - 1), exact: true }),
  ).toBeVisible()
  await screenshot(page, 'sidebar-scale-oldest')
  await expectNoViolations(page, 'sidebar at its oldest conversations')

  // Opened from elsewhere (a search result) while the list is scrolled far away: back from the
  // search, the list shows it, marked as the open one.
  const search = page.getByRole('searchbox', { name: 'Search conversations' })
  await search.fill(`${stamp} 5`)
  // A title match: its conversation's row in the results (no message matched).
  await page.getByTestId('search-group').first().locator('.search-group-head').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title(5))
  await search.press('Escape')
  const opened = nav(page).getByRole('button', { name: title(5), exact: true })
  await expect(opened).toBeInViewport()
  await expect(opened).toHaveAttribute('aria-current', 'page')
  await expect(oldest).not.toBeInViewport()
  // Back to the end for the rest.
  for (let i = 0; i < 50 && !(await oldest.isVisible()); i++) {
    await scroller(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await page.waitForTimeout(100)
  }
  await expect(oldest).toBeInViewport()
  // Collapsed and shown again, the list is where it was.
  const toggle = page.getByRole('button', { name: 'Conversations', exact: true })
  await toggle.click()
  await expect(nav(page)).toBeHidden()
  await toggle.click()
  // (Once seen in CI: the list back at its top. Where the scroller was is added if it happens again.)
  await expect(oldest)
    .toBeInViewport()
    .catch(async (error: Error) => {
      const where = await scroller(page).evaluate(
        (el) => `scrollTop ${el.scrollTop} of ${el.scrollHeight}, ${el.clientHeight} shown`,
      )
      throw new Error(`${error.message}\nthe list after being shown again: ${where}`)
    })

  // Rename deep in the list: in place, Enter saves, focus back on the title.
  const item = (n: number) => rows(page).filter({ has: page.getByRole('button', { name: title(n), exact: true }) })
  await item(COUNT - 1)
    .getByRole('button', { name: 'Conversation actions' })
    .click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const field = nav(page).getByRole('textbox', { name: 'Conversation title' })
  await field.fill(`Oldest renamed ${stamp}`)
  await field.press('Enter')
  const renamed = nav(page).getByRole('button', { name: `Oldest renamed ${stamp}`, exact: true })
  await expect(renamed).toBeVisible()
  await expect(renamed).toBeFocused()

  // Delete deep in the list: asked in place; Esc keeps it (focus back), Delete removes it.
  await item(COUNT - 2)
    .getByRole('button', { name: 'Conversation actions' })
    .click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = nav(page).getByRole('group', { name: `Delete “${title(COUNT - 2)}”?` })
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(nav(page).getByRole('button', { name: title(COUNT - 2), exact: true })).toBeFocused()
  await item(COUNT - 2)
    .getByRole('button', { name: 'Conversation actions' })
    .click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(nav(page).getByRole('button', { name: title(COUNT - 2), exact: true })).toHaveCount(0)
  await expect(renamed).toBeVisible()

  // Arrow keys move between titles (across the scrolled list).
  await nav(page)
    .getByRole('button', { name: title(COUNT - 4), exact: true })
    .focus()
  await page.keyboard.press('ArrowDown')
  await expect(nav(page).getByRole('button', { name: title(COUNT - 3), exact: true })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(renamed).toBeFocused()

  // Pin deep in the list: it moves to Pinned at the top, the list follows it there with focus.
  await item(COUNT - 3)
    .getByRole('button', { name: 'Conversation actions' })
    .click()
  await page.getByRole('menuitem', { name: 'Pin' }).click()
  const pinned = nav(page)
    .getByRole('region', { name: 'Pinned' })
    .getByRole('button', { name: title(COUNT - 3), exact: true })
  await expect(pinned).toBeVisible()
  await expect(pinned).toBeFocused()
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS)
  // Home goes to the first title, End to the last loaded one (the renamed oldest).
  await page.keyboard.press('End')
  await expect(renamed).toBeFocused()
  await page.keyboard.press('Home')
  await expect(pinned).toBeFocused()
  // Unpinned again (other specs' Pinned group stays theirs).
  await nav(page)
    .getByRole('region', { name: 'Pinned' })
    .getByRole('button', { name: 'Conversation actions' })
    .first()
    .click()
  await page.getByRole('menuitem', { name: 'Unpin' }).click()
  await expect(
    nav(page)
      .getByRole('region', { name: 'Pinned' })
      .getByRole('button', { name: title(COUNT - 3), exact: true }),
  ).toHaveCount(0)

  // After a reload the list starts again from its first page, bounded.
  await page.reload()
  await expect(rows(page).first()).toBeVisible()
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS)
})
