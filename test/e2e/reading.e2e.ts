import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { enqueue, openApp, releaseStream, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

/** WCAG 2.0/2.1 A and AA, as in accessibility.e2e.ts; any violation fails with its rule and elements. */

/** How far the message list's view is from its end, in pixels. */
const distanceFromEnd = (list: Locator) => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
const scrollTopOf = (list: Locator) => list.evaluate((el) => el.scrollTop)

const paragraphs = (count: number, word: string) =>
  Array.from(
    { length: count },
    (_, i) => `${word} paragraph ${i + 1}: ${'a sentence that takes some room on the screen, '.repeat(8)}\n\n`,
  )

test('a long streamed answer keeps its end in view; scrolling up stops that and shows Jump to latest, which returns', async ({
  page,
}) => {
  // Paced, and held after paragraph 12 until the reader has scrolled up: the answer is still
  // growing when they do, however slow the machine.
  await enqueue({
    type: 'turn',
    text: paragraphs(45, 'Streamed'),
    faults: { delayMs: 120, holdAfterText: 'Streamed paragraph 12:' },
  })
  await openApp(page)
  await send(page, 'Write a long answer')
  const list = page.getByTestId('messages')
  const live = page.getByTestId('live-answer')

  await expect(live).toContainText('Streamed paragraph 10:')
  // The content is taller than the view, and the view is at its end while the words arrive.
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 1.5)).toBe(true)
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
  await screenshot(page, 'reading-following')

  // The user scrolls up to read: the view stays where they put it while the answer grows.
  await list.hover()
  await page.mouse.wheel(0, -800)
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await expect(jump).toBeVisible()
  await expect(live).not.toContainText('Streamed paragraph 13:')
  const readingAt = await scrollTopOf(list)
  await releaseStream()
  const heightBefore = await list.evaluate((el) => el.scrollHeight)
  await expect.poll(() => list.evaluate((el) => el.scrollHeight)).toBeGreaterThan(heightBefore + 200)
  expect(Math.abs((await scrollTopOf(list)) - readingAt)).toBeLessThanOrEqual(2)
  expect(await distanceFromEnd(list)).toBeGreaterThan(200)
  await screenshot(page, 'reading-jump-to-latest')
  await expectNoViolations(page, 'scrolled up with Jump to latest')

  // Jump to latest: back at the end, and following again as the rest arrives.
  await jump.click()
  await expect(jump).toHaveCount(0)
  await expect(list).toBeFocused()
  expect(await distanceFromEnd(list)).toBeLessThanOrEqual(32)
  await expect(page.getByTestId('message-assistant').last()).toContainText('Streamed paragraph 45:')
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
})

test('a pending approval in a long conversation is scrolled into view and focused; the conversation reopens at its end', async ({
  page,
}) => {
  await enqueue(
    { type: 'turn', text: paragraphs(40, 'Story').join('') },
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 69.5, unit: 'kg' } }],
    },
    { type: 'turn', text: 'Recorded **69.5 kg**.' },
  )
  await openApp(page)
  await send(page, 'Tell me a long story')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Story paragraph 40:')
  // The user scrolls up through the story, then sends: sending brings the end back.
  const list = page.getByTestId('messages')
  await list.hover()
  await page.mouse.wheel(0, -3000)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()

  await send(page, 'By the way, I weigh 69.5 kg now')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  const approve = card.getByRole('button', { name: 'Approve' })
  await expect(approve).toBeFocused()
  await expect(approve).toBeInViewport()
  await screenshot(page, 'reading-approval-focused')
  await expectNoViolations(page, 'pending approval focused')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded 69.5 kg.')

  // Another conversation, then back: it opens at its end.
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(page.getByTestId('message-assistant')).toHaveCount(0)
  await page.getByRole('navigation').getByRole('button', { name: 'Tell me a long story' }).first().click()
  await expect(page.getByTestId('message-assistant').last()).toContainText('Recorded 69.5 kg.')
  await expect(page.getByTestId('message-assistant').last()).toBeInViewport()
  await expect.poll(() => distanceFromEnd(list)).toBeLessThanOrEqual(32)
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 2)).toBe(true)
  await screenshot(page, 'reading-opened-at-end')
})

