import { createReadStream } from 'node:fs'
import { access, constants, stat } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { PROVIDER_IDS, isProviderId } from '../shared/provider-id'
import { parseStreamBody } from '../main/providers/stream-parser'
import { turnResultToJson } from '../main/providers/round-result-json'
import { CliUsageError } from './cli-usage-error'

export const REPLAY_USAGE = `usage: keel replay --provider <${PROVIDER_IDS.join('|')}> [--status <http-status>] [FILE|-]

Reads a recorded response body (FILE, or standard input for - or no FILE) as a stream
and prints the turn result as one JSON object.`

/** `keel replay`: a recorded body through the real parser, as a stream, to one JSON object. */
export async function runReplay(
  argv: string[],
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { provider: { type: 'string' }, status: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${REPLAY_USAGE}`)
  }
  if (parsed.values.help) {
    io.stdout.write(`${REPLAY_USAGE}\n`)
    return 0
  }
  const provider = parsed.values.provider
  if (provider === undefined) throw new CliUsageError(`missing --provider\n${REPLAY_USAGE}`)
  if (!isProviderId(provider)) {
    throw new CliUsageError(`unknown provider "${provider}" (expected one of: ${PROVIDER_IDS.join(', ')})`)
  }
  let status = 200
  if (parsed.values.status !== undefined) {
    const value = Number(parsed.values.status)
    if (!/^\d{3}$/.test(parsed.values.status) || value < 100 || value > 599) {
      throw new CliUsageError(`--status must be an HTTP status between 100 and 599, got "${parsed.values.status}"`)
    }
    status = value
  }
  if (parsed.positionals.length > 1) throw new CliUsageError(`expected at most one FILE\n${REPLAY_USAGE}`)
  const file = parsed.positionals[0]
  let input: AsyncIterable<Uint8Array>
  if (file === undefined || file === '-') {
    input = io.stdin as AsyncIterable<Uint8Array>
  } else {
    try {
      await access(file, constants.R_OK)
      if (!(await stat(file)).isFile()) throw new Error('not a regular file')
    } catch (error) {
      throw new CliUsageError(`cannot read ${file}: ${(error as Error).message}`)
    }
    input = createReadStream(file)
  }
  const { result } = await parseStreamBody(provider, input, { response: { status } })
  io.stdout.write(`${JSON.stringify(turnResultToJson(result), null, 2)}\n`)
  return 0
}
