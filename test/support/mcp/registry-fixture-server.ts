// A stand-in for an MCP registry on loopback: serves the test's own pages (test/fixtures/mcp-registry,
// written in the official registry's v0.1 format) with its search (substring of the name) and cursor,
// plus one entry with a 100 KB description; or misbehaves on purpose (`mode`).
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const dir = join(import.meta.dirname, '../../fixtures/mcp-registry')
const read = (name: string) =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as { servers: unknown[]; metadata?: object }

/** How the registry answers: its pages, or one way of failing. */
export type RegistryMode = 'pages' | 'http-500' | 'not-json' | 'too-large' | 'silent' | 'not-registry'

export interface RegistryFixture {
  url: string
  /** Every request's path and query, in order. */
  requests: string[]
  mode: RegistryMode
  close(): Promise<void>
}

const LONG_DESCRIPTION_ENTRY = {
  server: {
    name: 'io.github.keel-tests/long-description',
    description: `Long. ${'a'.repeat(100 * 1024)}`,
    version: '1.0.0',
    packages: [{ registryType: 'npm', identifier: 'long-description', version: '1.0.0', transport: { type: 'stdio' } }],
  },
}

export async function startRegistryFixture(mode: RegistryMode = 'pages'): Promise<RegistryFixture> {
  const requests: string[] = []
  const fixture = { requests, mode } as RegistryFixture
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push(`${url.pathname}${url.search}`)
    if (url.pathname !== '/v0.1/servers') return void response.writeHead(404).end('{"title":"Not Found"}')
    switch (fixture.mode) {
      case 'http-500':
        return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"title":"boom"}')
      case 'not-json':
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>')
      case 'not-registry':
        return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}')
      case 'silent':
        return // never answers
      case 'too-large': {
        // No content-length: the cap must hold while reading.
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"servers":[')
        const chunk = `${JSON.stringify(LONG_DESCRIPTION_ENTRY)},`
        let sent = 0
        const more = () => {
          while (sent < 200) {
            sent++
            if (!response.write(chunk)) return void response.once('drain', more)
          }
          response.end('{}]}')
        }
        response.on('error', () => {})
        return more()
      }
      case 'pages': {
        const cursor = url.searchParams.get('cursor')
        // `cursor-arguments`: one entry with arguments in every form the server.json schema allows.
        const page =
          cursor === 'cursor-page-2'
            ? read('page-2.json')
            : cursor === 'cursor-arguments'
              ? read('arguments.json')
              : read('page-1.json')
        if (url.searchParams.get('cursor') === null) page.servers.push(LONG_DESCRIPTION_ENTRY)
        const search = url.searchParams.get('search')
        if (search) {
          page.servers = page.servers.filter((entry) => {
            const name = (entry as { server?: { name?: unknown } })?.server?.name
            return typeof name === 'string' && name.toLowerCase().includes(search.toLowerCase())
          })
        }
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page))
      }
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fixture.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fixture.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fixture
}
