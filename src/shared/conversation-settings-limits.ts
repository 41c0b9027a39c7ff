// The limits and shape of a conversation's settings, without zod: the renderer checks its fields with them.

/** The longest system prompt a conversation (or the default) may have, in characters. */
export const MAX_SYSTEM_PROMPT_CHARS = 20_000
/** The largest output-token cap the window accepts (no provider today allows more). */
export const MAX_OUTPUT_TOKENS_LIMIT = 1_000_000
/** The widest temperature any provider takes (Anthropic stops at 1; see {@link generationDefaultsFor}). */
export const MAX_TEMPERATURE = 2

/**
 * What one conversation sets for itself. Every field is optional: unset means "the default"
 * (the saved default, then the provider's own). `provider` is a configured provider's id (a wire id
 * or a profile id); `provider` and `model` are set together.
 */
export interface ConversationSettings {
  provider?: string | undefined
  model?: string | undefined
  system?: string | undefined
  maxOutputTokens?: number | undefined
  temperature?: number | undefined
  /** The provider's own web search (hosted: run by the provider), where its API has one; unset: off. */
  webSearch?: boolean | undefined
}
