// The provider's own web search in the real window (a recorded Anthropic stream served by the
// simulated provider): the search line live ("Searched: … — done") while the answer is held, then
// the numbered source under the answer, the same after a reload.
import { recordedSearchAnswer } from '../support/recorded-search-answer'
import { expect, test } from './fixtures'
import { enqueue, openApp, releaseStream, resetSim, screenshot, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

test('a hosted search shows live, and its numbered source stays with the answer after a reload', async ({ page }) => {
  const events = recordedSearchAnswer()
  // Held once the search's result has arrived, before the cited text.
  const held = events.findIndex((event) => event.includes('"index":3'))
  await enqueue({ type: 'recorded-stream', events, faults: { holdAfterEvents: held } })
  await openApp(page)
  await send(page, 'When is high water in Oslo?')

  const live = page.getByTestId('live-answer')
  await expect(live.getByTestId('hosted-call')).toHaveText('Searched: Oslo tide tables today — done')
  await screenshot(page, 'hosted-search-live')
  await releaseStream()

  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('High water in Oslo is at 14:02 today.')
  const check = async (scope: typeof answer) => {
    await expect(scope.getByTestId('hosted-call')).toHaveText('Searched: Oslo tide tables today — done')
    const sources = scope.getByTestId('sources')
    await expect(sources.getByRole('heading')).toHaveText('Sources')
    const link = sources.getByRole('link', { name: 'Oslo tide tables — Kartverket' })
    await expect(link).toHaveAttribute('href', 'https://www.kartverket.no/en/at-sea/se-havniva')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noreferrer')
    await expect(sources.getByTestId('source')).toHaveCount(1)
    await expect(sources).toContainText('kartverket.no')
    await expect(sources).toContainText('High water in Oslo today at 14:02 (32 cm).')
  }
  await check(answer)
  await screenshot(page, 'hosted-search-sources')

  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: 'When is high water in Oslo?' }).first().click()
  await check(page.getByTestId('message-assistant').last())
})
