// Helpers for the specs: the URLs this worker's servers (fixtures.ts) exported, and the simulated provider's control routes.
import { expect, test, type Page } from '@playwright/test'
import { isElectron } from './fixtures'

export function appUrl(): string {
  const url = process.env.KEEL_E2E_APP_URL
  if (!url) throw new Error('KEEL_E2E_APP_URL is not set: the keelServers fixture (fixtures.ts) did not run')
  return url
}

/** The database file of the app under test (browser mode's, or the desktop app's in the electron project). */
export function databasePath(): string {
  const path = isElectron() ? process.env.KEEL_E2E_ELECTRON_DB : process.env.KEEL_E2E_DB
  if (!path) throw new Error('the E2E database path is not set: the keelServers (or the electron) fixture did not run')
  return path
}

export function simUrl(): string {
  const url = process.env.KEEL_E2E_SIM_URL
  if (!url) throw new Error('KEEL_E2E_SIM_URL is not set: the keelServers fixture (fixtures.ts) did not run')
  return url
}

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${simUrl()}${path}`, {
    method: body === undefined && path === '/_sim/requests' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? (path === '/_sim/requests' ? undefined : '{}') : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`)
  return response.json()
}

export const resetSim = () => control('/_sim/reset')
export const enqueue = (...responses: unknown[]) => control('/_sim/enqueue', responses)
/** Every request the simulated provider has received since the last reset. */
export const simRequests = async () => (await control('/_sim/requests')) as unknown[]

export async function screenshot(page: Page, name: string): Promise<void> {
  // One folder per project (browser mode, the desktop app): the same spec saves the same names.
  await page.screenshot({ path: `test-results/screenshots/${test.info().project.name}/${name}.png`, fullPage: true })
}

/**
 * Opens the app on a fresh, empty conversation: browser mode loads its URL; the desktop app's
 * window is reloaded (it must never be sent to the browser-mode URL: its IPC would refuse that page).
 */
export async function openApp(page: Page): Promise<void> {
  // A reload reopens the conversation that was open (defect 17): forget it, to start on a new one.
  if (page.url().startsWith('http') || isElectron())
    await page.evaluate(() => sessionStorage.removeItem('keel.openConversation')).catch(() => undefined)
  if (isElectron()) await page.reload()
  else await page.goto(appUrl())
  await expect(page.getByRole('button', { name: 'New conversation' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
}

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
}

/**
 * Sets the language back to "follow the browser" (the default): other specs in the same worker may
 * have chosen one in its store, and a spec about the browser's locale must not depend on their order.
 */
export async function languageFollowsBrowser(page: Page): Promise<void> {
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible()
  await page.getByLabel('Language').selectOption('system')
  await page.getByRole('button', { name: 'Close settings' }).click()
}

/** Lets the next stream scripted with `holdAfterEvents` / `holdAfterText` go on (one sent early is kept for it). */
export const releaseStream = () => control('/_sim/release')
