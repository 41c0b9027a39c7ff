// Any answer a model can send is drawn without blocking the window: a 2 MB code
// block on one line, a huge table, very long unbroken words. The answer appears and the composer
// keeps taking keys within the normal expect timeout; past a size, code is shown as plain text.
import { expect, test } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

/** `text` as the deltas a provider streams it in (64 KB each). */
const chunks = (text: string, size = 65_536) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size))

test('a 2 MB single-line code block is drawn as plain text and the composer stays usable', async ({ page }) => {
  const line = 'const value = compute(alpha, beta) + "text"; '.repeat(46_000) // ≈ 2 MB, no newline
  expect(line.length).toBeGreaterThan(2_000_000)
  await enqueue({
    type: 'turn',
    text: chunks(`Here it is:\n\n\`\`\`js\n${line}END_OF_LINE\n\`\`\`\n\nThat was the code.`),
  })
  await openApp(page)
  await send(page, 'A huge line, please')

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('That was the code.')
  const block = answer.getByTestId('code-block')
  await expect(block).toContainText('const value = compute(alpha, beta)')
  // Past the size the window colours and lays out at once, the block says so and shows plain text.
  await expect(block.getByTestId('code-block-plain')).toBeVisible()

  // The composer takes keys at once.
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.click()
  await box.pressSequentially('still typing')
  await expect(box).toHaveValue('still typing')
})

test('a huge table falls back to plain text, a large one is still a table, and long words never widen the page', async ({
  page,
}) => {
  const table = (count: number, tag: string) =>
    `| ${Array.from({ length: 12 }, (_, i) => `col${i}`).join(' | ')} |\n|${' --- |'.repeat(12)}\n` +
    Array.from(
      { length: count },
      (_, r) => `| ${Array.from({ length: 12 }, (_, c) => `${tag}${r}c${c}`).join(' | ')} |`,
    ).join('\n')
  const word = 'W'.repeat(60_000)
  await enqueue({
    type: 'turn',
    text: chunks(`${table(6_000, 'h')}\n\n${table(700, 'm')}\n\nA long word: ${word}\n\nTable done.`),
  })
  await openApp(page)
  await send(page, 'A huge table, please')

  const answer = page.getByTestId('message-assistant').last()
  // About 1 MB of Markdown streamed and parsed as it grows: longer than a usual answer on a busy
  // machine (two spec files run at once), so this wait is longer than the default.
  await expect(answer).toContainText('Table done.', { timeout: 45_000 })
  // 6,000 rows: its start, as plain text, saying so.
  await expect(answer.getByTestId('code-block-plain')).toBeVisible()
  await expect(answer.getByTestId('code-block').first()).toContainText('h0c0')
  // 700 rows: a real table.
  await expect(answer.getByRole('cell', { name: 'm699c11' })).toBeAttached()
  // Nothing in the answer pushes the page sideways.
  const list = page.getByTestId('messages')
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.pressSequentially('ok')
  await expect(box).toHaveValue('ok')
})
