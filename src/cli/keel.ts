import { CliUsageError } from './cli-usage-error'
import { runReplay, REPLAY_USAGE } from './replay-command'

const USAGE = `usage: keel <command> [options]

commands:
  replay   parse a recorded provider response body into a turn result (JSON)

${REPLAY_USAGE}`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'replay':
      return runReplay(rest, { stdin: process.stdin, stdout: process.stdout })
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
      process.stderr.write(`keel: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exitCode = 1
    }
  },
)
