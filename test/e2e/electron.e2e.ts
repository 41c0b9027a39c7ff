import { _electron as electron, expect, test } from '@playwright/test'
import { electronBinary } from './electron-binary'

const exe = electronBinary()

test.describe('real Electron', () => {
  test.skip(!exe, 'Electron binary not installed (offline machine): run `npx install-electron --no` where GitHub is reachable')

  test('the window opens with the chat composer', async () => {
    // On Linux CI this needs xvfb-run; as root Chromium also needs --no-sandbox.
    const app = await electron.launch({ executablePath: exe!, args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])] })
    try {
      const win = await app.firstWindow()
      await expect(win.getByRole('textbox', { name: 'Message' })).toBeVisible()
    } finally {
      await app.close()
    }
  })
})
