// Starting the servers Keel's MCP tests talk to: the misbehaving server and the official reference
// servers (devDependencies, started with `node <package>/dist/index.js`, never npx), on stdio and
// on 127.0.0.1 over HTTP.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { vi } from 'vitest'
import { McpConnection, type McpConnectionOptions } from '../../../src/main/mcp/mcp-connection'
import type { McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'

const here = dirname(fileURLToPath(import.meta.url))

export const MISBEHAVING_SERVER = resolve(here, 'misbehaving-server.mjs')
/** One hostile or broken behaviour per run, chosen by its first argument (see the file). */
export const HOSTILE_SERVER = resolve(here, 'hostile-server.mjs')
/** Tools whose input schemas some providers refuse as they are (see the file); MCP_CALL_LOG logs calls. */
export const SCHEMA_SHAPES_SERVER = resolve(here, 'schema-shapes-server.mjs')

export function referenceServer(name: 'everything' | 'filesystem' | 'memory'): string {
  return resolve(here, '../../../node_modules/@modelcontextprotocol', `server-${name}`, 'dist/index.js')
}

/** Test options: quick restarts, no login shell (tests must not depend on the developer's rc files). */
export const TEST_OPTIONS: McpConnectionOptions = {
  loginPath: async () => undefined,
  backoff: { initialMs: 50, maxMs: 400, stableMs: 60_000 },
  closeGracePeriodMs: 500,
}

export function stdioSpec(args: string[], overrides: Partial<McpLaunchSpec> = {}): McpLaunchSpec {
  return {
    id: 'test',
    name: 'Test server',
    transport: 'stdio',
    command: process.execPath,
    args,
    timeoutMs: 20_000,
    maxTotalTimeoutMs: 60_000,
    startTimeoutMs: 20_000,
    ...overrides,
  }
}

export function misbehaving(env: Record<string, string> = {}, overrides: Partial<McpLaunchSpec> = {}): McpConnection {
  return new McpConnection(stdioSpec([MISBEHAVING_SERVER], { env, ...overrides }), TEST_OPTIONS)
}

export function tempDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'keel-mcp-'))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

/** server-everything over HTTP (`streamableHttp` at /mcp or legacy `sse` at /sse) on 127.0.0.1. */
export async function startEverythingHttp(
  mode: 'streamableHttp' | 'sse',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, [referenceServer('everything'), mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await waitForOutput(child, /listening on port|running on port/i)
  const url = `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGKILL')
      }),
  }
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((done, fail) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8')
      if (pattern.test(seen)) {
        child.stdout?.off('data', onData)
        child.stderr?.off('data', onData)
        done()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before it listened: ${seen}`)))
  })
}

/** Polls until `check` holds (vi.waitFor; no time is asserted: the bound is only there to fail rather than hang). */
export async function eventually(check: () => boolean | Promise<boolean>, stepMs = 20): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet')
    },
    { timeout: 60_000, interval: stepMs },
  )
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
