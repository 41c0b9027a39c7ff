// Browser mode: `npm run start:web [-- --port N --db FILE]` (tsx src/main/web/start-web.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { KeelAppService } from '../app/keel-app-service'
import { createMemoryKeyVault } from '../secrets/key-vault'
import { defaultDatabasePath } from '../data-dir'
import { openKeelStore } from '../db/keel-store'
import { describeFileReport, prepareMcpStartup } from '../mcp/mcp-startup'
import type { ToolSource } from '../tools/tool'
import { startWebServer } from './web-server'

const USAGE = `usage: start-web [--port N] [--db FILE] [--renderer DIR] [--no-build] [--mcp-config FILE] [--extra-tool-source MODULE] [--timing]
Serves the built renderer and Keel's core on http://127.0.0.1:N (loopback only) and prints the URL
with its access token (after #token=). --port 0 (default) picks a free port; --db defaults to
${defaultDatabasePath()}. --mcp-config (or KEEL_MCP_CONFIG): MCP servers for this session, in
Claude Desktop's format ("mcpServers") or VS Code's ("servers"), beside those saved in Settings.
--timing: print where start-up time went to stderr, one "[keel] timing PHASE EPOCH_MS" line per phase.`

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

async function main(): Promise<number> {
  let flags
  try {
    flags = parseArgs({
      args: process.argv.slice(2),
      options: {
        port: { type: 'string' },
        db: { type: 'string' },
        renderer: { type: 'string' },
        'no-build': { type: 'boolean' },
        'extra-tool-source': { type: 'string' },
        'mcp-config': { type: 'string' },
        timing: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const port = flags.port === undefined ? 0 : Number(flags.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be an integer from 0 to 65535\n${USAGE}\n`)
    return 2
  }
  const rendererDir = resolve(flags.renderer ?? join(repoRoot, 'out', 'renderer'))
  if (!existsSync(join(rendererDir, 'index.html'))) {
    if (flags['no-build'] || flags.renderer) {
      process.stderr.write(`no built renderer at ${rendererDir} (run npm run build)\n`)
      return 1
    }
    process.stderr.write('[keel] building the renderer (electron-vite build)…\n')
    const built = spawnSync(join(repoRoot, 'node_modules', '.bin', 'electron-vite'), ['build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      shell: process.platform === 'win32',
    })
    if (built.status !== 0 || !existsSync(join(rendererDir, 'index.html'))) {
      process.stderr.write('[keel] the renderer build failed\n')
      return 1
    }
  }

  const timing = flags.timing ? startupTiming() : () => {}
  timing('main')
  const dbPath = resolve(flags.db ?? defaultDatabasePath())
  mkdirSync(dirname(dbPath), { recursive: true })
  const opened = openKeelStore(dbPath)
  timing('store-open')
  if (!opened.ok) {
    // The store's message names the file and says whether it was changed.
    process.stderr.write(`[keel] ${opened.error.message}\n`)
    return 1
  }
  const store = opened.store
  let toolSources: ToolSource[] = []
  if (flags['extra-tool-source']) {
    // Development and tests: a module exporting `createToolSource()` (e.g. the E2E suite's fake external tools).
    const module = (await import(pathToFileURL(resolve(flags['extra-tool-source'])).href)) as {
      createToolSource?: () => ToolSource
    }
    if (typeof module.createToolSource !== 'function') {
      process.stderr.write(`${flags['extra-tool-source']} does not export createToolSource()\n`)
      store.close()
      return 2
    }
    toolSources = [module.createToolSource()]
  }
  const mcp = await prepareMcpStartup({ store, flag: flags['mcp-config'], env: process.env })
  if (!mcp.ok) {
    process.stderr.write(`[keel] ${mcp.message}\n`)
    store.close()
    return 2
  }
  if (mcp.file) for (const line of describeFileReport(mcp.file)) process.stderr.write(`[keel] ${line}\n`)
  const service = new KeelAppService({
    store,
    env: process.env,
    vault: createMemoryKeyVault(),
    toolSources,
    mcp: { fileServers: mcp.fileServers, loginPath: mcp.loginPath },
  })
  timing('service-ready')
  let server
  try {
    server = await startWebServer({ service, rendererDir, port })
  } catch (error) {
    store.close()
    process.stderr.write(`cannot listen on 127.0.0.1:${port}: ${(error as Error).message}\n`)
    return 1
  }
  timing('listening')
  process.stdout.write(
    `Keel is running at ${server.url}\n` +
      'Open that address in each browser tab you use for Keel; the part after #token= is its access key (it changes on every start; keep it to yourself).\n',
  )

  const running = server
  return await new Promise<number>((resolveExit) => {
    let stopping = false
    const stop = () => {
      if (stopping) return
      stopping = true
      // Sockets close first (their runs stop), then every run saves what it showed, then the store
      // closes (after its background integrity check, if one is still running: see closeWhenChecked).
      void running
        .close()
        .then(() => service.close())
        .finally(() => store.closeWhenChecked().finally(() => resolveExit(0)))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}

/**
 * `--timing`: one stderr line per start-up phase, `[keel] timing PHASE EPOCH_MS`, on the
 * high-resolution epoch clock (`performance.timeOrigin + performance.now()`, the clock a page reads
 * too), after a first `process` line for when this process began.
 */
function startupTiming(): (phase: string) => void {
  const line = (phase: string, at: number) => process.stderr.write(`[keel] timing ${phase} ${at.toFixed(3)}\n`)
  line('process', performance.timeOrigin)
  return (phase) => line(phase, performance.timeOrigin + performance.now())
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[keel] ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
