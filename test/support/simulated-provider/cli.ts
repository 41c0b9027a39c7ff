/**
 * Standalone simulated provider:
 *   npx tsx test/support/simulated-provider/cli.ts --port N --script file.json [--no-control] [--verbose]
 * Prints `listening http://127.0.0.1:N` and serves until killed. The script is a JSON array of
 * scripted responses (or `{ "responses": [...] }`). Unless `--no-control`, tests in other
 * processes can drive it through `/_sim/enqueue`, `/_sim/requests`, `/_sim/state`, `/_sim/reset`.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { parseScript } from './script-schema'
import { startSimulatedProvider } from './server'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      script: { type: 'string' },
      'no-control': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
    strict: true,
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535, got ${values.port}`)
  const script = values.script ? parseScript(JSON.parse(readFileSync(values.script, 'utf8')) as unknown) : []
  const verbose = values.verbose
  const server = await startSimulatedProvider({
    port,
    script,
    controlRoutes: !values['no-control'],
    respond: verbose
      ? (request) => {
          process.stderr.write(
            `${new Date().toISOString()} ${request.method} ${request.path} (${request.provider}), queued ${server.queued}\n`,
          )
          return undefined
        }
      : undefined,
  })
  process.stdout.write(`listening ${server.origin}\n`)
  const stop = (): void => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`simulated provider: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
