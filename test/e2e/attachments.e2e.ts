import { expect, test, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, resetSim, screenshot, simRequests } from './sim'

// A real 1×1 PNG (red) and a 1×1 GIF.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='
const GIF_BASE64 = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='
const NOTES = '# Notes\nweight: 72.5 kg\n'

/** Pastes a file into the composer as the clipboard would (a ClipboardEvent carrying a DataTransfer). */
async function pasteImage(page: Page, name: string, base64: string, type: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (box, file) => {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], file.name, { type: file.type }))
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    },
    { name, base64, type },
  )
}

/** Drops a file onto the composer as a drag from the desktop would (dragover, then drop). */
async function dropFile(page: Page, name: string, text: string, type: string): Promise<void> {
  await page.locator('form.composer').evaluate(
    (form, file) => {
      const data = new DataTransfer()
      data.items.add(new File([file.text], file.name, { type: file.type }))
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    },
    { name, text, type },
  )
}

test.beforeEach(async () => {
  await resetSim()
})

test('pick, paste and drop files, remove one, send: the request carries them; a reload shows them again', async ({
  page,
}) => {
  await openApp(page)
  // The limits are said before anything is attached, next to the button.
  const attach = page.getByRole('button', { name: 'Attach' })
  await expect(attach).toBeVisible()
  await expect(
    page.getByText(
      'Images up to 3.75 MB (PNG, JPEG, GIF, WebP); text files up to 256 KB; up to 10 files, 10 MB in all.',
    ),
  ).toBeVisible()

  // Pick an image with the file chooser.
  const chooser = page.waitForEvent('filechooser')
  await attach.click()
  await (await chooser).setFiles({ name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') })
  // Paste another; drop a text file.
  await pasteImage(page, 'image.gif', GIF_BASE64, 'image/gif')
  await dropFile(page, 'notes.md', NOTES, 'text/markdown')
  const chips = page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')
  await expect(chips).toHaveCount(3)
  await expect(page.getByRole('img', { name: 'red.png' })).toBeVisible()
  await expectNoViolations(page, 'three files attached')
  await screenshot(page, 'attachments-composer')

  // Remove the pasted one.
  await page.getByRole('button', { name: 'Remove image.gif' }).click()
  await expect(chips).toHaveCount(2)

  await enqueue({ type: 'turn', text: 'A red dot and your notes.' })
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('What are these?')
  await box.press('Enter')
  await expect(page.getByText('A red dot and your notes.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0)

  // The provider (Anthropic here) got the image as a base64 block and the file as a fenced block.
  const [request] = (await simRequests()) as {
    body: { messages: { role: string; content: Record<string, unknown>[] }[] }
  }[]
  expect(request!.body.messages[0]!.content).toEqual([
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    { type: 'text', text: 'File: notes.md\n```\n# Notes\nweight: 72.5 kg\n```' },
    { type: 'text', text: 'What are these?' },
  ])

  // After a reload the conversation shows its files again (the image from the core's bytes).
  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'What are these?' }).first().click()
  const sent = page.getByRole('list', { name: 'Attached files' })
  await expect(sent.getByRole('listitem')).toHaveCount(2)
  const thumbnail = sent.getByRole('img', { name: 'red.png' })
  await expect(thumbnail).toBeVisible()
  expect(await thumbnail.getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`)
  await expect(sent.getByText('notes.md')).toBeVisible()
  await expectNoViolations(page, 'a sent message with its files')
  await screenshot(page, 'attachments-sent')
})

test('a file over the limit is refused with the limit said; a file that is neither image nor text too', async ({
  page,
}) => {
  await openApp(page)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach' }).click()
  const big = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(4 * 1024 * 1024)])
  await (await chooser).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big })
  await expect(page.getByRole('alert')).toHaveText('huge.png is too big (4 MB): images can be up to 3.75 MB.')
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0)
  await expectNoViolations(page, 'a file refused')
  await screenshot(page, 'attachments-too-big')

  const second = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach' }).click()
  await (await second).setFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]),
  })
  await expect(page.getByRole('alert')).toHaveText(
    'report.pdf cannot be attached: only images (PNG, JPEG, GIF, WebP) and text files can.',
  )
})
