// `keel mcp registry` as a user runs it: a real process asking a registry stand-in on loopback.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRegistryFixture, type RegistryFixture } from '../support/mcp/registry-fixture-server'
import { runKeel } from '../support/run-process'

describe('keel mcp registry', () => {
  let registry: RegistryFixture
  let dir: string
  beforeAll(async () => {
    registry = await startRegistryFixture()
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-registry-'))
  })
  afterAll(async () => {
    await registry.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const keel = (args: string[]) =>
    runKeel(['mcp', 'registry', ...args, '--db', join(dir, 'keel.db')], {
      env: { KEEL_MCP_REGISTRY_URL: registry.url },
    })

  it('prints what adding each server would run, and the cursor of the next page', async () => {
    registry.mode = 'pages'
    const ran = await keel(['weather'])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toContain('io.github.keel-tests/weather 1.4.2 — Weather\n')
    expect(ran.stdout).toContain('  + stdio: npx -y @keel-tests/weather-mcp@1.4.2 --units=metric\n')
    expect(ran.stdout).toContain('    needs env: WEATHER_API_KEY (secret), WEATHER_LANG\n')
    expect(ran.stdout).toContain('more: --cursor cursor-page-2\n')
    const json = await keel(['--json', '--cursor', 'cursor-page-2'])
    expect(JSON.parse(json.stdout)).toMatchObject({
      state: 'found',
      servers: [{ name: 'io.github.keel-tests/calendar' }],
    })
  })

  it('says why, and exits 1, when the registry fails', async () => {
    registry.mode = 'http-500'
    const ran = await keel([])
    expect(ran.code).toBe(1)
    expect(ran.stderr).toContain('The MCP registry answered with HTTP 500.')
  })
})