test('code blocks show their language and Copy code puts the exact code on the clipboard; quotes have a bar', async ({
  page,
  context,
}) => {
  test.skip(test.info().project.name === 'electron', 'the clipboard is read through the browser context')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const code = 'def area(r):\n    return 3.14159 * r ** 2  # <not html>'
  await enqueue({ type: 'turn', text: `Here:\n\n\`\`\`python\n${code}\n\`\`\`\n\n> A quoted line.\n` })
  await openApp(page)
  // Syntax highlighting is not part of the first load: its script comes with the first code block.
  const highlighterFetches = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => /code-highlighter-[^/]*\.js$/.test(e.name)).length,
    )
  expect(await highlighterFetches()).toBe(0)
  await send(page, 'Some code please')
  const answer = page.getByTestId('message-assistant').last()
  const block = answer.getByTestId('code-block')
  await expect(block).toContainText('python')
  await expect(block.locator('code.hljs.language-python .hljs-keyword').first()).toHaveText('def')
  expect(await highlighterFetches()).toBe(1)
  await block.getByRole('button', { name: 'Copy code' }).click()
  await expect(block.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  // The quote's bar: a visible left border.
  const bar = await answer.locator('blockquote').evaluate((el) => getComputedStyle(el).borderLeftWidth)
  expect(parseFloat(bar)).toBeGreaterThanOrEqual(3)
  await screenshot(page, 'reading-code-and-quote')
  await expectNoViolations(page, 'code block copied, quote')
})

test('math and a Mermaid diagram are drawn under the CSP, prices stay text, nothing in a diagram runs', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    // Chromium (156) reports an inline handler the moment HTML holding one is parsed, even in an
    // inert document (DOMParser, <template>) where it can never run: which is what Mermaid's
    // sanitizer does with the label below. Whether a handler ran is checked by its effect instead.
    if (/^Executing inline event handler/.test(message.text())) return
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  const diagram =
    'graph TD\n  A["Start <img src=x onerror=window.keelPwned=1>"] --> B[End]\n  click A call window.keelClick()'
  await enqueue({
    type: 'turn',
    text: [
      'Einstein: $E = mc^2$. It costs $5 and $10 with tax.\n\n',
      '$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n\n',
      `\`\`\`mermaid\n${diagram}\n\`\`\`\n\n`,
      'Done.',
    ],
    faults: { delayMs: 200 },
  })
  await openApp(page)
  await page.evaluate(() => {
    ;(window as { keelClick?: () => void }).keelClick = () => ((window as { keelPwned?: number }).keelPwned = 2)
  })
  await send(page, 'Math and a diagram')
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('Done.')

  await expect(answer.locator('.math-inline .katex')).toHaveCount(1)
  await expect(answer.locator('.math-display .katex-display')).toHaveCount(1)
  await expect(answer).toContainText('It costs $5 and $10 with tax.')
  // KaTeX's fonts loaded (from the app's own origin, as the CSP allows).
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true)

  const figure = answer.getByTestId('diagram')
  const image = figure.getByRole('img', { name: 'Diagram' })
  await expect(image).toBeVisible()
  expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // The diagram's source is behind its disclosure.
  await figure.getByText('Diagram source').click()
  await expect(figure.locator('.diagram-source pre')).toContainText('A["Start')
  // Nothing of the diagram is in the page but the image: no inline SVG, no handler ran.
  await expect(answer.locator('svg')).toHaveCount(0)
  await image.click()
  expect(await page.evaluate(() => (window as { keelPwned?: number }).keelPwned)).toBeUndefined()
  // No element in the page carries an inline handler either.
  expect(
    await page.evaluate(
      () =>
        [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length,
    ),
  ).toBe(0)
  expect(violations).toEqual([])
  await screenshot(page, 'reading-math-and-diagram')
  await expectNoViolations(page, 'math and diagram')
})

test('a diagram that does not parse shows its source and a short reason', async ({ page }) => {
  await enqueue({ type: 'turn', text: 'Broken:\n\n```mermaid\ngraph TD\n  A -->\n```\n\nAfter.' })
  await openApp(page)
  await send(page, 'A broken diagram')
  const figure = page.getByTestId('message-assistant').last().getByTestId('diagram')
  await expect(figure.getByRole('note')).toContainText('This diagram could not be drawn:')
  await expect(figure.locator('.diagram-source pre')).toBeVisible()
  await expect(figure.locator('.diagram-source pre')).toContainText('A -->')
  await expect(page.getByTestId('message-assistant').last()).toContainText('After.')
  await screenshot(page, 'reading-diagram-failed')
  await expectNoViolations(page, 'diagram failed')
})

test('reasoning is collapsed live and stored, and opens on demand', async ({ page }) => {
  await enqueue({
    type: 'turn',
    reasoning: ['Weighing ', 'the options ', 'carefully.'],
    text: ['A ', 'short ', 'answer.'],
    faults: { holdAfterText: 'the options ' },
  })
  await openApp(page)
  await send(page, 'Think first')
  const live = page.getByTestId('live-answer').getByTestId('reasoning')
  await expect(live.locator('summary')).toHaveText('Thinking…')
  await expect(live).not.toHaveAttribute('open', '')
  await releaseStream()
  const stored = page.getByTestId('message-assistant').last().getByTestId('reasoning')
  await expect(stored.locator('summary')).toHaveText(/^Thought for \d+ s$/)
  await expect(stored).not.toHaveAttribute('open', '')
  await expect(stored.locator('.reasoning-text')).toBeHidden()
  await stored.locator('summary').click()
  await expect(stored.locator('.reasoning-text')).toHaveText('Weighing the options carefully.')
})
