// A large conversation's view is rendered in a task after the one its reply arrived in (so parsing
// it and rendering it are never one long task); a small one at once.
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../src/shared/conversation'
import type { ConversationView } from '../../../src/shared/ipc/app-contract'
import { LARGE_VIEW_MESSAGES, largeViewYield } from '../../../src/renderer/src/state/large-view-yield'

const view = (messages: number): { ok: true; value: ConversationView } => ({
  ok: true,
  value: {
    diagnostics: {},
    conversation: { id: 'c', title: 't', createdAt: 0, updatedAt: 0 },
    messages: Array.from({ length: messages }, (_, i) => ({ id: `m${i}` }) as unknown as Message),
    usage: {
      perMessage: {},
      total: {
        usage: {
          inputTokens: undefined,
          outputTokens: undefined,
          reasoningTokens: undefined,
          cachedInputTokens: undefined,
        },
        estimated: false,
        cost: null,
      },
    },
  },
})

/** Whether `value` settles within this task's microtasks. */
async function settlesWithinTask(value: unknown): Promise<boolean> {
  let settled = false
  void Promise.resolve(value).then(() => (settled = true))
  // This task's microtasks: a value handed back as is settles among them; a later task cannot run meanwhile.
  for (let i = 0; i < 10; i++) await Promise.resolve()
  return settled
}

describe('largeViewYield', () => {
  it('hands a small view back at once, the same object', async () => {
    const small = view(LARGE_VIEW_MESSAGES - 1)
    expect(largeViewYield(small)).toBe(small)
    expect(await settlesWithinTask(largeViewYield(small))).toBe(true)
  })

  it('hands a large view back in a later task, unchanged', async () => {
    const large = view(LARGE_VIEW_MESSAGES)
    const pending = largeViewYield(large)
    expect(pending).toBeInstanceOf(Promise)
    expect(await settlesWithinTask(pending)).toBe(false)
    expect(await pending).toBe(large)
  })

  it('hands an error back at once', () => {
    const failed = {
      ok: false as const,
      error: { kind: 'internal' as const, message: 'x', owner: 'system' as const, retryable: false },
    }
    expect(largeViewYield(failed as never)).toBe(failed)
  })
})
