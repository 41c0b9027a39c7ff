// `keel replay` end to end: the real npm script, files and stdin, exit codes, and output that does
// not depend on how the body arrives in reads.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keelCommand } from '../support/cli-bundle'

const ROOT = resolve(import.meta.dirname, '../..')

const anthropicToolTurn = [
  'event: message_start',
  'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}',
  '',
  'event: content_block_start',
  'data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_A","name":"get_weather","input":{}}}   ',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"city\\": \\"Par"}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"is\\"}"}}',
  '',
  'event: content_block_stop',
  'data: {"type":"content_block_stop","index":0}',
  '',
  'event: message_delta',
  'data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":41}}',
  '',
  'event: message_stop',
  'data: {"type":"message_stop"}',
].join('\n')

function tempFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'keel-cli-'))
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

function runCli(args: string[], input?: string) {
  const keel = keelCommand()
  const out = spawnSync(keel.command, [...keel.args, ...args], { cwd: ROOT, input, encoding: 'utf8' })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

/** Feeds stdin in the given pieces, with pauses, so the CLI really sees separate reads. */
function runCliWithReads(args: string[], pieces: Buffer[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolvePromise, reject) => {
    const keel = keelCommand()
    const child = spawn(keel.command, [...keel.args, ...args], { cwd: ROOT })
    let stdout = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ code, stdout }))
    let i = 0
    const next = () => {
      if (i >= pieces.length) {
        child.stdin.end()
        return
      }
      child.stdin.write(pieces[i++]!, () => setTimeout(next, 5))
    }
    next()
  })
}

describe('keel replay', () => {
  it('prints the documented JSON object through the npm script', () => {
    const file = tempFile('turn.sse', anthropicToolTurn)
    const out = spawnSync('npm', ['run', '--silent', 'keel', '--', 'replay', '--provider', 'anthropic', file], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(out.status).toBe(0)
    expect(JSON.parse(out.stdout)).toEqual({
      provider: 'anthropic',
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: '',
      reasoning: '',
      toolCalls: [
        { callId: 'toolu_A', name: 'get_weather', argumentsText: '{"city": "Paris"}', arguments: { city: 'Paris' } },
      ],
      hostedCalls: [],
      sources: [],
      usage: { inputTokens: 10, outputTokens: 41 },
      error: null,
    })
  })

  it('reads stdin as a stream: the same output however the body is split into reads', async () => {
    const bytes = Buffer.from(anthropicToolTurn, 'utf8')
    const whole = runCli(['replay', '--provider', 'anthropic', '-'], anthropicToolTurn)
    expect(whole.code).toBe(0)
    const pieces = [7, 8, 130, 131, 400, 401, 402, 650].reduce<{ out: Buffer[]; at: number }>(
      (acc, cut) => ({ out: [...acc.out, bytes.subarray(acc.at, cut)], at: cut }),
      { out: [], at: 0 },
    )
    pieces.out.push(bytes.subarray(pieces.at))
    const split = await runCliWithReads(['replay', '--provider', 'anthropic'], pieces.out)
    expect(split.code).toBe(0)
    expect(split.stdout).toBe(whole.stdout)
  })

  it('reports a cut stream as truncated and not executable', () => {
    const cut = anthropicToolTurn.slice(0, anthropicToolTurn.indexOf('is\\"}'))
    const out = runCli(['replay', '--provider', 'anthropic'], cut)
    const json = JSON.parse(out.stdout) as Record<string, unknown>
    expect(json).toMatchObject({ complete: false, truncated: true, executable: false, finishReason: null, error: null })
    expect(json.toolCalls).toEqual([
      { callId: 'toolu_A', name: 'get_weather', argumentsText: '{"city": "Par', arguments: null },
    ])
  })

  it('reads an HTTP error body with --status', () => {
    const out = runCli(
      ['replay', '--provider', 'openai-chat', '--status', '429'],
      '{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded"}}',
    )
    expect(out.code).toBe(0)
    expect(JSON.parse(out.stdout).error).toEqual({
      kind: 'rate-limit',
      message: 'slow down',
      retryable: true,
      status: 429,
    })
  })

  it('gives a Google cut a truncated error', () => {
    const out = runCli(
      ['replay', '--provider', 'gemini'],
      'data: {"candidates": [{"content": {"parts": [{"text": "Hel"}]}}]}\r\n\r\n',
    )
    expect(JSON.parse(out.stdout)).toMatchObject({
      complete: false,
      truncated: true,
      error: { kind: 'truncated', status: null },
    })
  })

  it.each([
    [['replay'], /missing --provider/],
    [['replay', '--provider', 'cohere', 'x'], /unknown provider "cohere"/],
    [['replay', '--provider', 'anthropic', '/nonexistent/body.sse'], /cannot read/],
    [['replay', '--provider', 'anthropic', '--status', 'abc', '-'], /--status/],
    [['replay', '--provider', 'anthropic', '--bogus'], /Unknown option/],
    [['replay', '--provider', 'anthropic', 'a', 'b'], /at most one FILE/],
    [['frobnicate'], /unknown command/],
  ])('exits 2 with a message for %j', (args, message) => {
    const out = runCli(args, '')
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(message)
    expect(out.stdout).toBe('')
  })
})
