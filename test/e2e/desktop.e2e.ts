// Checks that only mean something in the desktop app (the electron project): the window's origin,
// and that the page has the narrow `window.keel` API and nothing of Node or Electron.
import { expect, test } from './fixtures'

test('the desktop window is app://keel/index.html with only the narrow window.keel API', async ({ page, keelMode }) => {
  test.skip(keelMode !== 'electron', 'desktop-only: browser mode has no preload and is served over http')
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  expect(page.url()).toBe('app://keel/index.html')
  const globals = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    ipcRenderer: typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer,
    keel: Object.keys((globalThis as unknown as { keel: object }).keel).sort(),
  }))
  expect(globals).toMatchObject({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined' })
  expect(globals.keel).toContain('turns.start')
  expect(globals.keel).toContain('onRunEvent')
  // A navigation away from the app is refused: the window stays on its page.
  await page.evaluate(() => {
    window.location.href = 'https://example.com/'
  })
  await page.waitForTimeout(500)
  expect(page.url()).toBe('app://keel/index.html')
})
