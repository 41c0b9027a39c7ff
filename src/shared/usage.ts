/** Token usage of one model call. Unknown numbers are `undefined`, never a fake 0. */
export interface Usage {
  /** Tokens the provider read (prompt, history, tools), cached ones included. */
  inputTokens: number | undefined
  /** Tokens the provider generated, reasoning included. */
  outputTokens: number | undefined
  /** Part of `outputTokens` spent on reasoning / thinking, when reported. */
  reasoningTokens: number | undefined
  /** Part of `inputTokens` served from the provider's prompt cache, when reported. */
  cachedInputTokens: number | undefined
  /**
   * Web searches the provider ran for this call (its hosted search: each completed search call;
   * billed per search by Anthropic and OpenAI). Absent: none, or a call that could not search.
   */
  hostedSearches?: number | undefined
}

export const UNKNOWN_USAGE: Readonly<Usage> = Object.freeze({
  inputTokens: undefined,
  outputTokens: undefined,
  reasoningTokens: undefined,
  cachedInputTokens: undefined,
})
