// Accessibility audit (browser mode). The issue: "Accessible: every control reachable by keyboard
// with an accessible name; streaming text announced politely."
// - axe-core (WCAG 2.0/2.1, A and AA) on every main state of the UI, in English and in pt-BR: any
//   violation fails the test and is printed rule by rule (id, impact, elements, why);
// - keyboard: Tab from the page start reaches every visible control, each with a non-empty
//   accessible name; focus moves sensibly when panels and fields open and close; Esc stops a turn;
// - the streaming answer is a polite live region, there ("Writing…") before its first words;
// - reflow: at 320 CSS px wide nothing needs horizontal scrolling (WCAG 1.4.10).
// No rule is disabled and nothing is excluded. `A11Y_VERBOSE=1` also prints what axe could not
// decide alone ("needs review").
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import type { Result } from 'axe-core'
import { enqueue, openApp, releaseStream, resetSim, send } from './sim'

/** WCAG 2.0 and 2.1, levels A and AA (axe's best-practice rules are not part of the audit). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** One readable block per rule: impact, id, what it asks (with axe's help link), then each element and why. */
function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').trim().replace(/\n\s*/g, '\n      ')
        return `  - ${node.target.map(String).join(' >>> ')}\n      ${summary}`
      })
      return `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`
    })
    .join('\n\n')
}

async function audit(page: Page) {
  // axe finishes its run in a new page, which Electron cannot open (Target.createTarget is not
  // supported there): in the desktop app it runs in the page itself (legacy mode; no frames here).
  return new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(test.info().project.name === 'electron')
    .analyze()
}

/** Runs axe on the whole page and fails with a readable list of every violation. */

/** Sends a message through the composer whatever the UI language (`send` in sim.ts is English only). */
async function sendAs(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label })
  await box.fill(text)
  await box.press('Enter')
}

const recordWeight = (value: number) => ({
  type: 'turn',
  text: 'Let me record that.',
  toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value, unit: 'kg' } }],
})

test.beforeEach(async () => {
  await resetSim()
})

test('the audit itself reports a violation (a nameless button)', async ({ page }) => {
  await openApp(page)
  await page.evaluate(() => {
    const button = document.createElement('button')
    button.id = 'a11y-probe'
    document.querySelector('.composer')!.append(button)
  })
  const report = formatViolations((await audit(page)).violations)
  expect(report).toContain('button-name')
  expect(report).toContain('#a11y-probe')
})

test('axe: empty chat', async ({ page }) => {
  await openApp(page)
  await expect(page.getByText('Ask anything.')).toBeVisible()
  await expectNoViolations(page, 'empty chat')
})

test('axe: a finished streamed answer with Markdown and a code block', async ({ page }) => {
  // Code that uses every highlighted token class the stylesheet colours.
  const code = [
    '```js',
    '// add two numbers',
    'function add(a, b) {',
    "  const label = 'sum'",
    '  return { label, value: a + b, ok: true, n: 42 }',
    '}',
    'class Box extends Object {}',
    "const url = 'https://example.com/a/very/long/path/that/keeps/going/and/going/well/past/the/width/of/the/answer/column'",
    '```',
  ].join('\n')
  await enqueue({
    type: 'turn',
    text: [
      '# Title\n\n',
      'Some **bold** and *italic* text with `inline code` ',
      'and a [link](https://example.com).\n\n',
      `${code}\n\n`,
      '- one\n- two\n\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n',
    ],
    faults: { delayMs: 50 },
  })
  await openApp(page)
  await send(page, 'Markdown please')
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.locator('pre code')).toContainText('class Box')
  await expect(answer.locator('table')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expectNoViolations(page, 'finished answer')
})

test('axe: a tool call awaiting approval', async ({ page }) => {
  await enqueue(recordWeight(68.4), { type: 'turn', text: 'Not recorded.' })
  await openApp(page)
  await send(page, 'I weigh 68.4 kg')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  await expect(card.getByRole('button', { name: 'Always allow this tool' })).toBeVisible()
  // Screen readers hold back changes inside a busy region: the approval must not be hidden that way.
  await expect(page.getByTestId('live-answer')).not.toHaveAttribute('aria-busy', 'true')
  await expectNoViolations(page, 'tool awaiting approval')
  // Deny (nothing is written; "Always allow" would change the shared settings).
  await card.getByRole('button', { name: 'Deny' }).click()
  await expect(card).toHaveAttribute('data-state', 'denied')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expectNoViolations(page, 'tool denied')
})

