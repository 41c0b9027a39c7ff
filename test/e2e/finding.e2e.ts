// Finding things: search, the sidebar (groups, pins, menus, writing marker, collapse),
// the drawer of narrow windows, keyboard shortcuts and the help view, Esc and focus.
import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, releaseStream, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/finding-${name}.png`, fullPage: false })
const nav = (page: Page) => page.getByRole('navigation', { name: 'Conversations' })
const mod = process.platform === 'darwin' ? 'Meta' : 'Control'

async function converse(page: Page, question: string, answer: string): Promise<void> {
  await enqueue({ type: 'turn', text: answer })
  await page.getByRole('button', { name: 'New conversation' }).click()
  await send(page, question)
  await expect(page.getByTestId('message-assistant').last()).toContainText(answer.split('\n').at(-1)!)
}

/** Puts Tab's starting point at the page start (the composer takes focus on load). */
async function focusPageStart(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute('tabindex')
  })
}

test('search finds words, phrases and diacritic-folded words, and opens at the message', async ({ page }) => {
  await openApp(page)
  const filler = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of filler.`).join('\n\n')
  await converse(page, 'Qual foi a medição de quarkzeta?', `${filler}\n\nA medição de quarkzeta foi 72,5 kg.`)
  await converse(page, 'Something else entirely', 'Nothing to see.')

  const search = page.getByRole('searchbox', { name: 'Search conversations' })
  await search.fill('medicao quarkzeta')
  const results = page.getByTestId('search-result')
  await expect(results.first()).toBeVisible()
  // One entry for the conversation, its title highlighted; under it the question and the answer, each highlighted.
  await expect(page.getByTestId('search-group')).toHaveCount(1)
  await expect(page.getByTestId('search-group').locator('.search-result-title mark').first()).toHaveText(
    /medição|quarkzeta/i,
  )
  await expect(results).toHaveCount(2)
  await expect(results.first().locator('mark').first()).toHaveText(/medição|quarkzeta/i)
  await expectNoViolations(page, 'search results')
  await shot(page, 'search-results')

  await search.fill('"foi 72,5"')
  await expect(results).toHaveCount(1)
  // (FTS5 highlights a matched phrase as one piece.)
  await expect(results.first().locator('mark')).toHaveText(['foi 72,5'])
  await results.first().click()
  // Opened at the answer's message: in view and outlined for a moment.
  const answer = page.getByTestId('message-assistant').filter({ hasText: 'A medição de quarkzeta' })
  await expect(answer).toBeInViewport()
  await expect(answer).toHaveClass(/search-target/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qual foi a medição de quarkzeta?')
  await shot(page, 'opened-at-message')

  // Prefix; Esc empties the field and the list comes back.
  await search.fill('quarkz*')
  await expect(results.first()).toBeVisible()
  await search.press('Escape')
  await expect(search).toHaveValue('')
  await expect(nav(page).getByRole('button', { name: 'Something else entirely' }).first()).toBeVisible()
})

