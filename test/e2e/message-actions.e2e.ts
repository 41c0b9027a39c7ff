import { expect, isElectron, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { appUrl, enqueue, openApp, resetSim, screenshot, send, simRequests } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

const answers = (page: Page) => page.getByTestId('message-assistant')
const questions = (page: Page) => page.getByTestId('message-user')
const idle = (page: Page) => expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

test('Copy, Regenerate in place, Previous/Next version, by mouse and by keyboard', async ({ page }) => {
  if (!isElectron())
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(appUrl()).origin })
  await enqueue({ type: 'turn', text: 'First answer with **bold** text.' })
  await openApp(page)
  await send(page, 'Hello! What can you do?')
  await expect(answers(page).last()).toContainText('First answer with bold text.')
  await idle(page)
  const answer = answers(page).last()
  await expect(answer.getByTestId('answer-model')).toContainText('Anthropic')

  // Copy puts the Markdown source on the clipboard.
  await answer.hover()
  await answer.getByRole('button', { name: 'Copy' }).click()
  await expect(answer.getByRole('status')).toHaveText('Copied')
  if (!isElectron())
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('First answer with **bold** text.')

  // Regenerate: the answer is replaced in place; the question is neither repeated on screen nor in the request.
  await enqueue({ type: 'turn', text: 'Second answer.' })
  await answer.getByRole('button', { name: 'Regenerate' }).click()
  await expect(answers(page).last()).toContainText('Second answer.')
  await idle(page)
  await expect(questions(page)).toHaveCount(1)
  await expect(answers(page)).toHaveCount(1)
  const requests = (await simRequests()) as { body: unknown }[]
  expect(JSON.stringify(requests.at(-1)!.body).split('Hello! What can you do?').length - 1).toBe(1)
  await expect(page.getByRole('group', { name: 'Version 2 of 2' })).toBeVisible()
  await screenshot(page, 'versions-regenerated')

  // Back to the first version, and forth, by keyboard: focus inside the answer shows its buttons.
  const previous = page.getByRole('button', { name: 'Previous version' })
  await previous.focus()
  await page.keyboard.press('Enter')
  await expect(answers(page).last()).toContainText('First answer with bold text.')
  await expect(page.getByRole('group', { name: 'Version 1 of 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Next version' }).focus()
  await page.keyboard.press('Enter')
  await expect(answers(page).last()).toContainText('Second answer.')
  // Tab from the version switcher reaches the actions, which show while focused.
  const copy = answers(page).last().getByRole('button', { name: 'Copy' })
  await copy.focus()
  await expect(copy).toBeFocused()
  expect(await copy.evaluate((node) => getComputedStyle(node.parentElement!).opacity)).toBe('1')
  await screenshot(page, 'versions-keyboard-actions')
  await expectNoViolations(page, 'answer with versions, actions focused')
})

test('Edit and resend continues from the edited question; the old branch stays a version; Delete asks inline', async ({
  page,
}) => {
  await enqueue({ type: 'turn', text: 'Answer one.' }, { type: 'turn', text: 'Answer two.' })
  await openApp(page)
  await send(page, 'Question one')
  await expect(answers(page).last()).toContainText('Answer one.')
  await idle(page)
  await send(page, 'Question two')
  await expect(answers(page).last()).toContainText('Answer two.')
  await idle(page)

  const first = questions(page).first()
  await first.hover()
  await first.getByRole('button', { name: 'Edit' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit your message' })
  await expect(editor).toBeFocused()
  await editor.fill('Question one, rephrased')
  await screenshot(page, 'versions-editing')
  await expectNoViolations(page, 'editing a question')
  await enqueue({ type: 'turn', text: 'Answer to the rephrased question.' })
  await page.getByRole('button', { name: 'Save and send' }).click()
  await expect(answers(page).last()).toContainText('Answer to the rephrased question.')
  await idle(page)
  await expect(questions(page)).toHaveText(['Question one, rephrased'].map((text) => new RegExp(text)))
  await expect(page.getByText('Question two')).toHaveCount(0)
  await screenshot(page, 'versions-edited')

  // The old branch, whole, through the question's previous version.
  await questions(page).first().getByRole('button', { name: 'Previous version' }).click()
  await expect(questions(page)).toHaveCount(2)
  await expect(answers(page).last()).toContainText('Answer two.')

  // Delete the last answer: asked inline, then gone.
  const last = answers(page).last()
  await last.hover()
  await last.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('group', { name: 'Delete this answer?' })
  await expect(confirm).toBeVisible()
  await screenshot(page, 'versions-delete-confirm')
  await expectNoViolations(page, 'delete asked inline')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Answer two.')).toHaveCount(0)
  await expect(questions(page)).toHaveCount(2)
})

test('Continue after the length limit adds to the same answer', async ({ page }) => {
  await enqueue({ type: 'turn', text: 'Step one, step', finish: 'length' })
  await openApp(page)
  await send(page, 'List the steps')
  await expect(answers(page).last()).toContainText('Step one, step')
  await idle(page)
  const cont = page.getByRole('button', { name: 'Continue' })
  await expect(cont).toBeVisible()
  await screenshot(page, 'versions-cut-off')
  await enqueue({ type: 'turn', text: ' two, step three.' })
  await cont.click()
  await expect(answers(page).last()).toContainText('Step one, step two, step three.')
  await idle(page)
  await expect(answers(page)).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
  await screenshot(page, 'versions-continued')
  await expectNoViolations(page, 'continued answer')
})