test('axe: a provider failure with the fallback notice, Retry and diagnostics', async ({ page }) => {
  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await openApp(page)
  await send(page, 'This will fail')
  await expect(page.getByTestId('notice')).toContainText('Anthropic had a problem on its side. Try again in a moment.')
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expectNoViolations(page, 'provider failure, diagnostics closed')

  // The disclosure opens from the keyboard too.
  const details = page.locator('details.diagnostics').last()
  await details.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(details).toHaveAttribute('open', '')
  await expect(details).toContainText('500')
  await expectNoViolations(page, 'provider failure, diagnostics open')
})

test('axe: the settings panel', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Providers' }).getByTestId('provider-anthropic')).toBeVisible()
  await expectNoViolations(page, 'settings panel')
})

test('axe: the measurements view with a measurement (edit and delete by keyboard)', async ({ page }) => {
  await enqueue(
    {
      type: 'turn',
      text: 'Let me record that.',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'waist', value: 81.5, unit: 'cm' } }],
    },
    { type: 'turn', text: 'Recorded.' },
  )
  await openApp(page)
  await send(page, 'My waist is 81.5 cm')
  const card = page.getByTestId('tool-card')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toHaveAttribute('data-state', 'done')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expectNoViolations(page, 'tool done')

  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  const view = page.getByTestId('measurements-view')
  await page.getByLabel('Kind').selectOption('waist')
  const listed = view.getByTestId('measurement-row').filter({ hasText: '81.5' }).first()
  await expect(listed).toBeVisible()
  await expect(view.getByRole('img')).toBeVisible()
  await expectNoViolations(page, 'measurements view')
  // The row by its id: while it is edited the value is in a field, not in the row's text.
  const row = view.locator(`[data-testid="measurement-row"][data-id="${await listed.getAttribute('data-id')}"]`)

  // Edit puts focus in the value field; Esc cancels and gives focus back to Edit.
  const edit = row.getByRole('button', { name: 'Edit' })
  await edit.focus()
  await page.keyboard.press('Enter')
  await expect(row.getByRole('textbox', { name: 'Value' })).toBeFocused()
  await expectNoViolations(page, 'measurement being edited')
  await page.keyboard.press('Escape')
  await expect(row.getByRole('textbox', { name: 'Value' })).toHaveCount(0)
  await expect(edit).toBeFocused()

  // Delete asks first (focus on "Yes, delete"); Cancel gives focus back to Delete.
  const remove = row.getByRole('button', { name: 'Delete' })
  await remove.focus()
  await page.keyboard.press('Enter')
  await expect(row.getByRole('button', { name: 'Yes, delete' })).toBeFocused()
  await expectNoViolations(page, 'measurement delete confirmation')
  await page.keyboard.press('Tab')
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(remove).toBeFocused()

  // Leave the shared database as it was: Delete, then "Yes, delete".
  await page.keyboard.press('Enter')
  await expect(row.getByRole('button', { name: 'Yes, delete' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row).toHaveCount(0)
})

test('axe: the UI in Português (Brasil)', async ({ page }) => {
  await enqueue(recordWeight(68.4), { type: 'turn', text: 'Tudo bem, **não registrei**.' })
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  try {
    await page.getByLabel('Language').selectOption('pt-BR')
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await expect(page.getByRole('region', { name: 'Configurações' })).toBeVisible()
    await expectNoViolations(page, 'pt-BR settings')
    await page.getByRole('button', { name: 'Fechar configurações' }).click()
    await expect(page.getByText('Pergunte o que quiser.')).toBeVisible()
    await expectNoViolations(page, 'pt-BR empty chat')

    await sendAs(page, 'Mensagem', 'Peso 68,4 kg')
    const card = page.getByTestId('tool-card')
    await expect(card.getByTestId('tool-state')).toHaveText('Aguardando aprovação')
    await expect(card.getByRole('button', { name: 'Sempre permitir esta ferramenta' })).toBeVisible()
    await expectNoViolations(page, 'pt-BR tool awaiting approval')
    await card.getByRole('button', { name: 'Recusar' }).click()
    await expect(page.getByTestId('message-assistant').last()).toContainText('Tudo bem, não registrei.')
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible()
    await expectNoViolations(page, 'pt-BR finished answer')
  } finally {
    await page
      .getByRole('button', { name: /^(Settings|Configurações)$/ })
      .click()
      .catch(() => {})
    await page
      .getByLabel(/^(Language|Idioma)$/)
      .selectOption('en')
      .catch(() => {})
  }
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
})

