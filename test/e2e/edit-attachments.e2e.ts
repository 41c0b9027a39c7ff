// Edit and resend keeps the question's files: the editor shows them as chips, each with a
// "Remove <name>" button, and takes more with its own Attach; the provider gets the edited question
// with the files left and added; the new version shows them. Axe on the editor; screenshot under
// test-results/screenshots/<project>/history-edit-files.png.
import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, resetSim, screenshot, simRequests } from './sim'

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='
const questions = (page: Page) => page.getByTestId('message-user')
const answers = (page: Page) => page.getByTestId('message-assistant')
const idle = (page: Page) => expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

test.beforeEach(async () => {
  await resetSim()
})

test('an edited question keeps its files; one removed, one added; the request and the new version carry them', async ({
  page,
}) => {
  await openApp(page)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach' }).click()
  await (await chooser).setFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') },
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n') },
  ])
  await enqueue({ type: 'turn', text: 'A red dot and notes.' })
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('What are these?')
  await box.press('Enter')
  await expect(answers(page).last()).toContainText('A red dot and notes.')
  await idle(page)

  const question = questions(page).first()
  await question.hover()
  await question.getByRole('button', { name: 'Edit' }).click()
  const editor = page.getByTestId('message-edit')
  await expect(editor.getByRole('textbox', { name: 'Edit your message' })).toBeFocused()
  const kept = editor.getByRole('list', { name: 'Attached files' }).getByRole('listitem')
  await expect(kept).toHaveCount(2)
  await expect(editor.getByRole('img', { name: 'red.png' })).toBeVisible()
  await editor.getByRole('button', { name: 'Remove notes.md' }).click()
  await expect(kept).toHaveCount(1)
  const more = page.waitForEvent('filechooser')
  await editor.getByRole('button', { name: 'Attach' }).click()
  await (await more).setFiles({
    name: 'extra.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('added while editing\n'),
  })
  await expect(editor.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1)
  await editor.getByRole('textbox', { name: 'Edit your message' }).fill('What is this red one?')
  await expectNoViolations(page, 'editing a question with files')
  await screenshot(page, 'history-edit-files')

  await enqueue({ type: 'turn', text: 'A red dot, and your added note.' })
  await editor.getByRole('button', { name: 'Save and send' }).click()
  await expect(answers(page).last()).toContainText('A red dot, and your added note.')
  await idle(page)
  const requests = (await simRequests()) as {
    body: { messages: { role: string; content: Record<string, unknown>[] }[] }
  }[]
  expect(requests.at(-1)!.body.messages[0]!.content).toEqual([
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    { type: 'text', text: 'File: extra.txt\n```\nadded while editing\n```' },
    { type: 'text', text: 'What is this red one?' },
  ])
  const sent = questions(page).first().getByRole('list', { name: 'Attached files' }).getByRole('listitem')
  await expect(sent).toHaveCount(2)
  await expect(sent.nth(0)).toContainText('red.png')
  await expect(sent.nth(1)).toContainText('extra.txt')
})
