/**
 * What one wire API refuses in the tools of a request, as its documentation or its recorded 400s
 * say (each source is cited where its provider declares its rules, in its `index.ts`). A request that breaks one of these is refused as a
 * whole, so {@link fitToolsToProvider} makes every request keep them, whatever the servers offer.
 */
export interface ProviderToolRules {
  /** Most tools one request may declare (undefined: none on record). */
  readonly maxTools: number | undefined
  /** Longest tool description, in UTF-16 code units as the APIs count them (undefined: none on record). */
  readonly maxDescriptionChars: number | undefined
  /** A tool name this API takes (length included). */
  readonly namePattern: RegExp
  /** Keywords the API refuses at the top of a tool's input schema (removed there, combinators' properties folded in; the full schema still validates). */
  readonly topLevelForbidden: readonly string[]
  /** Every array schema must say what its items are (`items: {}` is added where it does not). */
  readonly arrayItemsRequired: boolean
  /** Every `$ref` must resolve inside the schema and none may be cyclic: local refs are inlined, the others loosened to `{}`. */
  readonly refsInlined: boolean
}

/** OpenAI's function name rule, the same for Responses and Chat Completions ("a-z, A-Z, 0-9, underscores and dashes, maximum length of 64"). */
export const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * Top-level combinators OpenAI refuses in `parameters` (400 `invalid_function_parameters`:
 * nspady/google-calendar-mcp#39, langchain-ai/langchainjs#9804).
 */
export const OPENAI_TOP_LEVEL_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'enum', 'const', 'not'] as const

/** OpenAI (both APIs) refuses more than 128 tools (400 `array_above_max_length`: zed-industries/zed#32946). */
export const OPENAI_MAX_TOOLS = 128

/** Gemini's function name rule: starts with a letter or `_`; letters, digits, `_ . : -`; at most 64 (FunctionDeclaration.name). */
export const GEMINI_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/

/** Gemini (`parametersJsonSchema`) and, assumed, Interactions: Google's name rule; every `$ref` resolving, none cyclic. */
export const GEMINI_TOOL_RULES: ProviderToolRules = {
  maxTools: undefined,
  maxDescriptionChars: undefined,
  namePattern: GEMINI_TOOL_NAME,
  topLevelForbidden: [],
  arrayItemsRequired: false,
  refsInlined: true,
}