type Stop = { tag: string; text: string }

/**
 * Tabs through the page until an element comes round again. Every element that takes focus must
 * have a non-empty accessible name. Returns the Tab stops in order and, for each target, the index
 * of the stop that reached it. Leaving the last control puts focus on the document (the body)
 * once; the next Tab wraps to the first control, so the walk covers the whole cycle wherever focus
 * started.
 */
async function tabWalk(
  page: Page,
  targets: Record<string, Locator>,
): Promise<{ stops: Stop[]; reached: Record<string, number> }> {
  await page.evaluate(() => {
    const state = window as unknown as { a11yVisited: Set<Element>; a11yLast?: Element }
    state.a11yVisited = new Set()
    delete state.a11yLast
  })
  const stops: Stop[] = []
  const reached: Record<string, number> = {}
  let outside = 0
  for (let i = 0; i < 200 && outside < 2; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const el = document.activeElement
      if (!el || el === document.body) return 'outside'
      const state = window as unknown as { a11yVisited: Set<Element>; a11yLast?: Element }
      // Tab moves between the parts of a date-time field without leaving it: still the same stop.
      if (state.a11yLast === el) return 'same'
      state.a11yLast = el
      const visited = state.a11yVisited
      if (visited.has(el)) return 'again'
      visited.add(el)
      return { tag: el.tagName.toLowerCase(), text: (el.textContent ?? '').trim().slice(0, 40) }
    })
    if (stop === 'again') break
    if (stop === 'same') continue
    if (stop === 'outside') {
      outside++
      continue
    }
    outside = 0
    stops.push(stop)
    await expect(
      page.locator(':focus'),
      `Tab stop ${stops.length} (<${stop.tag}> "${stop.text}") has no accessible name`,
    ).toHaveAccessibleName(/\S/, { timeout: 1000 })
    for (const [label, target] of Object.entries(targets)) {
      if (reached[label] === undefined && (await target.evaluate((el) => el === document.activeElement)))
        reached[label] = stops.length - 1
    }
  }
  return { stops, reached }
}

/** Visible, enabled controls that the last walk never reached. */
async function unreachedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visited = (window as unknown as { a11yVisited: Set<Element> }).a11yVisited
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]',
    )
    return [...controls]
      .filter(
        (el) => el.checkVisibility() && !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && !visited.has(el),
      )
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
      )
  })
}

test('keyboard: from the page start Tab reaches every control in layout order, each with a name', async ({ page }) => {
  await enqueue({ type: 'turn', text: 'An answer to walk past.' })
  await openApp(page)
  await send(page, 'Keyboard walk')
  await expect(page.getByTestId('message-assistant').last()).toContainText('An answer to walk past.')
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  const nav = page.getByRole('navigation')
  await expect(nav.getByRole('button', { name: 'Keyboard walk' }).first()).toBeVisible()

  // The composer has focus after a load; the walk starts from the page start.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await page.evaluate(() => {
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute('tabindex')
  })
  const { stops, reached } = await tabWalk(page, {
    skip: page.getByRole('link', { name: 'Skip to composer' }),
    newConversation: nav.getByRole('button', { name: 'New conversation' }),
    conversation: nav.getByRole('button', { name: 'Keyboard walk' }).first(),
    measurements: page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }),
    settings: page.getByRole('button', { name: 'Settings', exact: true }),
    message: page.getByRole('textbox', { name: 'Message' }),
    send: page.getByRole('button', { name: 'Send', exact: true }),
  })
  const order = JSON.stringify(stops)
  for (const label of ['newConversation', 'conversation', 'measurements', 'settings', 'message', 'send'])
    expect(reached[label], `Tab never reached ${label}: ${order}`).toBeDefined()
  // The order follows the layout: the skip link, sidebar, header, composer.
  expect(reached.skip, `the first Tab stop is not the skip link: ${order}`).toBe(0)
  expect(reached.newConversation, `the second Tab stop is not New conversation: ${order}`).toBe(1)
  expect(reached.newConversation!).toBeLessThan(reached.conversation!)
  expect(reached.conversation!).toBeLessThan(reached.measurements!)
  expect(reached.measurements!).toBeLessThan(reached.settings!)
  expect(reached.settings!).toBeLessThan(reached.message!)
  expect(reached.message!).toBeLessThan(reached.send!)
  expect(await unreachedControls(page)).toEqual([])
})

