import { CliUsageError } from './cli-usage-error'
import { CHAT_USAGE, runChat } from './chat-command'
import { createInterruptHandler } from './interrupts'
import { EXPORT_USAGE, runExport } from './export-command'
import { IMPORT_USAGE, runImport } from './import-command'
import { runReplay, REPLAY_USAGE } from './replay-command'
import { MCP_USAGE } from './mcp-usage'

const USAGE = `usage: keel <command> [options]

commands:
  chat     run one user turn with the real harness, tools and store
  export   print the whole store as JSON
  import   load an export into the store (a backup restored; nothing twice, nothing overwritten)
  replay   parse a recorded provider response body into a turn result (JSON)
  mcp      MCP servers: list them and their tools, accept changed tools, resources, prompts, the conformance client

${CHAT_USAGE}

${EXPORT_USAGE}

${IMPORT_USAGE}

${REPLAY_USAGE}

${MCP_USAGE}`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'replay':
      return runReplay(rest, { stdin: process.stdin, stdout: process.stdout })
    case 'chat': {
      const interrupts = createInterruptHandler({
        onForce: () => {
          process.stderr.write('keel: quit at once (the answer may not be saved)\n')
          process.exit(130)
        },
      })
      // From the start: a Ctrl-C during startup must not kill the process with nothing saved.
      process.on('SIGINT', () => interrupts.signal())
      return runChat(rest, {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
        onInterrupt: (stop) => interrupts.onInterrupt(stop),
      })
    }
    case 'export':
      return runExport(rest, { stdout: process.stdout })
    case 'import':
      return runImport(rest, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
    case 'mcp': {
      const { runMcp } = await import('./mcp-command')
      const code = await runMcp(rest, { stdout: process.stdout, stderr: process.stderr, env: process.env })
      // The conformance client exits at once (an SDK reconnect timer must not keep the suite waiting).
      if (rest[0] === 'conformance-client') process.exit(code)
      return code
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`)
      return command === undefined ? 2 : 0
    default:
      throw new CliUsageError(`unknown command "${command}"\n${USAGE}`)
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof CliUsageError) {
      process.stderr.write(`keel: ${error.message}\n`)
      process.exitCode = 2
    } else {
      process.stderr.write(
        `keel: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      )
      process.exitCode = 1
    }
  },
)
