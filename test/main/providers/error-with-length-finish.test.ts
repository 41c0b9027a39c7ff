// A stream that reports an error and then still ends for length: the finish reason becomes
// `error`, and the turn must stay `truncated` too (the output was cut, whatever else went wrong).
// Constructed bodies: no recording of an in-band error followed by a finish exists
// (shared/fixtures/SOURCES.md, "Cases with no real capture").
import { describe, expect, it } from 'vitest'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import type { ProviderId } from '../../../src/shared/provider-id'
import { parseWhole } from '../../helpers/parse-helpers'

const sse = (events: object[], named: boolean): string =>
  events
    .map((e) => {
      const name = (e as { type?: string; event_type?: string }).type ?? (e as { event_type?: string }).event_type
      return `${named && name ? `event: ${name}\n` : ''}data: ${JSON.stringify(e)}\n\n`
    })
    .join('')

/** Each provider's body: some text, an in-band error, then its end with `finish` as the reason. */
const BODIES: Record<ProviderId, { cut: string; notCut: string | undefined; body: (finish: string) => string }> = {
  'openai-chat': {
    cut: 'length',
    notCut: 'stop',
    body: (finish) =>
      sse(
        [
          {
            id: 'c1',
            object: 'chat.completion.chunk',
            model: 'm',
            choices: [{ index: 0, delta: { content: 'Once upon' }, finish_reason: null }],
          },
          { error: { message: 'The server had an error', type: 'server_error', param: null, code: null } },
          {
            id: 'c1',
            object: 'chat.completion.chunk',
            model: 'm',
            choices: [{ index: 0, delta: {}, finish_reason: finish }],
          },
        ],
        false,
      ) + 'data: [DONE]\n\n',
  },
  'openai-responses': {
    cut: 'incomplete',
    notCut: 'completed',
    body: (status) =>
      sse(
        [
          { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } },
          {
            type: 'response.output_text.delta',
            item_id: 'msg_1',
            output_index: 0,
            content_index: 0,
            delta: 'Once upon',
          },
          {
            type: 'error',
            sequence_number: 3,
            error: { type: 'server_error', code: 'server_error', message: 'The server had an error' },
          },
          {
            type: `response.${status}`,
            response: {
              id: 'resp_1',
              status,
              ...(status === 'incomplete' ? { incomplete_details: { reason: 'max_output_tokens' } } : {}),
            },
          },
        ],
        true,
      ),
  },
  anthropic: {
    cut: 'max_tokens',
    notCut: 'end_turn',
    body: (stopReason) =>
      sse(
        [
          {
            type: 'message_start',
            message: {
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: 'm',
              content: [],
              stop_reason: null,
              usage: { input_tokens: 3, output_tokens: 1 },
            },
          },
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
          { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Once upon' } },
          { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
          {
            type: 'message_delta',
            delta: { stop_reason: stopReason, stop_sequence: null },
            usage: { output_tokens: 2 },
          },
          { type: 'message_stop' },
        ],
        true,
      ),
  },
  gemini: {
    cut: 'MAX_TOKENS',
    // Gemini has no end sentinel: after an error the turn is never complete, so never "not cut".
    notCut: undefined,
    body: (finishReason) =>
      sse(
        [
          { candidates: [{ content: { role: 'model', parts: [{ text: 'Once upon' }] }, index: 0 }], responseId: 'r1' },
          { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } },
          {
            candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason, index: 0 }],
            responseId: 'r1',
          },
        ],
        false,
      ),
  },
  'gemini-interactions': {
    cut: 'incomplete',
    notCut: 'completed',
    body: (status) =>
      sse(
        [
          { event_type: 'interaction.created', interaction: { id: 'v1_1', status: 'in_progress' } },
          { event_type: 'step.start', index: 0, step: { type: 'model_output' } },
          { event_type: 'step.delta', index: 0, delta: { type: 'text', text: 'Once upon' } },
          { event_type: 'error', error: { code: 'INTERNAL', message: 'Internal error' } },
          { event_type: 'step.stop', index: 0 },
          { event_type: 'interaction.completed', interaction: { id: 'v1_1', status } },
        ],
        true,
      ),
  },
}

describe('an error, then a length finish: the turn is both failed and truncated', () => {
  for (const [provider, spec] of Object.entries(BODIES) as [ProviderId, (typeof BODIES)[ProviderId]][]) {
    it(`${provider}: error then ${spec.cut}`, () => {
      const { result } = parseWhole(provider, spec.body(spec.cut))
      expect(result.text).toBe('Once upon')
      expect(result.error).toBeDefined()
      expect(result.finishReason).toBe('error')
      expect(result.truncated).toBe(true)
      expect(mayRunToolCalls(result)).toBe(false)
    })

    if (spec.notCut !== undefined) {
      it(`${provider}: error then ${spec.notCut} (not a length finish) is not called truncated`, () => {
        const { result } = parseWhole(provider, spec.body(spec.notCut!))
        expect(result.complete).toBe(true)
        expect(result.error).toBeDefined()
        expect(result.truncated).toBe(false)
      })
    }
  }
})