test('keyboard: approval, failure, settings and measurements controls are all reachable and named', async ({
  page,
}) => {
  await enqueue(recordWeight(68.4), { type: 'turn', text: 'Not recorded.' })
  await openApp(page)
  await send(page, 'Keyboard approval')
  const card = page.getByTestId('tool-card')
  await expect(card).toHaveAttribute('data-state', 'awaiting-approval')
  const approval = await tabWalk(page, {
    approve: card.getByRole('button', { name: 'Approve' }),
    deny: card.getByRole('button', { name: 'Deny' }),
    always: card.getByRole('button', { name: 'Always allow this tool' }),
  })
  expect(Object.keys(approval.reached).sort(), JSON.stringify(approval.stops)).toEqual(['always', 'approve', 'deny'])
  expect(await unreachedControls(page)).toEqual([])
  // Deny from the keyboard.
  await card.getByRole('button', { name: 'Deny' }).focus()
  await page.keyboard.press('Enter')
  await expect(card).toHaveAttribute('data-state', 'denied')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()

  await enqueue(
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
    { type: 'http-error', status: 500 },
  )
  await send(page, 'Fail for the walk')
  await expect(page.getByTestId('notice')).toBeVisible()
  const failure = await tabWalk(page, {
    retry: page.getByRole('button', { name: 'Retry' }),
    details: page.locator('details.diagnostics summary').last(),
  })
  expect(Object.keys(failure.reached).sort(), JSON.stringify(failure.stops)).toEqual(['details', 'retry'])
  expect(await unreachedControls(page)).toEqual([])

  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = await tabWalk(page, {
    language: page.getByLabel('Language'),
    close: page.getByRole('button', { name: 'Close settings' }),
  })
  expect(Object.keys(settings.reached).sort(), JSON.stringify(settings.stops)).toEqual(['close', 'language'])
  expect(await unreachedControls(page)).toEqual([])
  await page.getByRole('button', { name: 'Close settings' }).click()

  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  await expect(page.getByTestId('measurements-view')).toBeVisible()
  const measurements = await tabWalk(page, {
    kind: page.getByLabel('Kind'),
    back: page.getByRole('button', { name: 'Back to chat' }),
  })
  expect(Object.keys(measurements.reached).sort(), JSON.stringify(measurements.stops)).toEqual(['back', 'kind'])
  expect(await unreachedControls(page)).toEqual([])
})

