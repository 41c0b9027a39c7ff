// `keel chat --read-web`: the page reader in a real CLI process. Loopback pages are refused (the
// CLI, like the app, reads only public addresses), after the approval `--yes` gives.
import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { runKeel } from '../support/run-process'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

let server: SimulatedProvider
let page: Server
let reached = 0
let dir: string
beforeEach(async () => {
  server = await startSimulatedProvider()
  page = createServer((_request, response) => {
    reached++
    response.end('local')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  dir = mkdtempSync(join(tmpdir(), 'keel-cli-web-'))
})
afterEach(async () => {
  await server.close()
  page.closeAllConnections()
  await new Promise((resolve) => page.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

it('offers read_web_page only with --read-web, and refuses a local address without reaching it', async () => {
  const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`
  const env = { KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'), ANTHROPIC_API_KEY: 'k' }
  const script = () =>
    server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'read_web_page', arguments: { url } }] },
      { type: 'turn', text: 'Done.' },
    )
  const args = ['chat', '--provider', 'anthropic', '--db', join(dir, 'keel.db'), '--yes', '--json']
  script()
  const without = await runKeel([...args, 'read it'], { env })
  expect(without.code).toBe(0)
  expect(JSON.stringify(server.requests[0]?.body)).not.toContain('read_web_page')

  script()
  const withWeb = await runKeel([...args, '--read-web', 'read it'], { env })
  expect(withWeb.code).toBe(0)
  const events = withWeb.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; name?: string; state?: string })
  expect(JSON.stringify(server.requests[2]?.body)).toContain('read_web_page')
  expect(events.filter((event) => event.type === 'tool-call').map((event) => event.state)).toContain('failed')
  expect(withWeb.stdout).toContain('local or private network address')
  expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'completed' })
  expect(reached).toBe(0)
})
