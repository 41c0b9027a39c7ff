// Settings → MCP servers → Browse registry, against a registry stand-in on loopback serving the
// tests' own pages (official v0.1 format, hostile entries included): search, page on, open a server,
// add it, and see the consent screen with the exact command. No network.
import { expect, test } from './fixtures'
import { expectNoViolations } from './a11y-audit'
import { startOwnBrowserMode, type OwnServer } from './own-server'
import { simUrl } from './sim'
import { startRegistryFixture, type RegistryFixture } from '../support/mcp/registry-fixture-server'

test.skip(({ keelMode }) => keelMode !== 'browser', 'browser mode only: this spec starts its own server')

let web: OwnServer | undefined
let registry: RegistryFixture | undefined

test.beforeAll(async () => {
  registry = await startRegistryFixture()
  web = await startOwnBrowserMode('mcp registry', {
    KEEL_DEFAULT_PROVIDER: 'anthropic',
    KEEL_ANTHROPIC_BASE_URL: `${simUrl()}/anthropic/v1`,
    ANTHROPIC_API_KEY: 'test',
    KEEL_MCP_REGISTRY_URL: registry.url,
  })
})

test.afterAll(async () => {
  await web?.close()
  await registry?.close()
})

test('browse the registry, open a server, add it: the consent screen shows the exact command', async ({ page }) => {
  await page.goto(web!.url)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const mcp = page.getByRole('region', { name: 'MCP servers' })
  await mcp.getByRole('button', { name: 'Browse registry' }).click()
  const browser = mcp.getByRole('group', { name: 'MCP registry' })
  const results = browser.getByTestId('mcp-registry-server')
  await expect(results).toHaveCount(6)
  await expect(browser.getByText('3 entries could not be read and are not shown.')).toBeVisible()
  // Hostile text is text: no element from it, no script run.
  await expect(browser.getByText('<script>window.__pwned=2</script>', { exact: false })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expectNoViolations(page, 'registry list')
  // The address shown is the registry asked; one that is not http(s) is refused.
  const address = browser.getByRole('textbox', { name: 'Registry address' })
  await expect(address).toHaveValue(registry!.url)
  await address.fill('file:///etc/passwd')
  await browser.getByRole('button', { name: 'Use this registry' }).click()
  await expect(browser.getByRole('alert')).toHaveText('A registry address is an http(s) URL.')

  // The next page, after the cursor.
  await browser.getByRole('button', { name: 'Load more' }).click()
  await expect(results).toHaveCount(7)
  await expect(browser.getByRole('button', { name: 'Calendar' })).toBeFocused()

  // Search by name; open the hostile server: its javascript:/file: links are not shown.
  await browser.getByRole('searchbox', { name: 'Search servers by name' }).fill('hostile')
  await browser.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(results).toHaveCount(1)
  await results.getByRole('button').click()
  const detail = browser.getByTestId('mcp-registry-detail')
  await expect(detail.getByRole('link')).toHaveCount(0)
  await detail.getByRole('button', { name: 'Back to the list' }).click()

  // The weather server: its package, transport, repository link; Add… goes to consent.
  await browser.getByRole('searchbox', { name: 'Search servers by name' }).fill('weather')
  await browser.getByRole('searchbox', { name: 'Search servers by name' }).press('Enter')
  await expect(results).toHaveCount(1)
  await results.getByRole('button', { name: 'Weather' }).click()
  await expect(detail.getByRole('heading', { name: 'Weather' })).toBeFocused()
  await expect(detail.getByText('npm @keel-tests/weather-mcp 1.4.2')).toBeVisible()
  await expect(detail.getByText('Transport: stdio (runs on this computer)')).toBeVisible()
  await expect(detail.getByRole('link', { name: 'https://github.com/keel-tests/weather' })).toHaveAttribute(
    'target',
    '_blank',
  )
  await expectNoViolations(page, 'registry detail')
  const add = detail.getByRole('button', { name: 'Add…' })
  await add.click()

  const consent = mcp.getByTestId('mcp-consent')
  await expect(consent).toBeVisible()
  // The consent screen that opened takes focus: its first field (the secret it asks for).
  const secret = consent.getByLabel('Value of WEATHER_API_KEY for io.github.keel-tests/weather')
  await expect(secret).toBeFocused()
  await expect(consent.getByRole('heading')).toContainText('io.github.keel-tests/weather')
  await expect(consent.getByTestId('mcp-command-line')).toHaveText(
    /(^|\/)npx -y @keel-tests\/weather-mcp@1\.4\.2 --units=metric$/,
  )
  // The secret is asked here, into the key vault; nothing runs before "Allow".
  await expect(consent.getByText('WEATHER_API_KEY').first()).toBeVisible()
  await expect(consent.getByRole('button', { name: 'Allow and start' })).toBeDisabled()
  await expect(mcp.getByText('Added io.github.keel-tests/weather: review it and allow it to start.')).toBeVisible()
  await expectNoViolations(page, 'consent after Add…')
  expect(registry!.requests.every((request) => request.startsWith('/v0.1/servers?'))).toBe(true)

  // "Not now": back to the entry's Add… (the browser stayed open).
  await consent.getByRole('button', { name: 'Not now' }).click()
  await expect(consent).toHaveCount(0)
  await expect(add).toBeFocused()
  // Allowed: the server's row in the list (the consent screen is gone).
  await mcp.getByRole('button', { name: 'Show servers waiting for permission' }).click()
  await secret.fill('weather-key-e2e')
  await consent.getByRole('button', { name: 'Save value of WEATHER_API_KEY' }).click()
  await consent.getByRole('button', { name: 'Allow and start' }).click()
  await expect(consent).toHaveCount(0)
  await expect(
    mcp.getByRole('group', { name: 'io.github.keel-tests/weather', exact: true }).getByRole('heading'),
  ).toBeFocused()
})
