import type { ProviderId } from '../../../src/shared/provider-id'
import { anthropicRenderer } from './render-anthropic'
import { geminiRenderer } from './render-gemini'
import { geminiInteractionsRenderer } from './render-gemini-interactions'
import { openAIChatRenderer } from './render-openai-chat'
import { openAIResponsesRenderer } from './render-openai-responses'
import type { WireRenderer } from './wire-renderer'

export const RENDERERS: Record<ProviderId, WireRenderer> = {
  'openai-responses': openAIResponsesRenderer,
  'openai-chat': openAIChatRenderer,
  anthropic: anthropicRenderer,
  gemini: geminiRenderer,
  'gemini-interactions': geminiInteractionsRenderer,
}
