// The MCP benchmark's servers and its floor: the official reference servers (devDependencies,
// started with `node <package>/dist/index.js`, never npx) reached by a bare SDK client on its own
// stdio transport, with nothing of Keel in between.
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { McpServerConfig } from '../../src/shared/mcp'

export type ReferenceServerName = 'everything' | 'filesystem' | 'memory'

export interface ReferenceServer {
  name: ReferenceServerName
  args: string[]
  env: Record<string, string>
}

const modules = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol')

/** How each server is started; `dir` is the run's temp folder (filesystem's root, memory's file). */
export function referenceServer(name: ReferenceServerName, dir: string): ReferenceServer {
  const entry = join(modules, `server-${name}`, 'dist', 'index.js')
  switch (name) {
    case 'everything':
      return { name, args: [entry, 'stdio'], env: {} }
    case 'filesystem':
      return { name, args: [entry, dir], env: {} }
    case 'memory':
      // Its default file is inside its own package folder: keep it in the run's temp folder.
      return { name, args: [entry], env: { MEMORY_FILE_PATH: join(dir, `memory-${process.hrtime.bigint()}.jsonl`) } }
  }
}

/** The server as a config the hub runs (from a config file: no consent step; env values as secrets). */
export function hubEntry(server: ReferenceServer, id: string) {
  const config: McpServerConfig = {
    id,
    name: id,
    transport: 'stdio',
    command: process.execPath,
    args: server.args,
    env: Object.fromEntries(Object.keys(server.env).map((key) => [key, { secret: true, set: true }])),
  }
  return { config, origin: 'file' as const, secrets: { env: { ...server.env }, headers: {} } }
}

/** A bare SDK client, with the same capabilities Keel declares (servers list tools by what the client can do). */
export interface FloorClient {
  client: Client
  pid: number | null
  close: () => Promise<void>
}

export async function connectFloor(server: ReferenceServer): Promise<FloorClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: server.args,
    env: server.env,
    stderr: 'pipe',
  })
  // Drained and dropped: a full pipe would stall the server (Keel keeps a ring of it instead).
  transport.stderr?.on('data', () => undefined)
  const client = new Client(
    { name: 'keel-bench-floor', version: '0.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  )
  await client.connect(transport)
  return { client, pid: transport.pid, close: () => client.close() }
}

/** Child processes of this one still running (Linux/macOS `ps`; undefined where it is unavailable). */
export function runningChildren(): string[] | undefined {
  const listed = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' })
  if (listed.status !== 0) return undefined
  return listed.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, ppid, comm]) => ppid === String(process.pid) && comm !== 'ps' && pid !== String(listed.pid))
    .map(([pid, , comm]) => `${pid} ${comm ?? ''}`)
}