test('keyboard: focus moves into settings and back, and stays on a conversation after renaming', async ({ page }) => {
  await enqueue({ type: 'turn', text: 'Hello.' })
  await openApp(page)
  await send(page, 'Rename me')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Hello.')

  // Settings opens with focus on its heading; Esc closes it and focus is back on the Settings button.
  const settingsButton = page.locator('header.chat-header').getByRole('button', { name: 'Settings', exact: true })
  await settingsButton.focus()
  await page.keyboard.press('Enter')
  await expect(settingsButton).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Close settings' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Settings' })).toHaveCount(0)
  await expect(settingsButton).toBeFocused()
  // The same with the Close button.
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Settings' })).toHaveCount(0)
  await expect(settingsButton).toHaveAttribute('aria-expanded', 'false')
  await expect(settingsButton).toBeFocused()

  // Rename: the field takes focus; Enter saves and focus is on the renamed conversation; Esc too.
  // (Rename is in the conversation's menu: its button, Enter, ↓ to Rename, Enter.)
  const nav = page.getByRole('navigation')
  const openRename = async () => {
    await nav.locator('li.current').getByRole('button', { name: 'Conversation actions' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    await expect(nav.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  await openRename()
  const field = nav.getByRole('textbox', { name: 'Conversation title' })
  await expect(field).toBeFocused()
  await field.fill('Renamed by keyboard')
  await page.keyboard.press('Enter')
  await expect(nav.getByRole('button', { name: 'Renamed by keyboard' })).toBeFocused()
  await openRename()
  await expect(field).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(field).toHaveCount(0)
  await expect(nav.getByRole('button', { name: 'Renamed by keyboard' })).toBeFocused()
})

test('axe while streaming (a draft tool call), then Esc stops the running turn', async ({ page }) => {
  // The stream stalls in the middle of the tool call's arguments (Anthropic events: message_start,
  // text block start, ping, text delta, block stop, tool_use start, empty delta, first fragment):
  // the answer is still running and the card is a draft ("preparing").
  await enqueue({
    type: 'turn',
    text: 'Checking your numbers.',
    toolCalls: [
      { name: 'record_measurement', arguments: { kind: 'weight', value: 70, unit: 'kg' }, argumentChunks: 4 },
    ],
    faults: { stallAfterEvents: 8 },
  })
  await openApp(page)
  await send(page, 'Halt me with Esc')
  const live = page.getByTestId('live-answer')
  await expect(live).toContainText('Checking your numbers.')
  await expect(live.getByTestId('tool-card')).toHaveAttribute('data-state', 'preparing')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expectNoViolations(page, 'streaming, tool call preparing')

  // Esc where focus is: the composer, where the message was typed.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await page.keyboard.press('Escape')
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer.getByTestId('interrupted')).toContainText('Interrupted — stopped by you')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expectNoViolations(page, 'interrupted answer')
})

test('the streaming answer is a polite live region, there before its first words arrive', async ({ page }) => {
  // Held after the first word: the checks below run while the answer is verifiably still streaming.
  await enqueue({
    type: 'turn',
    text: ['First ', 'words ', 'then ', 'more ', 'words.'],
    faults: { holdAfterText: 'First ' },
  })
  await openApp(page)
  await expect(page.locator('[aria-live]')).toHaveCount(0)

  await send(page, 'Stream politely')
  // The region appears with "Writing…" before any word, so assistive technology knows it when they come.
  const live = page.getByTestId('live-answer')
  await expect(live).toHaveAttribute('aria-live', 'polite')
  await expect(live).toContainText('First')
  // Still streaming: the words arrive inside the polite region (nothing assertive around them).
  await expect(live).not.toContainText('words.')
  expect(await live.evaluate((el) => el.parentElement?.closest('[aria-live]'))).toBeNull()
  expect(await live.evaluate((el) => el.closest('[aria-hidden="true"]'))).toBeNull()
  await releaseStream()
  // Stored, the same element is no longer a live region (nothing is announced again).
  const stored = page.getByTestId('message-assistant').last()
  await expect(stored).toContainText('more words.')
  await expect(stored).not.toHaveAttribute('aria-live')
})

test('reflow: at 320 CSS px wide nothing scrolls sideways (WCAG 1.4.10)', async ({ page }) => {
  await enqueue({
    type: 'turn',
    text: 'See https://example.com/a/very/long/path/that/never/breaks/by/itself/at/all and:\n\n```js\nconst aVeryLongIdentifier = someFunction(argumentNumberOne, argumentNumberTwo)\n```\n',
  })
  await openApp(page)
  await send(page, 'Averyveryveryverylongwordwithoutanyspacesatall')
  await expect(page.getByTestId('message-assistant').last()).toContainText('See https://example.com')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  // 320 × 256: a 1280 × 1024 window at 400 % zoom.
  await page.setViewportSize({ width: 320, height: 256 })
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await sideways(), 'chat').toBeLessThanOrEqual(0)
  await expectNoViolations(page, 'chat at 320 px')
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeFocused()
  expect(await sideways(), 'settings').toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: 'Close settings' }).click()
  await page.locator('header.chat-header').getByRole('button', { name: 'Measurements', exact: true }).click()
  await expect(
    page.getByTestId('measurements-view').getByRole('table').or(page.getByTestId('measurements-empty')),
  ).toBeVisible()
  expect(await sideways(), 'measurements').toBeLessThanOrEqual(0)
})

test('axe: a conversation longer than the window (the message list scrolls)', async ({ page }) => {
  const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n')
  await enqueue({ type: 'turn', text: long })
  await openApp(page)
  await send(page, 'Long answer')
  await expect(page.getByTestId('message-assistant').last()).toContainText('Paragraph 80')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  const messages = page.getByTestId('messages')
  expect(await messages.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)

  // The list is a named region and a Tab stop, so the keyboard can scroll it.
  await expect(messages).toHaveAttribute('role', 'region')
  await expect(messages).toHaveAttribute('tabindex', '0')
  await expectNoViolations(page, 'long conversation')
})
