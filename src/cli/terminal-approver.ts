import { createInterface } from 'node:readline'
import type { Approver } from '../main/harness/approval'

/**
 * Asks on the terminal before a write tool runs (`keel chat` without `--yes`). Without a terminal
 * (piped input, CI) every write is denied: nothing writes without someone saying yes.
 */
export function terminalApprover(input: NodeJS.ReadStream, output: NodeJS.WritableStream): Approver {
  return async (request, signal) => {
    if (!input.isTTY) {
      output.write(
        `\n[keel] ${request.name} needs approval and there is no terminal to ask: denied (use --yes to allow writes)\n`,
      )
      return 'deny'
    }
    const rl = createInterface({ input, output })
    try {
      const answer = await new Promise<string>((resolve) => {
        const onAbort = () => resolve('n')
        signal.addEventListener('abort', onAbort, { once: true })
        // Every argument in full, pretty-printed: what the user agrees to is exactly what is sent.
        const choices = request.allowAlways ? '[y]es / [n]o / [a]lways' : '[y]es / [n]o'
        rl.question(
          `\n[keel] Allow ${request.name} with\n${JSON.stringify(request.arguments, null, 2)}\n${choices}: `,
          (text) => {
            signal.removeEventListener('abort', onAbort)
            resolve(text)
          },
        )
      })
      const normalized = answer.trim().toLowerCase()
      if (normalized === 'a' || normalized === 'always') return request.allowAlways ? 'always' : 'approve'
      if (normalized === 'y' || normalized === 'yes') return 'approve'
      return 'deny'
    } finally {
      rl.close()
    }
  }
}
