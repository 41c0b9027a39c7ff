// A tool source whose tools change something outside Keel (a stand-in for an MCP server's tools):
// it exercises the external-effect path of the ledger — claimed before the call, succeeded/failed
// recorded, and an outcome that cannot be known (stopped, timed out, connection lost) left
// `unknown` and never re-run. Used by the harness tests and, through start-web's
// `--extra-tool-source`, by the browser-mode E2E.
import { z } from 'zod'
import type { Tool, ToolSource } from '../../src/main/tools/tool'
import { zodToolSchema } from '../../src/main/tools/zod-tool-schema'

export interface FakeExternalTools extends ToolSource {
  /** How many times each tool was really called (a re-run would show here). */
  readonly calls: Record<string, number>
}

const target = z.strictObject({ target: z.string().min(1).max(200) })

/** A 1×1 PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export function createFakeExternalTools(options: { slowStepMs?: number } = {}): FakeExternalTools {
  const calls: Record<string, number> = {}
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1)
  const stepMs = options.slowStepMs ?? 200
  const tools: Tool[] = [
    {
      name: 'send_postcard',
      title: 'Send postcard',
      description: 'Sends a postcard to a target (an effect outside Keel). Returns the postcard number.',
      effect: 'external',
      source: 'test-external',
      schema: zodToolSchema('send_postcard', target),
      call: async (input) => {
        count('send_postcard')
        return {
          ok: true,
          output: { sent: true, to: (input as { target: string }).target, number: calls.send_postcard! },
        }
      },
    },
    {
      name: 'slow_external_action',
      title: 'Slow external action',
      description: 'Starts a long action outside Keel that reports progress and only ends when stopped.',
      effect: 'external',
      source: 'test-external',
      schema: zodToolSchema('slow_external_action', target),
      call: (_input, { signal, onProgress }) => {
        count('slow_external_action')
        return new Promise((_resolve, reject) => {
          let step = 0
          const timer = setInterval(() => {
            step++
            onProgress?.({ progress: step, total: 100, message: `step ${step} of 100` })
          }, stepMs)
          signal.addEventListener('abort', () => {
            clearInterval(timer)
            reject(new Error('cancelled'))
          })
        })
      },
    },
    {
      name: 'flaky_connection_action',
      title: 'Flaky connection action',
      description: 'An action whose connection drops mid-call.',
      effect: 'unknown',
      source: 'test-external',
      schema: zodToolSchema('flaky_connection_action', target),
      call: async () => {
        count('flaky_connection_action')
        throw new Error('socket hang up')
      },
    },
    {
      name: 'refusing_action',
      title: 'Refusing action',
      description: 'An action the outside service refuses (a known failure).',
      effect: 'external',
      source: 'test-external',
      schema: zodToolSchema('refusing_action', target),
      call: async () => {
        count('refusing_action')
        return {
          ok: false,
          failure: { kind: 'external', message: 'The service refused: quota reached.', retryable: false },
        }
      },
    },
    {
      name: 'draw_chart',
      title: 'Draw chart',
      description: 'Draws a tiny chart; returns it as an image (a read: it changes nothing).',
      effect: 'none',
      source: 'test-external',
      schema: zodToolSchema('draw_chart', target),
      call: async (input) => {
        count('draw_chart')
        return {
          ok: true,
          output: { drawn: (input as { target: string }).target },
          parts: [{ type: 'image', mimeType: 'image/png', data: TINY_PNG }],
        }
      },
    },
    {
      name: 'dump_log',
      title: 'Dump log',
      description: 'Returns a very long log (a read).',
      effect: 'none',
      source: 'test-external',
      schema: zodToolSchema('dump_log', target),
      call: async () => {
        count('dump_log')
        return { ok: true, output: { log: 'x'.repeat(300_000) } }
      },
    },
  ]
  return { id: 'test-external', list: () => tools, calls }
}

/** For `start-web --extra-tool-source` (tests only): the module's tool source. */
export function createToolSource(): ToolSource {
  return createFakeExternalTools()
}
