// The MCP servers section of Settings, as the specs reach it.
import { expect, type Browser, type Locator, type Page } from './fixtures'
import { openApp } from './sim'

export const mcpRegion = (page: Page): Locator => page.getByRole('region', { name: 'MCP servers' })

/** One server's group in the section, by its name. */
export const serverGroup = (page: Page, name: string): Locator =>
  mcpRegion(page).getByRole('group', { name, exact: true })

/** Opens Settings at the MCP servers section (ready once "Add server" shows) and returns it. */
export async function openMcp(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(mcpRegion(page).getByRole('button', { name: 'Add server' })).toBeVisible()
  return mcpRegion(page)
}

/**
 * Removes a server a spec added to the shared browser-mode server, so the specs after it start
 * without it (browser project only: the desktop app has a store of its own per worker).
 */
export async function removeServer(browser: Browser, projectName: string, name: string): Promise<void> {
  if (projectName !== 'browser') return
  const page = await browser.newPage()
  try {
    await openApp(page)
    await openMcp(page)
    await expect(mcpRegion(page).getByText('Loading MCP servers')).toHaveCount(0)
    const group = serverGroup(page, name)
    if ((await group.count()) === 0) return
    await group.getByRole('button', { name: 'Remove' }).click()
    await group.getByRole('button', { name: 'Yes, remove' }).click()
    await expect(group).toHaveCount(0)
  } finally {
    await page.close()
  }
}

/** What the user's browser does with an OAuth authorization page: follows its redirect to Keel's loopback callback. */
export async function followLikeABrowser(url: string): Promise<void> {
  const answer = await fetch(url, { redirect: 'manual' })
  await answer.body?.cancel()
  const location = answer.headers.get('location')
  if (!location) throw new Error(`no redirect (HTTP ${answer.status})`)
  const callback = await fetch(new URL(location, url))
  await callback.body?.cancel()
}