test('pin, rename and delete a conversation that is not open, from its menu', async ({ page }) => {
  await openApp(page)
  await converse(page, 'Pin me later ozone', 'ok 1')
  await converse(page, 'The open one ozone', 'ok 2')
  const item = nav(page).getByTestId('conversation-item').filter({ hasText: 'Pin me later ozone' })
  const menuButton = item.getByRole('button', { name: 'Conversation actions' })
  // The full title on hover.
  await expect(item.getByRole('button', { name: 'Pin me later ozone' })).toHaveAttribute('title', 'Pin me later ozone')

  await menuButton.click()
  await expect(page.getByRole('menuitem', { name: 'Pin' })).toBeFocused()
  await expectNoViolations(page, 'conversation menu')
  await shot(page, 'menu')
  await page.keyboard.press('Enter')
  const pinnedGroup = nav(page).getByRole('region', { name: 'Pinned' })
  await expect(pinnedGroup.getByRole('button', { name: 'Pin me later ozone' })).toBeVisible()
  // The open conversation stayed open.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The open one ozone')

  await pinnedGroup.getByRole('button', { name: 'Conversation actions' }).first().click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const field = nav(page).getByRole('textbox', { name: 'Conversation title' })
  await field.fill('Renamed pinned ozone')
  await field.press('Enter')
  await expect(pinnedGroup.getByRole('button', { name: 'Renamed pinned ozone' })).toBeVisible()

  await pinnedGroup.getByRole('button', { name: 'Conversation actions' }).first().click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  // Asked in place, not with the browser's confirm.
  const confirm = nav(page).getByRole('group', { name: 'Delete “Renamed pinned ozone”?' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused()
  await shot(page, 'delete-asked')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(nav(page).getByRole('button', { name: 'Renamed pinned ozone' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The open one ozone')

  // Deleting the open conversation opens the next one in the list.
  const open = nav(page).getByTestId('conversation-item').filter({ hasText: 'The open one ozone' })
  await open.getByRole('button', { name: 'Conversation actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await nav(page).getByRole('group').getByRole('button', { name: 'Delete' }).click()
  await expect(nav(page).getByRole('button', { name: 'The open one ozone' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('The open one ozone')
  // Date groups: what was just written is under Today.
  await expect(nav(page).getByRole('region', { name: 'Today' })).toBeVisible()
})

test('a conversation still being written is marked; Esc closes Settings without stopping it (defect 5)', async ({
  page,
}) => {
  const words = Array.from({ length: 24 }, (_, i) => `w${i} `)
  // The stream holds after its third word until the checks below are done, so the answer is
  // verifiably unfinished through Settings, Esc and a new conversation, however slow the machine.
  await enqueue({ type: 'turn', text: [...words, 'word by word.'], faults: { holdAfterText: 'w2 ' } })
  await openApp(page)
  await send(page, 'Write slowly marker')
  const item = nav(page).getByTestId('conversation-item').filter({ hasText: 'Write slowly marker' })
  await expect(item.getByTestId('writing-marker')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Settings' })).toHaveCount(0)
  // Still running: the Stop button and the marker are there.
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()

  // Open another conversation: the first one's marker stays while it writes.
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(item.getByTestId('writing-marker')).toBeVisible()
  await shot(page, 'writing-marker')
  await item.getByRole('button', { name: 'Write slowly marker' }).click()
  await expect(page.getByTestId('live-answer')).toContainText('w2')
  await expect(item.getByTestId('writing-marker')).toBeVisible()
  await releaseStream()
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('word by word.')
  await expect(answer.getByTestId('interrupted')).toHaveCount(0)
  await expect(item.getByTestId('writing-marker')).toHaveCount(0)
})

test('the sidebar collapses (remembered) and New conversation does not scroll away', async ({ page }) => {
  await openApp(page)
  const toggle = page.getByRole('button', { name: 'Conversations', exact: true })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await toggle.click()
  await expect(nav(page)).toBeHidden()
  await shot(page, 'sidebar-collapsed')
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await expect(nav(page)).toBeHidden()
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  await expect(nav(page)).toBeVisible()
  // The list scrolls below the New conversation button and the search field.
  const list = nav(page).locator('.sidebar-list')
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(page.getByRole('button', { name: 'New conversation' })).toBeInViewport()
})

test('at 480 px the list is a drawer and the composer stays on screen (defect 4)', async ({ page }) => {
  await openApp(page)
  await converse(page, 'Narrow window drawer', 'ok narrow')
  await page.setViewportSize({ width: 480, height: 720 })
  const composer = page.getByRole('textbox', { name: 'Message' })
  await expect(composer).toBeInViewport()
  await expect(page.getByRole('button', { name: 'New conversation' })).toBeHidden()
  await shot(page, 'narrow-480')

  const toggle = page.getByRole('button', { name: 'Conversations', exact: true })
  await toggle.click()
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused()
  await expectNoViolations(page, 'drawer')
  await shot(page, 'drawer')
  // Focus stays inside while it is open.
  for (let i = 0; i < 30; i++) await page.keyboard.press('Tab')
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(toggle).toBeFocused()
  // Choosing a conversation closes it.
  await toggle.click()
  await drawer.getByRole('button', { name: 'Narrow window drawer' }).first().click()
  await expect(drawer).toBeHidden()
  await expect(composer).toBeInViewport()
})

test('keyboard: composer focused on load, skip link, every shortcut, the help view', async ({ page }) => {
  await openApp(page)
  const composer = page.getByRole('textbox', { name: 'Message' })
  await expect(composer).toBeFocused()

  await page.keyboard.press(`${mod}+k`)
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused()
  await page.keyboard.press(`${mod}+Shift+E`)
  await expect(composer).toBeFocused()
  await page.keyboard.press(`${mod}+,`)
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused()
  await page.keyboard.press(`${mod}+,`)
  await expect(page.getByRole('region', { name: 'Settings' })).toHaveCount(0)

  await enqueue({ type: 'turn', text: 'Shortcut answer.' })
  await send(page, 'Shortcut conversation')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Shortcut answer.')
  // Find in this conversation: its own bar (the list only mounts what is on screen), Esc closes it.
  await page.keyboard.press(`${mod}+f`)
  const find = page.getByRole('searchbox', { name: 'Find in this conversation' })
  await expect(find).toBeFocused()
  await find.fill('shortcut ANSWER')
  await expect(page.getByTestId('find-status')).toHaveText('1 of 1')
  await expectNoViolations(page, 'find bar')
  await find.press('Escape')
  await expect(find).toHaveCount(0)
  await expect(composer).toBeFocused()
  await page.keyboard.press(`${mod}+Shift+O`)
  await expect(page.getByText('Ask anything.')).toBeVisible()
  await expect(composer).toBeFocused()

  await page.keyboard.press(`${mod}+/`)
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help).toContainText('Ctrl+K')
  await expect(help).toContainText('Find in this conversation')
  await expectNoViolations(page, 'shortcuts help')
  await shot(page, 'shortcuts-help')
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  // `?` opens it too, but not while typing.
  await composer.press('?')
  await expect(help).toBeHidden()
  await expect(composer).toHaveValue('?')
  await composer.fill('')
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await expect(help).toBeVisible()
  await help.getByRole('button', { name: 'Close keyboard shortcuts' }).click()
  await page.locator('body').click({ position: { x: 600, y: 300 } })
  await page.keyboard.press('?')
  await expect(help).toBeVisible()
  await page.keyboard.press('Escape')

  // The skip link: first Tab stop, it moves focus to the composer.
  await focusPageStart(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to composer' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(composer).toBeFocused()
})

test('after approving, focus goes to the composer (defect 19)', async ({ page }) => {
  await enqueue(
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 70.1, unit: 'kg' } }],
    },
    { type: 'turn', text: 'Recorded.' },
  )
  await openApp(page)
  await send(page, 'Record 70.1 kg focus')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await card.getByRole('button', { name: 'Approve' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded.')
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})
