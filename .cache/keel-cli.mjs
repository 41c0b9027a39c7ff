var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/cli/cli-usage-error.ts
var CliUsageError;
var init_cli_usage_error = __esm({
  "src/cli/cli-usage-error.ts"() {
    "use strict";
    CliUsageError = class extends Error {
      name = "CliUsageError";
    };
  }
});

// src/shared/locale.ts
function isLocale(value) {
  return typeof value === "string" && LOCALES.includes(value);
}
var LOCALES;
var init_locale = __esm({
  "src/shared/locale.ts"() {
    "use strict";
    LOCALES = ["en", "pt-BR", "es"];
  }
});

// src/shared/provider-id.ts
function isProviderId(value) {
  return typeof value === "string" && PROVIDER_IDS.includes(value);
}
var PROVIDER_IDS;
var init_provider_id = __esm({
  "src/shared/provider-id.ts"() {
    "use strict";
    PROVIDER_IDS = ["openai-responses", "openai-chat", "anthropic", "gemini", "gemini-interactions"];
  }
});

// src/shared/provider-profiles.ts
function isProfileIdSyntax(value) {
  return typeof value === "string" && PROFILE_ID.test(value);
}
function presetOfProfile(id2, stored) {
  if (stored?.preset) return stored.preset;
  if (isProviderId(id2)) return WIRE_PROFILES[id2].preset;
  const byId = PRESET_IDS.find((preset) => PROVIDER_PRESETS[preset].profileId === id2);
  return byId ?? "custom";
}
function apiOfProfile(id2, stored) {
  return isProviderId(id2) ? id2 : PROVIDER_PRESETS[presetOfProfile(id2, stored)].api;
}
function nameOfProfile(id2, stored) {
  if (stored?.name) return stored.name;
  if (isProviderId(id2)) return WIRE_PROFILES[id2].name;
  return PROVIDER_PRESETS[presetOfProfile(id2, stored)].name;
}
function hostOf(url) {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return void 0;
  }
}
function keyRequiredFor(id2, stored, baseUrl) {
  if (stored?.keyRequired !== void 0) return stored.keyRequired;
  const preset = PROVIDER_PRESETS[presetOfProfile(id2, stored)];
  if (isProviderId(id2) && id2 === "openai-chat") return hostOf(baseUrl) === "api.openai.com";
  return preset.needsKey && hostOf(baseUrl) !== void 0 && hostOf(baseUrl) === hostOf(preset.baseUrl);
}
var PROFILE_ID, PRESET_IDS, PROVIDER_PRESETS, WIRE_PROFILES, IMPLICIT_PROFILE_IDS;
var init_provider_profiles = __esm({
  "src/shared/provider-profiles.ts"() {
    "use strict";
    init_provider_id();
    PROFILE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
    PRESET_IDS = ["openai", "anthropic", "gemini", "ollama", "lmstudio", "openrouter", "custom"];
    PROVIDER_PRESETS = {
      openai: {
        id: "openai",
        name: "OpenAI",
        api: "openai-responses",
        baseUrl: "https://api.openai.com/v1",
        needsKey: true,
        model: "gpt-5-mini",
        profileId: "openai-responses",
        keyVariable: "OPENAI_API_KEY",
        keyUrl: "https://platform.openai.com/api-keys"
      },
      anthropic: {
        id: "anthropic",
        name: "Anthropic",
        api: "anthropic",
        baseUrl: "https://api.anthropic.com/v1",
        needsKey: true,
        model: "claude-sonnet-4-5",
        profileId: "anthropic",
        keyVariable: "ANTHROPIC_API_KEY",
        keyUrl: "https://console.anthropic.com/settings/keys"
      },
      gemini: {
        id: "gemini",
        name: "Google Gemini",
        api: "gemini",
        baseUrl: "https://generativelanguage.googleapis.com/v1beta",
        needsKey: true,
        model: "gemini-2.5-flash",
        profileId: "gemini",
        keyVariable: "GEMINI_API_KEY",
        keyUrl: "https://aistudio.google.com/apikey"
      },
      ollama: {
        id: "ollama",
        name: "Ollama",
        api: "openai-chat",
        baseUrl: "http://127.0.0.1:11434/v1",
        needsKey: false,
        model: "",
        profileId: "ollama",
        keyVariable: void 0,
        keyUrl: void 0
      },
      lmstudio: {
        id: "lmstudio",
        name: "LM Studio",
        api: "openai-chat",
        baseUrl: "http://127.0.0.1:1234/v1",
        needsKey: false,
        model: "",
        profileId: "lmstudio",
        keyVariable: void 0,
        keyUrl: void 0
      },
      openrouter: {
        id: "openrouter",
        name: "OpenRouter",
        api: "openai-chat",
        baseUrl: "https://openrouter.ai/api/v1",
        needsKey: true,
        model: "openai/gpt-4.1-mini",
        profileId: "openrouter",
        keyVariable: "OPENROUTER_API_KEY",
        keyUrl: "https://openrouter.ai/keys"
      },
      custom: {
        id: "custom",
        name: "Other OpenAI-compatible server",
        api: "openai-chat",
        baseUrl: "",
        needsKey: false,
        model: "",
        profileId: void 0,
        keyVariable: void 0,
        keyUrl: void 0
      }
    };
    WIRE_PROFILES = {
      "openai-responses": { preset: "openai", name: "OpenAI" },
      "openai-chat": { preset: "custom", name: "OpenAI (Chat Completions)" },
      anthropic: { preset: "anthropic", name: "Anthropic" },
      gemini: { preset: "gemini", name: "Google Gemini" },
      "gemini-interactions": { preset: "gemini", name: "Google Gemini (Interactions API)" }
    };
    IMPLICIT_PROFILE_IDS = [
      ...PROVIDER_IDS,
      ...PRESET_IDS.flatMap((preset) => {
        const id2 = PROVIDER_PRESETS[preset].profileId;
        return id2 && !isProviderId(id2) ? [id2] : [];
      })
    ];
  }
});

// src/main/secrets/key-vault.ts
function isMcpSecretId(id2) {
  return MCP_SECRET_ID.test(id2);
}
function keyEnding(key) {
  return key.length >= MIN_LENGTH_TO_SHOW_ENDING ? key.slice(-SHOWN_ENDING) : "";
}
function createMemoryKeyVault() {
  const values2 = /* @__PURE__ */ new Map();
  return {
    storage: "memory-only",
    get: (id2) => values2.get(id2),
    async set(id2, value) {
      values2.set(id2, value);
      return { ok: true };
    },
    async clear(id2) {
      values2.delete(id2);
      return { ok: true };
    },
    ids: () => [...values2.keys()]
  };
}
var MCP_SECRET_ID, SHOWN_ENDING, MIN_LENGTH_TO_SHOW_ENDING;
var init_key_vault = __esm({
  "src/main/secrets/key-vault.ts"() {
    "use strict";
    init_provider_profiles();
    MCP_SECRET_ID = /^mcp:[a-z0-9_-]{1,40}:(?:env|headers):[^\u0000]{1,200}$/;
    SHOWN_ENDING = 4;
    MIN_LENGTH_TO_SHOW_ENDING = SHOWN_ENDING * 4;
  }
});

// src/shared/json-depth.ts
function jsonTextExceedsDepth(text3, limit = MAX_ARGUMENT_DEPTH) {
  let depth = 0;
  const length = text3.length;
  for (let i = 0; i < length; i++) {
    const c = text3.charCodeAt(i);
    if (c === 34) {
      const close = closingQuote(text3, i);
      if (close === -1) return false;
      i = close;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}
function closingQuote(text3, open) {
  for (let from = open + 1; ; ) {
    const quote = text3.indexOf('"', from);
    if (quote === -1) return -1;
    let backslash = quote - 1;
    while (backslash > open && text3.charCodeAt(backslash) === 92) backslash--;
    if ((quote - 1 - backslash) % 2 === 0) return quote;
    from = quote + 1;
  }
}
function valueExceedsDepth(value, limit = MAX_ARGUMENT_DEPTH) {
  if (typeof value !== "object" || value === null) return false;
  const items = [value];
  const depths = [1];
  while (items.length > 0) {
    const item = items.pop();
    const depth = depths.pop();
    if (depth > limit) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (typeof child === "object" && child !== null) {
        items.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
function argumentsTextOf(args) {
  return valueExceedsDepth(args) ? TOO_DEEP_ARGUMENTS_TEXT : JSON.stringify(args ?? {});
}
var MAX_ARGUMENT_DEPTH, TOO_DEEP_ARGUMENTS_TEXT;
var init_json_depth = __esm({
  "src/shared/json-depth.ts"() {
    "use strict";
    MAX_ARGUMENT_DEPTH = 64;
    TOO_DEEP_ARGUMENTS_TEXT = `<arguments nested more than ${MAX_ARGUMENT_DEPTH} levels deep>`;
  }
});

// src/shared/provider-error.ts
function isRetryableStatus(status) {
  return status === 408 || status === 409 || status === 429 || status >= 500 && status <= 599;
}
var init_provider_error = __esm({
  "src/shared/provider-error.ts"() {
    "use strict";
  }
});

// src/main/providers/classify-provider-error.ts
function classifyProviderError(facts) {
  const codes = (Array.isArray(facts.codes) ? facts.codes : []).filter(
    (c) => typeof c === "string" && c.length > 0
  );
  const matches = (re) => codes.some((c) => re.test(c));
  const status = typeof facts.status === "number" && Number.isFinite(facts.status) ? facts.status : void 0;
  const text3 = typeof facts.message === "string" ? facts.message : "";
  const says = (re) => re.test(text3);
  let kind;
  if (matches(QUOTA) || status === 402 || says(QUOTA_TEXT)) kind = "quota-exceeded";
  else if (matches(FILTER) || status !== void 0 && status >= 400 && status < 500 && says(FILTER_TEXT))
    kind = "content-filter";
  else if (matches(CONTEXT_CODE) || status === 413 || (status === void 0 || status >= 400 && status < 500) && says(CONTEXT_TEXT))
    kind = "context-too-long";
  else if (matches(MODEL_CODE) || (status === 404 || status === 400 || status === void 0) && says(MODEL_TEXT))
    kind = "model-not-found";
  else if (matches(OVERLOADED) || status === 529 || status === 503) kind = "overloaded";
  else if (matches(RATE_LIMIT) || status === 429) kind = "rate-limit";
  else if (matches(AUTH) || status === 401 || status === 403) kind = "authentication";
  else if (matches(TIMEOUT) || status === 408 || status === 504) kind = "timeout";
  else if (matches(SERVER) || status !== void 0 && status >= 500) kind = "server";
  else if (matches(INVALID) || status !== void 0 && status >= 400 && status < 500 && status !== 409)
    kind = "invalid-request";
  else kind = "provider";
  const retryable = kind === "overloaded" || kind === "rate-limit" || kind === "server" || kind === "timeout" ? true : kind === "provider" && status !== void 0 ? isRetryableStatus(status) : false;
  const fromProvider = text3.length > 0 && facts.messageFromProvider !== false;
  return {
    kind,
    message: text3.length > 0 ? text3 : defaultMessage(kind, status),
    retryable,
    status,
    code: codes[0],
    retryAfterMs: facts.retryAfterMs,
    requestId: facts.requestId,
    ...facts.waitMs !== void 0 || facts.retryAfterMs !== void 0 ? { waitMs: facts.waitMs ?? facts.retryAfterMs } : {},
    ...fromProvider ? { providerMessage: text3 } : {}
  };
}
function defaultMessage(kind, status) {
  return status !== void 0 ? `Provider error (${kind}, HTTP ${status})` : `Provider error (${kind})`;
}
var QUOTA, FILTER, MODEL_CODE, CONTEXT_CODE, OVERLOADED, RATE_LIMIT, AUTH, TIMEOUT, SERVER, INVALID, CONTEXT_TEXT, MODEL_TEXT, QUOTA_TEXT, FILTER_TEXT;
var init_classify_provider_error = __esm({
  "src/main/providers/classify-provider-error.ts"() {
    "use strict";
    init_provider_error();
    QUOTA = /insufficient_quota|billing|quota_exceeded|credit|payment_required/i;
    FILTER = /content_filter|safety|content_policy|prohibited|blocklist|moderation|flagged/i;
    MODEL_CODE = /model_not_found|invalid_model|model_not_available|unknown_model/i;
    CONTEXT_CODE = /context_length_exceeded|string_above_max_length|context_window_exceeded|token_limit_exceeded/i;
    OVERLOADED = /overloaded|^unavailable$|server_is_overloaded|engine_overloaded/i;
    RATE_LIMIT = /rate_limit|resource_exhausted|too_many_requests/i;
    AUTH = /authentication|permission|invalid_api_key|unauthenticated|permission_denied|api_key_invalid|unauthorized/i;
    TIMEOUT = /timeout|deadline_exceeded/i;
    SERVER = /api_error|server_error|^internal$|internal_error/i;
    INVALID = /invalid_request|invalid_argument|not_found|failed_precondition|invalid_prompt/i;
    CONTEXT_TEXT = /context length|context window|context_length|maximum context|prompt is too long|input token count.*exceeds|exceeds the (maximum|model's)|too many (input )?tokens|greater than the context|(input|prompt) is too long/i;
    MODEL_TEXT = /\bmodels?\b.*\b(not found|does not exist|is not a valid|not available|not supported)|no models? (is )?loaded|^model: |unknown model|invalid model/i;
    QUOTA_TEXT = /credit balance is too low|insufficient (credits|balance|funds)|out of credits/i;
    FILTER_TEXT = /content management policy|content filter|flagged|safety (system|filter)|violat\w* (our|the) (usage|content) polic/i;
  }
});

// src/main/providers/http-response-meta.ts
function headerValue(meta, name) {
  const headers = meta?.headers;
  if (!headers) return void 0;
  if (typeof headers.get === "function") return headers.get(name) ?? void 0;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === lower) return value;
  }
  return void 0;
}
function retryAfterMs(meta, now = Date.now()) {
  const ms = headerValue(meta, "retry-after-ms");
  if (ms !== void 0) {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0 && value <= MAX_RETRY_AFTER_MS) return Math.round(value);
  }
  const after = headerValue(meta, "retry-after");
  if (after === void 0) return void 0;
  const trimmed = after.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const value = Number(trimmed) * 1e3;
    return value <= MAX_RETRY_AFTER_MS ? Math.round(value) : void 0;
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return void 0;
  const wait = date - now;
  return wait >= 0 && wait <= MAX_RETRY_AFTER_MS ? wait : wait < 0 ? 0 : void 0;
}
function requestIdFromHeaders(meta) {
  return headerValue(meta, "x-request-id") ?? headerValue(meta, "request-id") ?? headerValue(meta, "x-goog-request-id") ?? headerValue(meta, "apim-request-id") ?? void 0;
}
function durationMs(text3) {
  const trimmed = text3.trim();
  if (!/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(trimmed)) return void 0;
  let total = 0;
  for (const [, value, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) {
    const n = Number(value);
    total += unit === "h" ? n * 36e5 : unit === "m" ? n * 6e4 : unit === "s" ? n * 1e3 : n;
  }
  return Math.round(total);
}
function secondsOrDateMs(text3, now) {
  const trimmed = text3.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1e3);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - now);
}
function rateLimitWaitMs(meta, now = Date.now()) {
  const within = (ms2) => ms2 !== void 0 && Number.isFinite(ms2) && ms2 >= 0 && ms2 <= MAX_WAIT_MS ? ms2 : void 0;
  const ms = headerValue(meta, "retry-after-ms");
  if (ms !== void 0 && within(Number(ms)) !== void 0) return Math.round(Number(ms));
  const after = headerValue(meta, "retry-after");
  if (after !== void 0) {
    const wait = within(secondsOrDateMs(after, now));
    if (wait !== void 0) return wait;
  }
  const waits = [];
  for (const limit of ["requests", "tokens"]) {
    if (headerValue(meta, `x-ratelimit-remaining-${limit}`)?.trim() !== "0") continue;
    const reset = headerValue(meta, `x-ratelimit-reset-${limit}`);
    const wait = reset === void 0 ? void 0 : within(durationMs(reset));
    if (wait !== void 0) waits.push(wait);
  }
  for (const limit of ["requests", "tokens", "input-tokens", "output-tokens"]) {
    if (headerValue(meta, `anthropic-ratelimit-${limit}-remaining`)?.trim() !== "0") continue;
    const reset = headerValue(meta, `anthropic-ratelimit-${limit}-reset`);
    const wait = reset === void 0 ? void 0 : within(secondsOrDateMs(reset, now));
    if (wait !== void 0) waits.push(wait);
  }
  return waits.length > 0 ? Math.max(...waits) : void 0;
}
var MAX_RETRY_AFTER_MS, MAX_WAIT_MS;
var init_http_response_meta = __esm({
  "src/main/providers/http-response-meta.ts"() {
    "use strict";
    MAX_RETRY_AFTER_MS = 6e4;
    MAX_WAIT_MS = 24 * 60 * 60 * 1e3;
  }
});

// src/main/providers/wire-access.ts
function asObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
}
function asArray(value) {
  return Array.isArray(value) ? value : void 0;
}
function asString(value) {
  return typeof value === "string" ? value : void 0;
}
function asNumber(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
function sumKnown(...values2) {
  let total;
  for (const v of values2) if (v !== void 0) total = (total ?? 0) + v;
  return total;
}
function tryParseJson(text3) {
  try {
    return JSON.parse(text3);
  } catch {
    return void 0;
  }
}
var init_wire_access = __esm({
  "src/main/providers/wire-access.ts"() {
    "use strict";
  }
});

// src/main/providers/document-error.ts
function errorFromDocument(label, document, meta) {
  const status = meta?.status;
  const httpOk = status === void 0 || status >= 200 && status < 300;
  const root = asObject(document);
  const error = asObject(root?.error) ?? (Array.isArray(document) ? asObject(asObject(document[0])?.error) : void 0);
  const requestId = asString(root?.request_id) ?? requestIdFromHeaders(meta);
  if (!error) {
    const sentence = asString(root?.error) ?? (root?.object === "error" ? asString(root.message) : void 0) ?? asString(root?.detail);
    if (httpOk && sentence === void 0) {
      return {
        kind: "malformed",
        message: `The ${label} response was a JSON document, not a stream`,
        retryable: false,
        status,
        code: void 0,
        retryAfterMs: void 0,
        requestId
      };
    }
    return classifyProviderError({
      status: httpOk ? void 0 : status,
      codes: [asString(root?.type), asString(root?.code)],
      message: sentence ?? `${label} answered HTTP ${status}`,
      messageFromProvider: sentence !== void 0,
      retryAfterMs: retryAfterMs(meta),
      waitMs: rateLimitWaitMs(meta),
      requestId
    });
  }
  const details = (asArray(error.details) ?? []).map((d) => asObject(d));
  const reasons = details.map((d) => asString(d?.reason));
  const numericCode = asNumber(error.code);
  return classifyProviderError({
    // Google puts the HTTP status in `error.code`; a 200 error document takes it from there.
    status: httpOk ? numericCode : status,
    codes: [asString(error.code), asString(error.type), asString(error.status), ...reasons],
    message: asString(error.message),
    retryAfterMs: retryAfterMs(meta),
    waitMs: rateLimitWaitMs(meta) ?? googleRetryDelayMs(details),
    requestId
  });
}
function googleRetryDelayMs(details) {
  for (const detail of details) {
    const delay2 = asString(detail?.retryDelay);
    const match = delay2 ? /^(\d+(?:\.\d+)?)s$/.exec(delay2.trim()) : null;
    if (match) return Math.round(Number(match[1]) * 1e3);
  }
  return void 0;
}
function errorFromStreamPayload(error, fallbackMessage2) {
  const said = asString(error?.message);
  return classifyProviderError({
    status: asNumber(error?.code),
    codes: [asString(error?.code), asString(error?.type), asString(error?.status)],
    message: said ?? fallbackMessage2,
    messageFromProvider: said !== void 0
  });
}
var init_document_error = __esm({
  "src/main/providers/document-error.ts"() {
    "use strict";
    init_classify_provider_error();
    init_http_response_meta();
    init_wire_access();
  }
});

// src/main/providers/anthropic/anthropic-stream-adapter.ts
function createAnthropicStreamAdapter(acc) {
  return new AnthropicStreamAdapter(acc);
}
function nothingRead(acc) {
  return !acc.hasText && !acc.hasReasoning && acc.toolCallCount === 0 && acc.replay.length === 0;
}
function readUsage(acc, usage, options = {}) {
  if (!usage) return;
  const input = asNumber(usage.input_tokens);
  const cacheWrite = asNumber(usage.cache_creation_input_tokens);
  const cacheRead = asNumber(usage.cache_read_input_tokens);
  acc.mergeUsage({
    inputTokens: input === void 0 ? void 0 : sumKnown(input, cacheWrite, cacheRead),
    outputTokens: options.outputIsPlaceholder ? void 0 : asNumber(usage.output_tokens),
    reasoningTokens: options.outputIsPlaceholder ? void 0 : asNumber(asObject(usage.output_tokens_details)?.thinking_tokens),
    cachedInputTokens: cacheRead
  });
}
function mapAnthropicStopReason(raw) {
  switch (raw) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool-calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content-filter";
    default:
      return "other";
  }
}
var AnthropicStreamAdapter;
var init_anthropic_stream_adapter = __esm({
  "src/main/providers/anthropic/anthropic-stream-adapter.ts"() {
    "use strict";
    init_json_depth();
    init_document_error();
    init_wire_access();
    AnthropicStreamAdapter = class {
      constructor(acc) {
        this.acc = acc;
      }
      acc;
      label = "Anthropic";
      truncationIsError = false;
      allowJsonArrayBody = false;
      toolBlocks = /* @__PURE__ */ new Map();
      thinkingBlocks = /* @__PURE__ */ new Map();
      /** Block types this adapter skipped (server tools and their results, future kinds). */
      skippedBlocks = [];
      stopReason;
      handlePayload(payload) {
        const acc = this.acc;
        switch (payload.type) {
          case "content_block_delta": {
            const index = asNumber(payload.index) ?? -1;
            const delta = asObject(payload.delta);
            switch (delta?.type) {
              case "text_delta":
                acc.appendText(asString(delta.text) ?? "");
                return;
              case "input_json_delta": {
                const tool = this.toolBlocks.get(index);
                if (tool) acc.appendToolArguments(tool.call, asString(delta.partial_json) ?? "");
                return;
              }
              case "thinking_delta": {
                const text3 = asString(delta.thinking) ?? "";
                this.thinkingBlocks.get(index)?.thinking.push(text3);
                acc.appendReasoning(text3);
                return;
              }
              case "signature_delta": {
                const block = this.thinkingBlocks.get(index);
                if (block) block.signature += asString(delta.signature) ?? "";
                return;
              }
              default:
                return;
            }
          }
          case "message_start": {
            const message = asObject(payload.message);
            acc.responseId ??= asString(message?.id);
            acc.model ??= asString(message?.model);
            readUsage(acc, asObject(message?.usage), { outputIsPlaceholder: !asString(message?.stop_reason) });
            this.readStartContent(message?.content);
            const stop = asString(message?.stop_reason);
            if (stop) this.stopReason = stop;
            return;
          }
          case "content_block_start":
            this.startBlock(asNumber(payload.index) ?? -1, asObject(payload.content_block));
            return;
          case "content_block_stop":
            this.stopBlock(asNumber(payload.index) ?? -1);
            return;
          case "message_delta": {
            const stop = asString(asObject(payload.delta)?.stop_reason);
            if (stop) this.stopReason = stop;
            readUsage(acc, asObject(payload.usage));
            return;
          }
          case "message_stop":
            acc.markEndSignal();
            return;
          case "error":
            acc.fail(errorFromStreamPayload(asObject(payload.error), "The provider reported an error"));
            return;
          default:
            return;
        }
      }
      handleSentinel() {
        return false;
      }
      handleEnd() {
        const acc = this.acc;
        const stopReason = this.stopReason;
        const reason = stopReason === void 0 ? void 0 : mapAnthropicStopReason(stopReason);
        if (!acc.hasError && (reason === "stop" || reason === "tool-calls") && this.skippedBlocks.length > 0 && nothingRead(acc)) {
          acc.fail({
            kind: "malformed",
            message: `The Anthropic message held only content Keel does not read (${[...new Set(this.skippedBlocks)].join(", ")})`,
            retryable: false,
            status: void 0,
            code: void 0,
            retryAfterMs: void 0,
            requestId: void 0
          });
        }
        if (reason === "length") acc.markOutputCut();
        if (acc.hasError) {
          acc.setFinish("error", stopReason ?? null);
          return;
        }
        if (stopReason !== void 0 && reason !== void 0) acc.setFinish(reason, stopReason);
      }
      errorFromDocument(document, meta) {
        return errorFromDocument("Anthropic", document, meta);
      }
      startBlock(index, block) {
        const acc = this.acc;
        switch (block?.type) {
          case "text":
            acc.appendText(asString(block.text) ?? "");
            return;
          case "thinking": {
            const text3 = asString(block.thinking) ?? "";
            this.thinkingBlocks.set(index, { thinking: text3 ? [text3] : [], signature: asString(block.signature) ?? "" });
            acc.appendReasoning(text3);
            return;
          }
          case "redacted_thinking":
            acc.replay.push({ type: "anthropic-redacted-thinking", data: asString(block.data) ?? "" });
            return;
          case "tool_use": {
            const call = acc.openToolCall(`block:${index}`, asString(block.id), asString(block.name) ?? "");
            call.emptyMeansEmptyObject = true;
            const input = block.input;
            const object = asObject(input);
            if (object === void 0 && input !== void 0 && input !== null) {
              acc.setToolArguments(call, argumentsTextOf(input));
            }
            this.toolBlocks.set(index, {
              call,
              initialInput: object && Object.keys(object).length > 0 ? object : void 0
            });
            return;
          }
          default:
            this.skippedBlocks.push(asString(block?.type) ?? "a block without a type");
            return;
        }
      }
      stopBlock(index) {
        const tool = this.toolBlocks.get(index);
        if (tool) {
          if (tool.initialInput && tool.call.fragments.text().trim().length === 0) {
            this.acc.setToolArguments(tool.call, argumentsTextOf(tool.initialInput));
          }
          this.acc.closeToolCall(tool.call);
          this.toolBlocks.delete(index);
          return;
        }
        const thinking = this.thinkingBlocks.get(index);
        if (thinking) {
          this.acc.replay.push({
            type: "anthropic-thinking",
            thinking: thinking.thinking.join(""),
            signature: thinking.signature
          });
          this.thinkingBlocks.delete(index);
        }
      }
      /**
       * `message_start.message.content` is documented as empty, but calls made from Anthropic's code
       * execution ("programmatic tool calling") arrive there whole, with the stop reason, followed
       * directly by `message_stop` (vercel/ai#14512, #14717). Each block is complete: start and stop
       * it in place. Streamed blocks that follow continue the indexes.
       */
      readStartContent(content) {
        if (content === void 0 || content === null) return;
        const blocks = asArray(content);
        if (!blocks) {
          this.skippedBlocks.push("content that is not a list");
          return;
        }
        for (let index = 0; index < blocks.length; index++) {
          this.startBlock(index, asObject(blocks[index]));
          this.stopBlock(index);
        }
      }
    };
  }
});

// src/main/providers/provider-request.ts
function joinUrl(base, path) {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
function argumentsForHistory(call) {
  return call.arguments ?? {};
}
var init_provider_request = __esm({
  "src/main/providers/provider-request.ts"() {
    "use strict";
  }
});

// src/shared/attachments.ts
function safeAttachmentName(name) {
  const cleaned = name.replace(/[/\\\u0000-\u001f\u007f]/g, "_").trim().slice(0, MAX_ATTACHMENT_NAME_CHARS).trim();
  return cleaned === "" || /^\.+$/.test(cleaned) ? "file" : cleaned;
}
function isSafeAttachmentName(name) {
  return name === safeAttachmentName(name);
}
function attachmentProblemMessage(problem) {
  switch (problem.code) {
    case "attachment-type":
      return `${problem.name}: this type of file cannot be attached.`;
    case "attachment-image-too-big":
      return `${problem.name}: images can be at most ${problem.max} bytes; this one is ${problem.size}.`;
    case "attachment-text-too-big":
      return `${problem.name}: text files can be at most ${problem.max} bytes; this one is ${problem.size}.`;
    case "attachment-too-many":
      return `At most ${problem.max} files can be attached to a message (${problem.count} were).`;
    case "attachment-total-too-big":
      return `The files of a message can be at most ${problem.max} bytes together (these are ${problem.size}).`;
    case "attachment-not-image":
      return `${problem.name}: its contents are not a ${problem.declared} image.`;
    case "attachment-not-text":
      return `${problem.name}: it is not a text file (UTF-8 without NUL characters).`;
    case "attachment-empty":
      return `${problem.name}: the file is empty.`;
  }
}
function isImageMimeType(mimeType) {
  return IMAGE_MIME_TYPES.includes(mimeType);
}
function isTextMimeType(mimeType) {
  return TEXT_MIME_TYPES.includes(mimeType);
}
function sniffImageType(bytes) {
  const starts = (...values2) => values2.every((value, i) => bytes[i] === value);
  if (starts(137, 80, 78, 71, 13, 10, 26, 10)) return "image/png";
  if (starts(255, 216, 255)) return "image/jpeg";
  if (starts(71, 73, 70, 56) && (bytes[4] === 55 || bytes[4] === 57) && bytes[5] === 97)
    return "image/gif";
  if (starts(82, 73, 70, 70) && bytes[8] === 87 && bytes[9] === 69 && bytes[10] === 66 && bytes[11] === 80)
    return "image/webp";
  return void 0;
}
function decodeTextFile(bytes) {
  let text3;
  try {
    text3 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return void 0;
  }
  return text3.includes("\0") ? void 0 : text3;
}
function base64DecodedSize(base64) {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return base64.length / 4 * 3 - padding;
}
function isBase64(text3) {
  if (text3.length % 4 !== 0) return false;
  const padding = text3.endsWith("==") ? 2 : text3.endsWith("=") ? 1 : 0;
  for (let i = 0; i < text3.length - padding; i++) {
    const c = text3.charCodeAt(i);
    const ok2 = c >= 65 && c <= 90 || c >= 97 && c <= 122 || c >= 48 && c <= 57 || c === 43 || c === 47;
    if (!ok2) return false;
  }
  return true;
}
function checkAttachment(name, mimeType, bytes) {
  if (bytes.length === 0) return { ok: false, problem: { code: "attachment-empty", name } };
  if (isImageMimeType(mimeType)) {
    if (bytes.length > MAX_IMAGE_BYTES)
      return {
        ok: false,
        problem: { code: "attachment-image-too-big", name, size: bytes.length, max: MAX_IMAGE_BYTES }
      };
    if (sniffImageType(bytes) !== mimeType)
      return { ok: false, problem: { code: "attachment-not-image", name, declared: mimeType } };
    return { ok: true, attachment: { kind: "image", name, mimeType, bytes } };
  }
  if (isTextMimeType(mimeType)) {
    if (bytes.length > MAX_TEXT_FILE_BYTES)
      return {
        ok: false,
        problem: { code: "attachment-text-too-big", name, size: bytes.length, max: MAX_TEXT_FILE_BYTES }
      };
    const text3 = decodeTextFile(bytes);
    if (text3 === void 0) return { ok: false, problem: { code: "attachment-not-text", name } };
    return { ok: true, attachment: { kind: "text", name, mimeType, bytes, text: text3 } };
  }
  return { ok: false, problem: { code: "attachment-type", name } };
}
function checkAttachmentSet(sizes) {
  if (sizes.length > MAX_ATTACHMENTS) return { code: "attachment-too-many", count: sizes.length, max: MAX_ATTACHMENTS };
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > MAX_ATTACHMENTS_TOTAL_BYTES)
    return { code: "attachment-total-too-big", size: total, max: MAX_ATTACHMENTS_TOTAL_BYTES };
  return void 0;
}
function textFileBlock(name, text3) {
  const longestRun = Math.max(0, ...[...text3.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `File: ${quotedFileName(name)}
${fence}
${text3}${text3.endsWith("\n") ? "" : "\n"}${fence}`;
}
function quotedFileName(name) {
  if (PLAIN_FILE_NAME.test(name)) return name;
  return JSON.stringify(name).replace(
    /[\p{C}\p{Zl}\p{Zp}]/gu,
    (char) => Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")
  );
}
var IMAGE_MIME_TYPES, TEXT_MIME_TYPES, ATTACHMENT_MIME_TYPES, MAX_IMAGE_BYTES, MAX_ATTACHMENT_BASE64_CHARS, MAX_TEXT_FILE_BYTES, MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL_BYTES, MAX_ATTACHMENT_NAME_CHARS, UNSAFE_ATTACHMENT_NAME, BASE64_ALPHABET, BASE64_VALUES, PLAIN_FILE_NAME;
var init_attachments = __esm({
  "src/shared/attachments.ts"() {
    "use strict";
    IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
    TEXT_MIME_TYPES = ["text/plain", "text/markdown", "text/csv", "application/json"];
    ATTACHMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, ...TEXT_MIME_TYPES];
    MAX_IMAGE_BYTES = 5 * 1024 * 1024 * 3 / 4;
    MAX_ATTACHMENT_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
    MAX_TEXT_FILE_BYTES = 256 * 1024;
    MAX_ATTACHMENTS = 10;
    MAX_ATTACHMENTS_TOTAL_BYTES = 10 * 1024 * 1024;
    MAX_ATTACHMENT_NAME_CHARS = 255;
    UNSAFE_ATTACHMENT_NAME = "a file name cannot hold a folder (/ or \\), control characters or only dots";
    BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, i) => [char.charCodeAt(0), i]));
    PLAIN_FILE_NAME = /^[^\p{C}\p{Zl}\p{Zp}"'`\\[\]]+$/u;
  }
});

// src/main/providers/request-history.ts
function omittedFileText(file) {
  return file.was === "image" ? `[image omitted: ${quotedFileName(file.name)}]` : `[file omitted: ${quotedFileName(file.name)}]`;
}
function omittedToolImagesText(count2) {
  return `[${count2} image${count2 === 1 ? "" : "s"} returned by this call omitted from this request]`;
}
function lastUserIndex(history, from = history.length - 1) {
  for (let i = Math.min(from, history.length - 1); i >= 0; i--) if (history[i].role === "user") return i;
  return -1;
}
function filesOf(history) {
  const items = [];
  history.forEach((message, m) => {
    if (message.role === "user") {
      ;
      (message.attachments ?? []).forEach((file, index) => {
        if (file.kind === "image")
          items.push({ message: m, index, image: void 0, kind: "image", size: file.data.length });
        else if (file.kind === "text")
          items.push({ message: m, index, image: void 0, kind: "text", size: Buffer.byteLength(file.text, "utf8") });
      });
    } else if (message.role === "tool-results") {
      message.results.forEach(
        (result, index) => (result.images ?? []).forEach(
          (image, i) => items.push({ message: m, index, image: i, kind: "image", size: image.data.length })
        )
      );
    }
  });
  return items;
}
function fitHistoryToBudget(history, budget, currentQuestion = lastUserIndex(history)) {
  const items = filesOf(history);
  const isCurrent = (item) => currentQuestion >= 0 && item.message >= currentQuestion;
  let images = 0;
  let imageBytes = 0;
  let textBytes = 0;
  for (const item of items) {
    if (!isCurrent(item)) continue;
    if (item.kind === "image") {
      images++;
      imageBytes += item.size;
    } else textBytes += item.size;
  }
  const omitted = /* @__PURE__ */ new Set();
  let imagesFull = false;
  let textFull = false;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (isCurrent(item)) continue;
    if (item.kind === "image") {
      if (!imagesFull && images + 1 <= budget.images && imageBytes + item.size <= budget.imageBytes) {
        images++;
        imageBytes += item.size;
      } else {
        imagesFull = true;
        omitted.add(item);
      }
    } else if (!textFull && textBytes + item.size <= budget.textBytes) textBytes += item.size;
    else {
      textFull = true;
      omitted.add(item);
    }
  }
  if (omitted.size === 0) return [...history];
  const leftOut = new Set([...omitted].map((item) => `${item.message}:${item.index}:${item.image ?? ""}`));
  return history.map((message, m) => {
    if (message.role === "user" && message.attachments) {
      if (!message.attachments.some((_, index) => leftOut.has(`${m}:${index}:`))) return message;
      return {
        ...message,
        attachments: message.attachments.map(
          (file, index) => leftOut.has(`${m}:${index}:`) && file.kind !== "omitted" ? { kind: "omitted", name: file.name, was: file.kind } : file
        )
      };
    }
    if (message.role === "tool-results") {
      if (!message.results.some(
        (result, index) => (result.images ?? []).some((_, i) => leftOut.has(`${m}:${index}:${i}`))
      ))
        return message;
      return {
        ...message,
        results: message.results.map((result, index) => {
          const kept = (result.images ?? []).filter((_, i) => !leftOut.has(`${m}:${index}:${i}`));
          const dropped = (result.images?.length ?? 0) - kept.length;
          if (dropped === 0) return result;
          const { images: _all, ...rest } = result;
          return {
            ...rest,
            content: `${result.content}
${omittedToolImagesText(dropped)}`,
            ...kept.length > 0 ? { images: kept } : {}
          };
        })
      };
    }
    return message;
  });
}
function mergeConsecutiveUserMessages(history) {
  const merged = [];
  for (const message of history) {
    const last = merged[merged.length - 1];
    if (message.role === "user" && last?.role === "user") merged[merged.length - 1] = mergeTwo(last, message);
    else merged.push(message);
  }
  return merged;
}
function mergeTwo(first, second) {
  const text3 = [first.text, second.text].filter((part) => part.length > 0).join("\n\n");
  const attachments = [...first.attachments ?? [], ...second.attachments ?? []];
  return { role: "user", text: text3, ...attachments.length > 0 ? { attachments } : {} };
}
function requestHistory(provider, history, currentQuestion) {
  return mergeConsecutiveUserMessages(fitHistoryToBudget(history, HISTORY_BUDGETS[provider], currentQuestion));
}
var TEXT_BYTES, HISTORY_BUDGETS;
var init_request_history = __esm({
  "src/main/providers/request-history.ts"() {
    "use strict";
    init_attachments();
    TEXT_BYTES = 400 * 1e3;
    HISTORY_BUDGETS = {
      "openai-responses": { images: 50, imageBytes: 4e7, textBytes: TEXT_BYTES },
      "openai-chat": { images: 50, imageBytes: 4e7, textBytes: TEXT_BYTES },
      anthropic: { images: 20, imageBytes: 24e6, textBytes: TEXT_BYTES },
      gemini: { images: 100, imageBytes: 15e6, textBytes: TEXT_BYTES },
      "gemini-interactions": { images: 100, imageBytes: 15e6, textBytes: TEXT_BYTES }
    };
  }
});

// src/main/providers/user-message-parts.ts
function userMessageParts(message) {
  const attachments = message.attachments ?? [];
  const parts = [];
  for (const file of attachments)
    if (file.kind === "image") parts.push({ type: "image", mimeType: file.mimeType, data: file.data });
  const omitted = attachments.flatMap((file) => file.kind === "omitted" ? [omittedFileText(file)] : []);
  if (omitted.length > 0) parts.push({ type: "text", text: omitted.join("\n") });
  for (const file of attachments)
    if (file.kind === "text") parts.push({ type: "text", text: textFileBlock(file.name, file.text) });
  if (message.text.length > 0 || parts.length === 0) parts.push({ type: "text", text: message.text });
  return parts;
}
function hasImages(message) {
  return (message.attachments ?? []).some((file) => file.kind === "image");
}
function dataUrl(part) {
  return `data:${part.mimeType};base64,${part.data}`;
}
var init_user_message_parts = __esm({
  "src/main/providers/user-message-parts.ts"() {
    "use strict";
    init_attachments();
    init_request_history();
  }
});

// src/main/providers/anthropic/build-anthropic-request.ts
function buildAnthropicRequest(input) {
  const messages = [];
  const push = (role, blocks) => {
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const message of input.history) {
    switch (message.role) {
      case "user":
        push(
          "user",
          userMessageParts(message).map(
            (part) => part.type === "image" ? { type: "image", source: { type: "base64", media_type: part.mimeType, data: part.data } } : { type: "text", text: part.text }
          )
        );
        break;
      case "assistant": {
        const blocks = [];
        if (message.provider === "anthropic") {
          for (const item of message.replay) {
            if (item.type === "anthropic-thinking")
              blocks.push({ type: "thinking", thinking: item.thinking, signature: item.signature });
            else if (item.type === "anthropic-redacted-thinking")
              blocks.push({ type: "redacted_thinking", data: item.data });
          }
        }
        if (message.text.length > 0) blocks.push({ type: "text", text: message.text });
        for (const call of message.toolCalls) {
          blocks.push({
            type: "tool_use",
            id: anthropicToolId(call.callId),
            name: call.name,
            input: argumentsForHistory(call)
          });
        }
        if (blocks.length > 0) push("assistant", blocks);
        break;
      }
      case "tool-results":
        push(
          "user",
          message.results.map((result) => ({
            type: "tool_result",
            tool_use_id: anthropicToolId(result.callId),
            // Images go inside the result, as content blocks beside the text.
            content: result.images?.length ? [
              { type: "text", text: result.content },
              ...result.images.map((image) => ({
                type: "image",
                source: { type: "base64", media_type: image.mimeType, data: image.data }
              }))
            ] : result.content,
            ...result.isError ? { is_error: true } : {}
          }))
        );
        break;
    }
  }
  const body = {
    model: input.connection.model,
    max_tokens: input.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
    messages,
    stream: true
  };
  if (input.system) body.system = input.system;
  if (input.temperature !== void 0) body.temperature = Math.min(input.temperature, 1);
  if (input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema
    }));
  }
  const headers = {
    "content-type": "application/json",
    accept: "text/event-stream",
    "anthropic-version": ANTHROPIC_VERSION
  };
  if (input.connection.apiKey) headers["x-api-key"] = input.connection.apiKey;
  return { url: joinUrl(input.connection.baseUrl, "messages"), headers, body };
}
function anthropicToolId(callId) {
  if (/^[a-zA-Z0-9_-]{1,64}$/.test(callId)) return callId;
  const cleaned = callId.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 48);
  let hash = 0;
  for (let i = 0; i < callId.length; i++) hash = Math.imul(hash, 31) + callId.charCodeAt(i) >>> 0;
  return `${cleaned || "call"}_${hash.toString(36)}`;
}
var ANTHROPIC_VERSION, DEFAULT_MAX_TOKENS;
var init_build_anthropic_request = __esm({
  "src/main/providers/anthropic/build-anthropic-request.ts"() {
    "use strict";
    init_provider_request();
    init_user_message_parts();
    ANTHROPIC_VERSION = "2023-06-01";
    DEFAULT_MAX_TOKENS = 8192;
  }
});

// src/main/providers/anthropic/index.ts
var anthropicProvider;
var init_anthropic = __esm({
  "src/main/providers/anthropic/index.ts"() {
    "use strict";
    init_anthropic_stream_adapter();
    init_build_anthropic_request();
    anthropicProvider = {
      id: "anthropic",
      label: "Anthropic",
      defaults: { baseUrl: "https://api.anthropic.com/v1", model: "claude-sonnet-4-5", keyVariable: "ANTHROPIC_API_KEY" },
      buildRequest: buildAnthropicRequest,
      createStreamAdapter: createAnthropicStreamAdapter,
      // Name `^[a-zA-Z0-9_-]{1,128}$` (API error quoted in modelcontextprotocol/modelcontextprotocol#1345);
      // "input_schema does not support oneOf, allOf, or anyOf at the top level" (anthropics/claude-code#5319).
      toolRules: {
        maxTools: void 0,
        maxDescriptionChars: void 0,
        namePattern: /^[a-zA-Z0-9_-]{1,128}$/,
        topLevelForbidden: ["oneOf", "allOf", "anyOf"],
        arrayItemsRequired: false,
        refsInlined: false
      }
    };
  }
});

// src/main/providers/provider-tool-rules.ts
var OPENAI_TOOL_NAME, OPENAI_TOP_LEVEL_FORBIDDEN, OPENAI_MAX_TOOLS, GEMINI_TOOL_NAME, GEMINI_TOOL_RULES;
var init_provider_tool_rules = __esm({
  "src/main/providers/provider-tool-rules.ts"() {
    "use strict";
    OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
    OPENAI_TOP_LEVEL_FORBIDDEN = ["oneOf", "anyOf", "allOf", "enum", "const", "not"];
    OPENAI_MAX_TOOLS = 128;
    GEMINI_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
    GEMINI_TOOL_RULES = {
      maxTools: void 0,
      maxDescriptionChars: void 0,
      namePattern: GEMINI_TOOL_NAME,
      topLevelForbidden: [],
      arrayItemsRequired: false,
      refsInlined: true
    };
  }
});

// src/main/providers/gemini/build-gemini-request.ts
function buildGeminiRequest(input) {
  const contents = [];
  const push = (role, parts) => {
    const last = contents[contents.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  const geminiIds = /* @__PURE__ */ new Set();
  for (const message of input.history) {
    switch (message.role) {
      case "user":
        push(
          "user",
          userMessageParts(message).map(
            (part) => part.type === "image" ? { inlineData: { mimeType: part.mimeType, data: part.data } } : { text: part.text }
          )
        );
        break;
      case "assistant": {
        const ownRound = message.provider === "gemini";
        const signatures = /* @__PURE__ */ new Map();
        if (ownRound) {
          for (const item of message.replay) {
            if (item.type === "gemini-thought-signature" && !signatures.has(item.callId))
              signatures.set(item.callId, item.signature);
          }
        }
        const parts = [];
        if (message.text.length > 0) {
          const signature = signatures.get(void 0);
          parts.push(signature ? { text: message.text, thoughtSignature: signature } : { text: message.text });
        }
        for (const call of message.toolCalls) {
          const functionCall = { name: call.name, args: argumentsForHistory(call) };
          if (ownRound && !call.callIdIsLocal) {
            functionCall.id = call.callId;
            geminiIds.add(call.callId);
          }
          const signature = signatures.get(call.callId);
          parts.push(signature ? { functionCall, thoughtSignature: signature } : { functionCall });
        }
        if (parts.length > 0) push("model", parts);
        break;
      }
      case "tool-results":
        push(
          "user",
          message.results.map((result) => {
            const functionResponse = {
              name: result.name,
              response: result.isError ? { error: parseOrText(result.content) } : { result: parseOrText(result.content) }
            };
            if (geminiIds.has(result.callId)) functionResponse.id = result.callId;
            if (result.images?.length)
              functionResponse.parts = result.images.map((image) => ({
                inlineData: { mimeType: image.mimeType, data: image.data }
              }));
            return { functionResponse };
          })
        );
        break;
    }
  }
  const body = { contents };
  if (input.system) body.systemInstruction = { parts: [{ text: input.system }] };
  const generationConfig = {};
  if (input.maxOutputTokens !== void 0) generationConfig.maxOutputTokens = input.maxOutputTokens;
  if (input.temperature !== void 0) generationConfig.temperature = input.temperature;
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  if (input.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: input.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.inputSchema
        }))
      }
    ];
  }
  const headers = { "content-type": "application/json", accept: "text/event-stream" };
  if (input.connection.apiKey) headers["x-goog-api-key"] = input.connection.apiKey;
  const model = encodeURIComponent(input.connection.model);
  return { url: joinUrl(input.connection.baseUrl, `models/${model}:streamGenerateContent?alt=sse`), headers, body };
}
function parseOrText(content) {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}
var init_build_gemini_request = __esm({
  "src/main/providers/gemini/build-gemini-request.ts"() {
    "use strict";
    init_provider_request();
    init_user_message_parts();
  }
});

// src/main/providers/object-array.ts
function emptyObjectArray() {
  const array = [SEED];
  array.length = 0;
  return array;
}
var SEED;
var init_object_array = __esm({
  "src/main/providers/object-array.ts"() {
    "use strict";
    SEED = {};
  }
});

// src/main/providers/text-pieces.ts
var MERGE_CHARS, TextPieces;
var init_text_pieces = __esm({
  "src/main/providers/text-pieces.ts"() {
    "use strict";
    init_object_array();
    MERGE_CHARS = 128 * 1024;
    TextPieces = class {
      /** Merged chunks first (`mergedCount` of them), then the pieces received since the last merge. */
      pieces = emptyObjectArray();
      mergedCount = 0;
      unmergedChars = 0;
      totalChars = 0;
      /** No piece (or only empty ones) was added. */
      get isEmpty() {
        return this.totalChars === 0;
      }
      get length() {
        return this.totalChars;
      }
      /** Appends a piece; empty pieces are ignored. */
      push(piece) {
        if (piece.length === 0) return;
        this.pieces.push(piece);
        this.totalChars += piece.length;
        this.unmergedChars += piece.length;
        if (this.unmergedChars >= MERGE_CHARS) {
          const merged = this.pieces.length - this.mergedCount === 1 ? piece : this.pieces.slice(this.mergedCount).join("");
          this.pieces.length = this.mergedCount;
          this.pieces.push(merged);
          this.mergedCount++;
          this.unmergedChars = 0;
        }
      }
      /** The whole text (joined once; later calls return the same string unless more is pushed). */
      text() {
        if (this.pieces.length === 0) return "";
        if (this.pieces.length === 1) return this.pieces[0];
        const whole = this.pieces.join("");
        this.pieces = [whole];
        this.mergedCount = whole.length >= MERGE_CHARS ? 1 : 0;
        this.unmergedChars = this.mergedCount === 1 ? 0 : whole.length;
        return whole;
      }
    };
  }
});

// src/main/providers/gemini/json-path-arguments.ts
function parseJsonPath(path) {
  if (!path.startsWith("$")) return void 0;
  const segments = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === ".") {
      let j = i + 1;
      while (j < path.length && path[j] !== "." && path[j] !== "[") j++;
      if (j === i + 1) return void 0;
      segments.push(path.slice(i + 1, j));
      i = j;
    } else if (c === "[") {
      const close = path.indexOf("]", i);
      if (close === -1) return void 0;
      const inner = path.slice(i + 1, close);
      if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else if (/^'.*'$|^".*"$/.test(inner)) segments.push(inner.slice(1, -1));
      else return void 0;
      i = close + 1;
    } else return void 0;
  }
  return segments;
}
var JsonPathArguments;
var init_json_path_arguments = __esm({
  "src/main/providers/gemini/json-path-arguments.ts"() {
    "use strict";
    init_json_depth();
    init_text_pieces();
    JsonPathArguments = class {
      root = {};
      /** A path that did not parse (the arguments are then unusable). */
      invalid = false;
      /** String values arrive in many pieces for one path: its parse is kept for the next piece. */
      lastPath;
      lastSegments;
      /** The string being streamed at `lastPath`: where it goes and its pieces so far. */
      pendingTarget;
      pendingKey = "";
      pendingPieces;
      /** The arguments built so far. */
      get value() {
        this.flush();
        return this.root;
      }
      set(path, value) {
        if (path === this.lastPath && this.pendingPieces !== void 0 && typeof value === "string") {
          this.pendingPieces.push(value);
          return;
        }
        this.flush();
        if (path !== this.lastPath) {
          this.lastPath = path;
          this.lastSegments = parseJsonPath(path);
        }
        const segments = this.lastSegments;
        if (!segments || segments.length === 0) {
          this.invalid = true;
          return;
        }
        let node = this.root;
        for (let i = 0; i < segments.length - 1; i++) {
          const segment = segments[i];
          const nextIsIndex = typeof segments[i + 1] === "number";
          const child = node[segment];
          if (typeof child === "object" && child !== null) {
            node = child;
          } else {
            const created = nextIsIndex ? [] : {};
            node[segment] = created;
            node = created;
          }
        }
        const last = segments[segments.length - 1];
        const target = node;
        if (typeof value !== "string") {
          target[last] = value;
          return;
        }
        const previous = target[last];
        const pieces = new TextPieces();
        if (typeof previous === "string") pieces.push(previous);
        pieces.push(value);
        this.pendingTarget = target;
        this.pendingKey = last;
        this.pendingPieces = pieces;
      }
      toJson() {
        this.flush();
        return argumentsTextOf(this.root);
      }
      /** Writes the streamed string into its place. */
      flush() {
        if (this.pendingPieces === void 0) return;
        this.pendingTarget[this.pendingKey] = this.pendingPieces.text();
        this.pendingPieces = void 0;
        this.pendingTarget = void 0;
      }
    };
  }
});

// src/main/providers/gemini/gemini-stream-adapter.ts
function createGeminiStreamAdapter(acc) {
  return new GeminiStreamAdapter(acc);
}
function mapGeminiFinishReason(raw, hasToolCalls) {
  switch (raw) {
    case "STOP":
      return hasToolCalls ? "tool-calls" : "stop";
    case "MAX_TOKENS":
      return "length";
    case "SAFETY":
    case "RECITATION":
    case "LANGUAGE":
    case "BLOCKLIST":
    case "PROHIBITED_CONTENT":
    case "SPII":
    case "IMAGE_SAFETY":
    case "IMAGE_PROHIBITED_CONTENT":
    case "IMAGE_RECITATION":
      return "content-filter";
    default:
      return "other";
  }
}
var GeminiStreamAdapter;
var init_gemini_stream_adapter = __esm({
  "src/main/providers/gemini/gemini-stream-adapter.ts"() {
    "use strict";
    init_json_depth();
    init_document_error();
    init_wire_access();
    init_json_path_arguments();
    GeminiStreamAdapter = class {
      constructor(acc) {
        this.acc = acc;
      }
      acc;
      label = "Gemini";
      truncationIsError = true;
      allowJsonArrayBody = true;
      rawFinish;
      lastUsage;
      blockReason;
      callSerial = 0;
      /** A Vertex call whose arguments stream as `partialArgs` until a part without `willContinue`. */
      streamingCall;
      streamingArgs;
      handlePayload(chunk) {
        const acc = this.acc;
        if (chunk.error !== void 0 && chunk.error !== null) {
          acc.fail(errorFromStreamPayload(asObject(chunk.error), "The provider reported an error"));
          return;
        }
        acc.responseId ??= asString(chunk.responseId);
        acc.model ??= asString(chunk.modelVersion);
        const usage = asObject(chunk.usageMetadata);
        if (usage) this.lastUsage = usage;
        const feedback = asObject(chunk.promptFeedback);
        if (feedback) {
          const blocked = asString(feedback.blockReason);
          if (blocked) this.blockReason = blocked;
        }
        const candidate = asObject(asArray(chunk.candidates)?.[0]);
        if (!candidate) return;
        const parts = asArray(asObject(candidate.content)?.parts);
        if (parts) {
          for (let i = 0; i < parts.length; i++) {
            const part = asObject(parts[i]);
            if (part) this.readPart(part);
          }
        }
        const finish = asString(candidate.finishReason);
        if (finish) this.rawFinish = finish;
      }
      handleSentinel() {
        return false;
      }
      handleEnd() {
        const acc = this.acc;
        const lastUsage = this.lastUsage;
        if (lastUsage) {
          const thoughts = asNumber(lastUsage.thoughtsTokenCount);
          const candidates = asNumber(lastUsage.candidatesTokenCount);
          acc.mergeUsage({
            inputTokens: asNumber(lastUsage.promptTokenCount),
            outputTokens: sumKnown(candidates, thoughts),
            reasoningTokens: thoughts,
            cachedInputTokens: asNumber(lastUsage.cachedContentTokenCount)
          });
        }
        const rawFinish = this.rawFinish;
        if (rawFinish !== void 0 && mapGeminiFinishReason(rawFinish, false) === "length") acc.markOutputCut();
        if (acc.hasError) {
          acc.setFinish("error", rawFinish ?? null);
          return;
        }
        if (rawFinish !== void 0) {
          acc.markEndSignal();
          acc.setFinish(mapGeminiFinishReason(rawFinish, acc.toolCallCount > 0), rawFinish);
        } else if (this.blockReason !== void 0) {
          acc.markEndSignal();
          acc.setFinish("content-filter", this.blockReason);
        }
      }
      errorFromDocument(document, meta) {
        return errorFromDocument("Gemini", document, meta);
      }
      readPart(part) {
        const acc = this.acc;
        const signature = asString(part.thoughtSignature);
        const functionCall = asObject(part.functionCall);
        if (functionCall) {
          this.handleFunctionCall(functionCall, signature);
          return;
        }
        const text3 = asString(part.text);
        if (part.thought === true) acc.appendReasoning(text3 ?? "");
        else if (text3) acc.appendText(text3);
        if (signature) acc.replay.push({ type: "gemini-thought-signature", signature, callId: void 0 });
      }
      handleFunctionCall(functionCall, signature) {
        const acc = this.acc;
        const name = asString(functionCall.name);
        const partialArgs = asArray(functionCall.partialArgs);
        const willContinue = functionCall.willContinue === true;
        if (name) {
          this.closeStreaming();
          const call = this.openCall(functionCall);
          if (signature) acc.replay.push({ type: "gemini-thought-signature", signature, callId: call.callId });
          if (willContinue || partialArgs) {
            this.streamingCall = call;
            this.streamingArgs = new JsonPathArguments();
          } else {
            const args = functionCall.args;
            if (typeof args === "string") acc.setToolArguments(call, args);
            else {
              const object = asObject(args) ?? (args === void 0 || args === null ? {} : void 0);
              acc.setToolArguments(call, argumentsTextOf(args), object);
            }
            acc.closeToolCall(call);
            return;
          }
        }
        const streamingArgs = this.streamingArgs;
        if (!streamingArgs) return;
        if (partialArgs) {
          for (let i = 0; i < partialArgs.length; i++) {
            const piece = asObject(partialArgs[i]);
            const path = asString(piece?.jsonPath);
            if (!piece || path === void 0) continue;
            const value = "stringValue" in piece ? piece.stringValue : "numberValue" in piece ? piece.numberValue : "boolValue" in piece ? piece.boolValue : "nullValue" in piece ? null : void 0;
            if (value !== void 0) streamingArgs.set(path, value);
          }
        }
        if (!willContinue) this.closeStreaming();
      }
      openCall(functionCall) {
        const acc = this.acc;
        const key = `call:${this.callSerial++}`;
        const name = asString(functionCall.name) ?? "";
        const id2 = asString(functionCall.id);
        if (id2) return acc.openToolCall(key, id2, name);
        return acc.openToolCallWithLocalId(
          key,
          acc.newLocalCallId(acc.responseId ? `gemini_${acc.responseId}` : "gemini"),
          name
        );
      }
      closeStreaming() {
        const call = this.streamingCall;
        const args = this.streamingArgs;
        if (!call || !args) return;
        if (!args.invalid) this.acc.setToolArguments(call, args.toJson(), args.value);
        this.acc.closeToolCall(call);
        this.streamingCall = void 0;
        this.streamingArgs = void 0;
      }
    };
  }
});

// src/main/providers/gemini/index.ts
var geminiProvider;
var init_gemini = __esm({
  "src/main/providers/gemini/index.ts"() {
    "use strict";
    init_provider_tool_rules();
    init_build_gemini_request();
    init_gemini_stream_adapter();
    geminiProvider = {
      id: "gemini",
      label: "Gemini",
      defaults: {
        baseUrl: "https://generativelanguage.googleapis.com/v1beta",
        model: "gemini-2.5-flash",
        keyVariable: "GEMINI_API_KEY"
      },
      buildRequest: buildGeminiRequest,
      createStreamAdapter: createGeminiStreamAdapter,
      // FunctionDeclaration.name (Vertex/Gemini reference); every `$ref` must resolve, none cyclic
      // ("reference to undefined schema": agent-infra/sandbox#83; cycles: google-gemini/gemini-cli#11393).
      toolRules: GEMINI_TOOL_RULES
    };
  }
});

// src/main/providers/gemini-interactions/build-gemini-interactions-request.ts
function buildGeminiInteractionsRequest(input) {
  const steps = [];
  for (const message of input.history) {
    switch (message.role) {
      case "user":
        steps.push({
          type: "user_input",
          content: userMessageParts(message).map(
            (part) => part.type === "image" ? { type: "image", data: part.data, mime_type: part.mimeType } : { type: "text", text: part.text }
          )
        });
        break;
      case "assistant":
        if (message.provider === "gemini-interactions") {
          for (const item of message.replay) {
            if (item.type === "interactions-thought") {
              steps.push({
                type: "thought",
                ...item.signature ? { signature: item.signature } : {},
                ...item.summary ? { summary: [{ type: "text", text: item.summary }] } : {}
              });
            }
          }
        }
        if (message.text.length > 0)
          steps.push({ type: "model_output", content: [{ type: "text", text: message.text }] });
        for (const call of message.toolCalls) {
          steps.push({ type: "function_call", id: call.callId, name: call.name, arguments: argumentsForHistory(call) });
        }
        break;
      case "tool-results":
        steps.push({
          type: "user_input",
          content: message.results.map((result) => ({
            type: "function_result",
            call_id: result.callId,
            name: result.name,
            // Image results are not verified for this API: the model is told they were shown to the user.
            result: result.images?.length ? `${result.content}
[${result.images.length} image(s) shown to the user, not sent]` : result.content,
            ...result.isError ? { is_error: true } : {}
          }))
        });
        break;
    }
  }
  const body = { model: input.connection.model, input: steps, stream: true, store: false };
  if (input.system) body.system_instruction = input.system;
  const generation = {};
  if (input.maxOutputTokens !== void 0) generation.max_output_tokens = input.maxOutputTokens;
  if (input.temperature !== void 0) generation.temperature = input.temperature;
  if (Object.keys(generation).length > 0) body.generation_config = generation;
  if (input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema
    }));
  }
  const headers = {
    "content-type": "application/json",
    accept: "text/event-stream",
    "api-revision": INTERACTIONS_API_REVISION
  };
  if (input.connection.apiKey) headers["x-goog-api-key"] = input.connection.apiKey;
  return { url: joinUrl(input.connection.baseUrl, "interactions"), headers, body };
}
var INTERACTIONS_API_REVISION;
var init_build_gemini_interactions_request = __esm({
  "src/main/providers/gemini-interactions/build-gemini-interactions-request.ts"() {
    "use strict";
    init_provider_request();
    init_user_message_parts();
    INTERACTIONS_API_REVISION = "2026-05-20";
  }
});

// src/main/providers/gemini-interactions/gemini-interactions-stream-adapter.ts
function createGeminiInteractionsStreamAdapter(acc) {
  return new GeminiInteractionsStreamAdapter(acc);
}
function mapInteractionStatus(status, hasToolCalls) {
  switch (status) {
    case "completed":
      return hasToolCalls ? "tool-calls" : "stop";
    case "requires_action":
      return "tool-calls";
    case "incomplete":
    case "budget_exceeded":
      return "length";
    case "failed":
      return "error";
    default:
      return "other";
  }
}
var GeminiInteractionsStreamAdapter;
var init_gemini_interactions_stream_adapter = __esm({
  "src/main/providers/gemini-interactions/gemini-interactions-stream-adapter.ts"() {
    "use strict";
    init_json_depth();
    init_document_error();
    init_wire_access();
    GeminiInteractionsStreamAdapter = class {
      constructor(acc) {
        this.acc = acc;
      }
      acc;
      label = "Gemini Interactions";
      truncationIsError = true;
      allowJsonArrayBody = false;
      calls = /* @__PURE__ */ new Map();
      /** Arguments a call's `step.start` carried whole (used when no fragment follows). */
      initialArguments = /* @__PURE__ */ new Map();
      thoughts = /* @__PURE__ */ new Map();
      legacyCallIds = /* @__PURE__ */ new Map();
      status;
      handlePayload(payload) {
        const type = asString(payload.event_type) ?? asString(payload.type);
        const index = asNumber(payload.index) ?? -1;
        switch (type) {
          case "step.delta":
          case "content.delta": {
            const delta = asObject(payload.delta);
            if (delta) this.stepDelta(index, delta);
            return;
          }
          case "interaction.created":
          case "interaction.start": {
            const interaction = asObject(payload.interaction);
            this.acc.responseId ??= asString(interaction?.id);
            this.acc.model ??= asString(interaction?.model);
            return;
          }
          case "step.start":
          case "content.start": {
            const step = asObject(payload.step) ?? asObject(payload.content);
            if (step) this.startStep(index, step);
            return;
          }
          case "step.stop":
          case "content.stop":
            this.stopStep(index);
            return;
          case "interaction.completed":
          case "interaction.complete":
            this.complete(payload);
            return;
          case "error":
            this.acc.fail(errorFromStreamPayload(asObject(payload.error), "The provider reported an error"));
            return;
          default:
            return;
        }
      }
      handleSentinel(data) {
        return data.trim() === "[DONE]";
      }
      handleEnd() {
        const acc = this.acc;
        const status = this.status;
        if (status !== void 0 && mapInteractionStatus(status, false) === "length") acc.markOutputCut();
        if (acc.hasError) {
          acc.setFinish("error", status ?? null);
          return;
        }
        if (status !== void 0) acc.setFinish(mapInteractionStatus(status, acc.toolCallCount > 0), status);
      }
      errorFromDocument(document, meta) {
        return errorFromDocument("Gemini Interactions", document, meta);
      }
      startStep(index, step) {
        const acc = this.acc;
        switch (step.type) {
          case "function_call": {
            if (!asString(step.name)) {
              this.legacyCallIds.set(index, asString(step.id));
              return;
            }
            const call = acc.openToolCall(`step:${index}`, asString(step.id), asString(step.name) ?? "");
            this.calls.set(index, call);
            const initial = asObject(step.arguments);
            if (initial && Object.keys(initial).length > 0) this.initialArguments.set(index, initial);
            else this.initialArguments.delete(index);
            return;
          }
          case "thought":
            this.thoughts.set(index, { signature: asString(step.signature) ?? "", summary: [] });
            return;
          case "model_output":
          case "text":
            acc.appendText(asString(step.text) ?? "");
            return;
          default:
            return;
        }
      }
      stepDelta(index, delta) {
        const acc = this.acc;
        switch (delta.type) {
          case "text":
            acc.appendText(asString(delta.text) ?? "");
            return;
          case "arguments_delta": {
            const call = this.calls.get(index);
            if (call) acc.appendToolArguments(call, asString(delta.arguments) ?? "");
            return;
          }
          case "thought_summary": {
            const content = delta.content;
            const text3 = asString(content) ?? asString(asObject(content)?.text) ?? "";
            this.thoughts.get(index)?.summary.push(text3);
            acc.appendReasoning(text3);
            return;
          }
          case "thought_signature": {
            const thought = this.thoughts.get(index);
            if (thought) thought.signature += asString(delta.signature) ?? "";
            return;
          }
          case "function_call": {
            let call = this.calls.get(index);
            if (!call) {
              const id2 = asString(delta.id) ?? this.legacyCallIds.get(index);
              call = acc.openToolCall(`step:${index}`, id2, asString(delta.name) ?? "");
              this.calls.set(index, call);
              this.initialArguments.delete(index);
            }
            const args = delta.arguments;
            acc.setToolArguments(call, typeof args === "string" ? args : argumentsTextOf(args));
            return;
          }
          default:
            return;
        }
      }
      stopStep(index) {
        const acc = this.acc;
        if (!this.calls.has(index) && this.legacyCallIds.has(index)) {
          this.calls.set(index, acc.openToolCall(`step:${index}`, this.legacyCallIds.get(index), ""));
          this.initialArguments.delete(index);
        }
        const call = this.calls.get(index);
        if (call) {
          const initial = this.initialArguments.get(index);
          if (initial && call.fragments.isEmpty && call.wholeText === void 0)
            acc.setToolArguments(call, argumentsTextOf(initial));
          acc.closeToolCall(call);
          return;
        }
        const thought = this.thoughts.get(index);
        if (thought) {
          acc.replay.push({ type: "interactions-thought", signature: thought.signature, summary: thought.summary.join("") });
          this.thoughts.delete(index);
        }
      }
      complete(payload) {
        const acc = this.acc;
        const interaction = asObject(payload.interaction);
        acc.markEndSignal();
        const status = asString(interaction?.status) ?? "completed";
        this.status = status;
        acc.responseId ??= asString(interaction?.id);
        acc.model ??= asString(interaction?.model);
        const usage = asObject(interaction?.usage);
        if (usage) {
          const output = asNumber(usage.total_output_tokens);
          const thought = asNumber(usage.total_thought_tokens);
          acc.mergeUsage({
            inputTokens: asNumber(usage.total_input_tokens),
            outputTokens: sumKnown(output, thought),
            reasoningTokens: thought,
            cachedInputTokens: asNumber(usage.total_cached_tokens)
          });
        }
        if (status === "failed") acc.fail(errorFromStreamPayload(asObject(interaction?.error), "The interaction failed"));
      }
    };
  }
});

// src/main/providers/gemini-interactions/index.ts
var geminiInteractionsProvider;
var init_gemini_interactions = __esm({
  "src/main/providers/gemini-interactions/index.ts"() {
    "use strict";
    init_provider_tool_rules();
    init_build_gemini_interactions_request();
    init_gemini_interactions_stream_adapter();
    geminiInteractionsProvider = {
      id: "gemini-interactions",
      label: "Gemini Interactions",
      defaults: {
        baseUrl: "https://generativelanguage.googleapis.com/v1beta",
        model: "gemini-2.5-flash",
        keyVariable: "GEMINI_API_KEY"
      },
      buildRequest: buildGeminiInteractionsRequest,
      createStreamAdapter: createGeminiInteractionsStreamAdapter,
      // Its `parameters` take JSON Schema as `parametersJsonSchema` does; Gemini's rules are assumed (none of its own on record).
      toolRules: GEMINI_TOOL_RULES
    };
  }
});

// src/main/providers/http-auth.ts
function bearer(apiKey) {
  const headers = { "content-type": "application/json", accept: "text/event-stream" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}
var init_http_auth = __esm({
  "src/main/providers/http-auth.ts"() {
    "use strict";
  }
});

// src/main/providers/openai-chat/build-openai-chat-request.ts
function buildOpenAIChatRequest(input) {
  const messages = [];
  if (input.system) messages.push({ role: "system", content: input.system });
  for (const message of input.history) {
    switch (message.role) {
      case "user":
        messages.push({
          role: "user",
          content: hasImages(message) ? userMessageParts(message).map(
            (part) => part.type === "image" ? { type: "image_url", image_url: { url: dataUrl(part) } } : { type: "text", text: part.text }
          ) : userMessageParts(message).map((part) => part.type === "text" ? part.text : "").join("\n\n")
        });
        break;
      case "assistant": {
        const entry = {
          role: "assistant",
          content: message.text.length > 0 ? message.text : null
        };
        if (message.toolCalls.length > 0) {
          entry.tool_calls = message.toolCalls.map((call) => ({
            id: call.callId,
            type: "function",
            function: { name: call.name, arguments: call.argumentsText || "{}" }
          }));
        }
        messages.push(entry);
        break;
      }
      case "tool-results": {
        for (const result of message.results) {
          const images2 = result.images?.length ?? 0;
          const note = images2 > 0 ? `
[${images2} image${images2 === 1 ? "" : "s"} returned by this call follow${images2 === 1 ? "s" : ""} in the next message]` : "";
          messages.push({ role: "tool", tool_call_id: result.callId, content: result.content + note });
        }
        const images = message.results.flatMap((result) => (result.images ?? []).map((image) => ({ result, image })));
        if (images.length > 0) {
          messages.push({
            role: "user",
            content: [
              {
                type: "text",
                text: `Images returned by the tool calls above (${[...new Set(images.map(({ result }) => result.callId))].join(", ")}):`
              },
              ...images.map(({ image }) => ({
                type: "image_url",
                image_url: { url: `data:${image.mimeType};base64,${image.data}` }
              }))
            ]
          });
        }
        break;
      }
    }
  }
  const body = {
    model: input.connection.model,
    messages,
    stream: true,
    stream_options: { include_usage: true }
  };
  if (input.maxOutputTokens !== void 0) body.max_completion_tokens = input.maxOutputTokens;
  if (input.temperature !== void 0) body.temperature = input.temperature;
  if (input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema }
    }));
  }
  return { url: joinUrl(input.connection.baseUrl, "chat/completions"), headers: bearer(input.connection.apiKey), body };
}
var init_build_openai_chat_request = __esm({
  "src/main/providers/openai-chat/build-openai-chat-request.ts"() {
    "use strict";
    init_http_auth();
    init_provider_request();
    init_user_message_parts();
  }
});

// src/main/providers/openai-chat/openai-chat-stream-adapter.ts
function createOpenAIChatStreamAdapter(acc) {
  return new OpenAIChatStreamAdapter(acc);
}
function readContentParts(acc, content) {
  for (const entry of asArray(content) ?? []) {
    const part = asObject(entry);
    if (part?.type === "text") acc.appendText(asString(part.text) ?? "");
    else if (part?.type === "thinking") {
      const thinking = part.thinking;
      if (typeof thinking === "string") acc.appendReasoning(thinking);
      else {
        for (const inner of asArray(thinking) ?? []) {
          const piece = asObject(inner);
          if (piece?.type === "text") acc.appendReasoning(asString(piece.text) ?? "");
        }
      }
    }
  }
}
function mapOpenAIChatFinishReason(raw, hasToolCalls, refusal) {
  switch (raw) {
    case "stop":
      return hasToolCalls ? "tool-calls" : refusal ? "content-filter" : "stop";
    case "tool_calls":
    case "function_call":
      return "tool-calls";
    case "length":
      return "length";
    case "content_filter":
      return "content-filter";
    default:
      return "other";
  }
}
var OpenAIChatStreamAdapter;
var init_openai_chat_stream_adapter = __esm({
  "src/main/providers/openai-chat/openai-chat-stream-adapter.ts"() {
    "use strict";
    init_document_error();
    init_wire_access();
    OpenAIChatStreamAdapter = class {
      constructor(acc) {
        this.acc = acc;
      }
      acc;
      label = "OpenAI Chat Completions";
      truncationIsError = false;
      allowJsonArrayBody = false;
      /** The call currently open at each `index` (fragments are joined strictly by index). */
      openByIndex = /* @__PURE__ */ new Map();
      callSerial = 0;
      refusal = false;
      rawFinish;
      handlePayload(chunk) {
        const acc = this.acc;
        if (chunk.error !== void 0 && chunk.error !== null) {
          acc.fail(errorFromStreamPayload(asObject(chunk.error), "The provider reported an error"));
          return;
        }
        acc.responseId ||= asString(chunk.id) || void 0;
        acc.model ||= asString(chunk.model) || void 0;
        const usage = asObject(chunk.usage);
        if (usage) this.readUsage(usage);
        const choices = asArray(chunk.choices);
        if (!choices) return;
        for (let c = 0; c < choices.length; c++) {
          const choice = asObject(choices[c]);
          if (!choice || (asNumber(choice.index) ?? 0) !== 0) continue;
          const delta = asObject(choice.delta);
          if (delta) this.readDelta(delta);
          const finish = asString(choice.finish_reason);
          if (finish) {
            this.rawFinish = finish;
            if (finish === "length") acc.markOutputCut();
            this.closeAll();
          }
        }
      }
      handleSentinel(data) {
        if (data.trim() !== "[DONE]") return false;
        this.acc.markEndSignal();
        this.closeAll();
        return true;
      }
      handleEnd() {
        const acc = this.acc;
        if (acc.hasError) {
          acc.setFinish("error", this.rawFinish ?? null);
          return;
        }
        if (this.rawFinish === void 0) return;
        acc.setFinish(mapOpenAIChatFinishReason(this.rawFinish, acc.toolCallCount > 0, this.refusal), this.rawFinish);
      }
      errorFromDocument(document, meta) {
        return errorFromDocument("OpenAI Chat Completions", document, meta);
      }
      readDelta(delta) {
        const acc = this.acc;
        const content = delta.content;
        if (typeof content === "string") {
          if (content) acc.appendText(content);
        } else if (content !== void 0 && content !== null) readContentParts(acc, content);
        const refusalText = asString(delta.refusal);
        if (refusalText) {
          this.refusal = true;
          acc.appendText(refusalText);
        }
        const reasoning = asString(delta.reasoning_content) ?? asString(delta.reasoning);
        if (reasoning) acc.appendReasoning(reasoning);
        const toolCalls = asArray(delta.tool_calls);
        if (toolCalls) {
          for (let i = 0; i < toolCalls.length; i++) {
            const fragment = asObject(toolCalls[i]);
            if (fragment) this.handleToolDelta(fragment, i);
          }
        }
      }
      handleToolDelta(fragment, position) {
        const acc = this.acc;
        const index = asNumber(fragment.index) ?? position;
        const id2 = asString(fragment.id) || void 0;
        const fn = asObject(fragment.function);
        let open = this.openByIndex.get(index);
        if (open && id2 !== void 0 && !open.callIdIsLocal && id2 !== open.callId) {
          acc.closeToolCall(open);
          open = void 0;
        }
        if (!open) {
          const name = asString(fn?.name) || void 0;
          open = acc.openToolCall(`index:${index}#${this.callSerial++}`, id2, name ?? "");
          this.openByIndex.set(index, open);
        }
        const args = asString(fn?.arguments);
        if (args !== void 0) acc.appendToolArguments(open, args);
      }
      readUsage(usage) {
        this.acc.mergeUsage({
          inputTokens: asNumber(usage.prompt_tokens),
          outputTokens: asNumber(usage.completion_tokens),
          reasoningTokens: asNumber(asObject(usage.completion_tokens_details)?.reasoning_tokens),
          cachedInputTokens: asNumber(asObject(usage.prompt_tokens_details)?.cached_tokens)
        });
      }
      closeAll() {
        for (const call of this.openByIndex.values()) this.acc.closeToolCall(call);
        this.openByIndex.clear();
      }
    };
  }
});

// src/main/providers/openai-chat/index.ts
var openAIChatProvider;
var init_openai_chat = __esm({
  "src/main/providers/openai-chat/index.ts"() {
    "use strict";
    init_provider_tool_rules();
    init_build_openai_chat_request();
    init_openai_chat_stream_adapter();
    openAIChatProvider = {
      id: "openai-chat",
      label: "OpenAI Chat Completions",
      defaults: { baseUrl: "https://api.openai.com/v1", model: "gpt-4.1-mini", keyVariable: "OPENAI_API_KEY" },
      buildRequest: buildOpenAIChatRequest,
      createStreamAdapter: createOpenAIChatStreamAdapter,
      // https://github.com/getsentry/sentry-mcp/issues/106, microsoft/genaiscript#1381 (description
      // ≤ 1024, 400 `string_above_max_length`); array items: sigoden/aichat#1049, gumloop/guMCP#136.
      toolRules: {
        maxTools: OPENAI_MAX_TOOLS,
        maxDescriptionChars: 1024,
        namePattern: OPENAI_TOOL_NAME,
        topLevelForbidden: OPENAI_TOP_LEVEL_FORBIDDEN,
        arrayItemsRequired: true,
        refsInlined: false
      }
    };
  }
});

// src/main/providers/openai-responses/build-openai-responses-request.ts
function buildOpenAIResponsesRequest(input) {
  const items = [];
  for (const message of input.history) {
    switch (message.role) {
      case "user":
        items.push({
          role: "user",
          content: userMessageParts(message).map(
            (part) => part.type === "image" ? { type: "input_image", image_url: dataUrl(part) } : { type: "input_text", text: part.text }
          )
        });
        break;
      case "assistant":
        if (message.provider === "openai-responses") {
          for (const item of message.replay) {
            if (item.type === "openai-reasoning" && item.encryptedContent) {
              items.push({
                type: "reasoning",
                id: item.itemId,
                encrypted_content: item.encryptedContent,
                summary: item.summary.map((text3) => ({ type: "summary_text", text: text3 }))
              });
            }
          }
        }
        if (message.text.length > 0) {
          items.push({ role: "assistant", content: [{ type: "output_text", text: message.text }] });
        }
        for (const call of message.toolCalls) {
          items.push({
            type: "function_call",
            call_id: call.callId,
            name: call.name,
            arguments: call.argumentsText || "{}"
          });
        }
        break;
      case "tool-results":
        for (const result of message.results) {
          const output = result.images?.length ? [
            { type: "input_text", text: result.content },
            ...result.images.map((image) => ({
              type: "input_image",
              image_url: `data:${image.mimeType};base64,${image.data}`
            }))
          ] : result.content;
          items.push({ type: "function_call_output", call_id: result.callId, output });
        }
        break;
    }
  }
  const body = {
    model: input.connection.model,
    input: items,
    stream: true,
    store: false,
    include: ["reasoning.encrypted_content"]
  };
  if (input.system) body.instructions = input.system;
  if (input.maxOutputTokens !== void 0) body.max_output_tokens = input.maxOutputTokens;
  if (input.temperature !== void 0) body.temperature = input.temperature;
  if (input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
      strict: false
    }));
  }
  return {
    url: joinUrl(input.connection.baseUrl, "responses"),
    headers: bearer(input.connection.apiKey),
    body
  };
}
var init_build_openai_responses_request = __esm({
  "src/main/providers/openai-responses/build-openai-responses-request.ts"() {
    "use strict";
    init_http_auth();
    init_provider_request();
    init_user_message_parts();
  }
});

// src/main/providers/openai-responses/openai-responses-stream-adapter.ts
function createOpenAIResponsesStreamAdapter(acc) {
  return new OpenAIResponsesStreamAdapter(acc);
}
var OpenAIResponsesStreamAdapter;
var init_openai_responses_stream_adapter = __esm({
  "src/main/providers/openai-responses/openai-responses-stream-adapter.ts"() {
    "use strict";
    init_document_error();
    init_wire_access();
    OpenAIResponsesStreamAdapter = class {
      constructor(acc) {
        this.acc = acc;
      }
      acc;
      label = "OpenAI Responses";
      truncationIsError = false;
      allowJsonArrayBody = false;
      /** Calls by item id and by output index; a proxy may stream under `fc_tmp_…` and finish under the real id. */
      byItem = /* @__PURE__ */ new Map();
      byIndex = /* @__PURE__ */ new Map();
      byCallId = /* @__PURE__ */ new Map();
      lastReasoningKey;
      refusal = false;
      terminalStatus;
      incompleteReason;
      handlePayload(payload) {
        const acc = this.acc;
        switch (payload.type) {
          case "response.output_text.delta":
            acc.appendText(asString(payload.delta) ?? "");
            return;
          case "response.function_call_arguments.delta": {
            const call = this.findCall(payload);
            if (call) acc.appendToolArguments(call, asString(payload.delta) ?? "");
            return;
          }
          case "response.created":
          case "response.in_progress":
          case "response.queued": {
            const response = asObject(payload.response);
            acc.responseId ??= asString(response?.id);
            acc.model ??= asString(response?.model);
            return;
          }
          case "response.refusal.delta":
            this.refusal = true;
            acc.appendText(asString(payload.delta) ?? "");
            return;
          case "response.reasoning_summary_text.delta":
            this.appendReasoning(
              `${asString(payload.item_id)}:${asNumber(payload.summary_index)}`,
              asString(payload.delta) ?? ""
            );
            return;
          case "response.reasoning_text.delta":
            this.appendReasoning(
              `${asString(payload.item_id)}:text:${asNumber(payload.content_index)}`,
              asString(payload.delta) ?? ""
            );
            return;
          case "response.output_item.added": {
            const item = asObject(payload.item);
            if (item?.type === "function_call") this.openCall(item, asNumber(payload.output_index));
            return;
          }
          case "response.function_call_arguments.done": {
            const call = this.findCall(payload);
            const args = asString(payload.arguments);
            if (call && args !== void 0) acc.setToolArguments(call, args);
            if (call) acc.closeToolCall(call);
            return;
          }
          case "response.output_item.done":
            this.itemDone(payload);
            return;
          case "response.completed":
          case "response.incomplete":
          case "response.failed":
            this.terminal(payload);
            return;
          case "error": {
            const nested = asObject(payload.error);
            acc.fail(errorFromStreamPayload(nested ?? payload, "The provider reported an error"));
            return;
          }
          default:
            return;
        }
      }
      handleSentinel(data) {
        return data.trim() === "[DONE]";
      }
      handleEnd() {
        const acc = this.acc;
        const terminalStatus = this.terminalStatus;
        if (acc.hasError) {
          acc.setFinish("error", terminalStatus ?? null);
          return;
        }
        if (terminalStatus === void 0) return;
        let reason;
        let raw = terminalStatus;
        if (terminalStatus === "completed") {
          reason = acc.toolCallCount > 0 ? "tool-calls" : this.refusal ? "content-filter" : "stop";
        } else if (terminalStatus === "incomplete") {
          raw = this.incompleteReason ?? "incomplete";
          reason = this.incompleteReason === "content_filter" ? "content-filter" : "length";
        } else reason = "other";
        acc.setFinish(reason, raw);
      }
      errorFromDocument(document, meta) {
        return errorFromDocument("OpenAI Responses", document, meta);
      }
      findCall(payload) {
        const itemId = asString(payload.item_id);
        const index = asNumber(payload.output_index);
        return (itemId !== void 0 ? this.byItem.get(itemId) : void 0) ?? (index !== void 0 ? this.byIndex.get(index) : void 0);
      }
      openCall(item, outputIndex) {
        const callId = asString(item.call_id);
        const known = (callId !== void 0 ? this.byCallId.get(callId) : void 0) ?? (outputIndex !== void 0 ? this.byIndex.get(outputIndex) : void 0);
        const call = known ?? this.acc.openToolCall(
          `out:${outputIndex ?? asString(item.id) ?? this.byCallId.size}`,
          callId ?? asString(item.id),
          asString(item.name) ?? ""
        );
        const itemId = asString(item.id);
        if (itemId !== void 0) this.byItem.set(itemId, call);
        if (outputIndex !== void 0) this.byIndex.set(outputIndex, call);
        if (callId !== void 0) this.byCallId.set(callId, call);
        return call;
      }
      itemDone(payload) {
        const acc = this.acc;
        const item = asObject(payload.item);
        if (item?.type === "function_call") {
          const call = this.openCall(item, asNumber(payload.output_index));
          const args = asString(item.arguments);
          if (args !== void 0 && call.wholeText === void 0) acc.setToolArguments(call, args);
          if (item.status !== "incomplete") acc.closeToolCall(call);
        } else if (item?.type === "reasoning") {
          const id2 = asString(item.id) ?? "";
          const summary = (asArray(item.summary) ?? []).map((s) => asString(asObject(s)?.text) ?? "");
          acc.replay.push({
            type: "openai-reasoning",
            itemId: id2,
            encryptedContent: asString(item.encrypted_content),
            summary
          });
        }
      }
      appendReasoning(key, delta) {
        if (this.lastReasoningKey !== void 0 && this.lastReasoningKey !== key && delta.length > 0)
          this.acc.appendReasoning("\n\n");
        this.lastReasoningKey = key;
        this.acc.appendReasoning(delta);
      }
      terminal(payload) {
        const acc = this.acc;
        const response = asObject(payload.response);
        acc.markEndSignal();
        const terminalStatus = asString(response?.status) ?? String(payload.type).replace("response.", "");
        const incompleteReason = asString(asObject(response?.incomplete_details)?.reason);
        this.terminalStatus = terminalStatus;
        this.incompleteReason = incompleteReason;
        if (terminalStatus === "incomplete" && incompleteReason !== "content_filter") acc.markOutputCut();
        this.readUsage(asObject(response?.usage));
        if (response) {
          acc.responseId ??= asString(response.id);
          acc.model ??= asString(response.model);
        }
        if (payload.type === "response.failed") {
          acc.fail(errorFromStreamPayload(asObject(response?.error), "The response failed"));
        }
      }
      readUsage(usage) {
        if (!usage) return;
        this.acc.mergeUsage({
          inputTokens: asNumber(usage.input_tokens),
          outputTokens: asNumber(usage.output_tokens),
          reasoningTokens: asNumber(asObject(usage.output_tokens_details)?.reasoning_tokens),
          cachedInputTokens: asNumber(asObject(usage.input_tokens_details)?.cached_tokens)
        });
      }
    };
  }
});

// src/main/providers/openai-responses/index.ts
var openAIResponsesProvider;
var init_openai_responses = __esm({
  "src/main/providers/openai-responses/index.ts"() {
    "use strict";
    init_provider_tool_rules();
    init_build_openai_responses_request();
    init_openai_responses_stream_adapter();
    openAIResponsesProvider = {
      id: "openai-responses",
      label: "OpenAI Responses",
      defaults: { baseUrl: "https://api.openai.com/v1", model: "gpt-5-mini", keyVariable: "OPENAI_API_KEY" },
      buildRequest: buildOpenAIResponsesRequest,
      createStreamAdapter: createOpenAIResponsesStreamAdapter,
      // Same function rules as Chat (128 tools, name, top level; array items: meilisearch/meilisearch-mcp#27,
      // `tools[8].parameters`). No description limit is on record for Responses, so none is applied.
      toolRules: {
        maxTools: OPENAI_MAX_TOOLS,
        maxDescriptionChars: void 0,
        namePattern: OPENAI_TOOL_NAME,
        topLevelForbidden: OPENAI_TOP_LEVEL_FORBIDDEN,
        arrayItemsRequired: true,
        refsInlined: false
      }
    };
  }
});

// src/main/providers/provider-registry.ts
function providerDefinition(provider) {
  return PROVIDERS[provider];
}
function buildProviderRequest(provider, input) {
  return PROVIDERS[provider].buildRequest({
    ...input,
    history: requestHistory(provider, input.history, input.currentQuestion)
  });
}
function providerAdapterFactory(provider) {
  return PROVIDERS[provider].createStreamAdapter;
}
var PROVIDERS;
var init_provider_registry = __esm({
  "src/main/providers/provider-registry.ts"() {
    "use strict";
    init_anthropic();
    init_gemini();
    init_gemini_interactions();
    init_openai_chat();
    init_openai_responses();
    init_request_history();
    PROVIDERS = {
      "openai-responses": openAIResponsesProvider,
      "openai-chat": openAIChatProvider,
      anthropic: anthropicProvider,
      gemini: geminiProvider,
      "gemini-interactions": geminiInteractionsProvider
    };
  }
});

// src/main/providers/provider-config.ts
function providerEnvName(provider) {
  return provider.toUpperCase().replace(/-/g, "_");
}
function resolveConnection(provider, options = {}) {
  const env = options.env ?? {};
  const name = providerEnvName(provider);
  const defaults = PROVIDERS[provider].defaults;
  const pick2 = (...values2) => values2.find((v) => v !== void 0 && v.trim().length > 0)?.trim();
  return {
    baseUrl: pick2(options.overrides?.baseUrl, env[`KEEL_${name}_BASE_URL`], options.settings?.baseUrl) ?? defaults.baseUrl,
    model: pick2(options.overrides?.model, env[`KEEL_${name}_MODEL`], options.settings?.model) ?? defaults.model,
    apiKey: pick2(options.overrides?.apiKey, env[defaults.keyVariable], options.settings?.apiKey) ?? ""
  };
}
function profileKeyVariable(id2, stored) {
  if (isProviderId(id2)) return PROVIDERS[id2].defaults.keyVariable;
  const preset = PROVIDER_PRESETS[presetOfProfile(id2, stored)];
  return preset.profileId === id2 ? preset.keyVariable : void 0;
}
function isKnownProfile(id2, saved) {
  return id2 !== void 0 && isProfileIdSyntax(id2) && (IMPLICIT_PROFILE_IDS.includes(id2) || Object.hasOwn(saved, id2));
}
function resolveProfile(id2, options) {
  if (!isKnownProfile(id2, options.saved)) return void 0;
  const env = options.env ?? {};
  const stored = Object.hasOwn(options.saved, id2) ? options.saved[id2] : void 0;
  const settings = { baseUrl: stored?.baseUrl, model: stored?.model, apiKey: options.savedKey };
  const preset = presetOfProfile(id2, stored);
  let connection;
  if (isProviderId(id2)) connection = resolveConnection(id2, { env, settings, overrides: options.overrides });
  else {
    const name2 = providerEnvName(id2);
    const defaults = PROVIDER_PRESETS[preset];
    const keyVariable2 = profileKeyVariable(id2, stored);
    connection = {
      baseUrl: pick(options.overrides?.baseUrl, env[`KEEL_${name2}_BASE_URL`], settings.baseUrl) ?? defaults.baseUrl,
      model: pick(options.overrides?.model, env[`KEEL_${name2}_MODEL`], settings.model) ?? defaults.model,
      apiKey: pick(options.overrides?.apiKey, keyVariable2 ? env[keyVariable2] : void 0, settings.apiKey) ?? ""
    };
  }
  const name = providerEnvName(id2);
  const keyVariable = profileKeyVariable(id2, stored);
  const configured = stored !== void 0 || (options.savedKey ?? "") !== "" || [env[`KEEL_${name}_BASE_URL`], env[`KEEL_${name}_MODEL`], keyVariable ? env[keyVariable] : void 0].some(
    (value) => (value?.trim() ?? "") !== ""
  );
  return {
    id: id2,
    name: nameOfProfile(id2, stored),
    preset,
    api: apiOfProfile(id2, stored),
    connection,
    keyRequired: keyRequiredFor(id2, stored, connection.baseUrl),
    configured
  };
}
function notReadyReason(profile) {
  if (profile.connection.baseUrl === "") return "no-base-url";
  if (profile.keyRequired && profile.connection.apiKey === "") return "no-key";
  if (profile.connection.model === "") return "no-model";
  return void 0;
}
function resolveDefaultProvider(env, saved, options = {}) {
  const profiles = options.profiles ?? {};
  const fromEnv = env.KEEL_DEFAULT_PROVIDER?.trim();
  if (isKnownProfile(fromEnv, profiles)) return fromEnv;
  if (isKnownProfile(saved, profiles)) return saved;
  const ready = options.isReadyAndConfigured;
  if (ready) {
    const first = [...Object.keys(profiles), ...IMPLICIT_PROFILE_IDS].find(
      (id2) => isKnownProfile(id2, profiles) && ready(id2)
    );
    if (first) return first;
  }
  return DEFAULT_PROVIDER;
}
function providerEnvironmentVariables() {
  const names = /* @__PURE__ */ new Set(["KEEL_DEFAULT_PROVIDER"]);
  for (const provider of IMPLICIT_PROFILE_IDS) {
    names.add(`KEEL_${providerEnvName(provider)}_BASE_URL`);
    names.add(`KEEL_${providerEnvName(provider)}_MODEL`);
    const keyVariable = profileKeyVariable(provider);
    if (keyVariable) names.add(keyVariable);
  }
  return [...names];
}
var PROVIDER_DEFAULTS, DEFAULT_PROVIDER, pick;
var init_provider_config = __esm({
  "src/main/providers/provider-config.ts"() {
    "use strict";
    init_provider_id();
    init_provider_profiles();
    init_provider_registry();
    PROVIDER_DEFAULTS = Object.fromEntries(
      PROVIDER_IDS.map((id2) => [id2, PROVIDERS[id2].defaults])
    );
    DEFAULT_PROVIDER = "openai-responses";
    pick = (...values2) => values2.find((v) => v !== void 0 && v.trim().length > 0)?.trim();
  }
});

// src/shared/well-formed-text.ts
function wellFormed(text3) {
  return text3.isWellFormed() ? text3 : text3.toWellFormed();
}
function endsWithHighSurrogate(text3) {
  const last = text3.charCodeAt(text3.length - 1);
  return last >= 55296 && last <= 56319;
}
var init_well_formed_text = __esm({
  "src/shared/well-formed-text.ts"() {
    "use strict";
  }
});

// src/main/secrets/key-redaction.ts
function keyForms(keys) {
  const forms = /* @__PURE__ */ new Set();
  for (const key of keys) {
    if (key.length < MIN_REDACTED_KEY_LENGTH) continue;
    forms.add(key);
    forms.add(JSON.stringify(key).slice(1, -1));
    forms.add(JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"));
    forms.add(encodeURIComponent(key));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}
function redactText(text3, forms) {
  let out = text3;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}
function redactValue(value, forms) {
  if (forms.length === 0) return value;
  if (typeof value === "string") return redactText(value, forms);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Error) return redactError(value, forms);
  if (Array.isArray(value)) {
    let changed2 = false;
    const out2 = value.map((item) => {
      const next = redactValue(item, forms);
      if (next !== item) changed2 = true;
      return next;
    });
    return changed2 ? out2 : value;
  }
  let changed = false;
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    const nextKey = redactText(key, forms);
    const next = redactValue(item, forms);
    if (next !== item || nextKey !== key) changed = true;
    out[nextKey] = next;
  }
  return changed ? out : value;
}
function redactError(error, forms, depth = 0) {
  if (!(error instanceof Error) || depth > 5) return typeof error === "string" ? redactText(error, forms) : error;
  const scrubbed = new Error(redactText(error.message, forms));
  scrubbed.name = error.name;
  scrubbed.stack = error.stack === void 0 ? void 0 : redactText(error.stack, forms);
  const code = error.code;
  if (code !== void 0)
    scrubbed.code = typeof code === "string" ? redactText(code, forms) : code;
  const cause = error.cause;
  if (cause !== void 0) {
    ;
    scrubbed.cause = cause instanceof Error ? redactError(cause, forms, depth + 1) : typeof cause === "object" && cause !== null ? redactValue(cause, forms) : redactText(String(cause), forms);
  }
  return scrubbed;
}
function startsWithAt(buffer, at, form, length) {
  for (let i = 0; i < length; i++) if (buffer[at + i] !== form[i]) return false;
  return true;
}
function heldTextSuffix(text3, forms) {
  let longest = 0;
  for (const form of forms) {
    const first = form[0];
    for (let at = Math.max(0, text3.length - form.length + 1); at < text3.length; at++) {
      const length = text3.length - at;
      if (length <= longest) break;
      if (text3[at] === first && form.startsWith(text3.slice(at))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
function concat(parts) {
  const nonEmpty = parts.filter((part) => part.length > 0);
  if (nonEmpty.length === 1) return nonEmpty[0];
  const total = nonEmpty.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of nonEmpty) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
function redactingFetch(fetchImpl, keys) {
  const forms = keyForms(keys);
  if (forms.length === 0) return fetchImpl;
  return async (url, init) => {
    let response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      throw redactError(error, forms);
    }
    const headers = new Headers();
    response.headers.forEach((value, name) => headers.append(redactText(name, forms), redactText(value, forms)));
    let body = null;
    if (response.body && !NULL_BODY_STATUSES.has(response.status)) {
      const redactor = new StreamRedactor(forms);
      body = response.body.pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            const safe = redactor.push(chunk);
            if (safe.length > 0) controller.enqueue(safe);
          },
          flush(controller) {
            const rest = redactor.end();
            if (rest.length > 0) controller.enqueue(rest);
          }
        })
      );
    }
    return new Response(body, { status: response.status, statusText: redactText(response.statusText, forms), headers });
  };
}
function sanitizingStreamRound(streamRound, keys) {
  const forms = keyForms(keys);
  return async (options) => {
    const text3 = new TextStreamRedactor(forms);
    const reasoning = new TextStreamRedactor(forms);
    const calls = /* @__PURE__ */ new Map();
    const emit = options.onEvent;
    const release = (except) => {
      if (except !== text3) {
        const rest = text3.end();
        if (rest) emit({ type: "text-delta", delta: rest });
      }
      if (except !== reasoning) {
        const rest = reasoning.end();
        if (rest) emit({ type: "reasoning-delta", delta: rest });
      }
      for (const [callId, redactor] of calls) {
        if (redactor === except) continue;
        const rest = redactor.end();
        if (rest) emit({ type: "tool-call-delta", callId, delta: rest });
      }
    };
    const onEvent = (event) => {
      switch (event.type) {
        case "text-delta": {
          release(text3);
          const delta = text3.push(event.delta);
          if (delta) emit({ type: "text-delta", delta });
          return;
        }
        case "reasoning-delta": {
          release(reasoning);
          const delta = reasoning.push(event.delta);
          if (delta) emit({ type: "reasoning-delta", delta });
          return;
        }
        case "tool-call-delta": {
          let redactor = calls.get(event.callId);
          if (!redactor) calls.set(event.callId, redactor = new TextStreamRedactor(forms));
          release(redactor);
          const delta = redactor.push(event.delta);
          if (delta) emit({ type: "tool-call-delta", callId: event.callId, delta });
          return;
        }
        default:
          release();
          emit(redactValue(event, forms));
      }
    };
    const outcome = await streamRound({ ...options, onEvent });
    release();
    const result = redactValue(outcome.result, forms);
    return {
      ...outcome,
      result: {
        ...result,
        text: wellFormed(result.text),
        reasoning: wellFormed(result.reasoning),
        toolCalls: result.toolCalls.map((call) => ({ ...call, argumentsText: wellFormed(call.argumentsText) }))
      },
      requestId: redactValue(outcome.requestId, forms)
    };
  };
}
var REDACTED, MIN_REDACTED_KEY_LENGTH, StreamRedactor, TextStreamRedactor, NULL_BODY_STATUSES;
var init_key_redaction = __esm({
  "src/main/secrets/key-redaction.ts"() {
    "use strict";
    init_well_formed_text();
    REDACTED = "[redacted]";
    MIN_REDACTED_KEY_LENGTH = 8;
    StreamRedactor = class {
      forms;
      replacement = new TextEncoder().encode(REDACTED);
      held = new Uint8Array(0);
      constructor(forms) {
        const encoder = new TextEncoder();
        this.forms = forms.map((form) => encoder.encode(form)).filter((bytes) => bytes.length > 0);
      }
      /** The bytes that are safe to pass on now. */
      push(chunk) {
        if (this.forms.length === 0) return chunk;
        const buffer = this.held.length === 0 ? chunk : concat([this.held, chunk]);
        const out = [];
        let from = 0;
        for (; ; ) {
          const found = this.nextMatch(buffer, from);
          if (!found) break;
          out.push(buffer.subarray(from, found.at), this.replacement);
          from = found.at + found.length;
        }
        const keep = this.heldSuffix(buffer, from);
        out.push(buffer.subarray(from, buffer.length - keep));
        this.held = buffer.slice(buffer.length - keep);
        return concat(out);
      }
      /** What was held back at the end of the stream (a key prefix that never completed). */
      end() {
        const rest = this.held;
        this.held = new Uint8Array(0);
        return rest;
      }
      nextMatch(buffer, from) {
        let best;
        const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        for (const form of this.forms) {
          const at = view.indexOf(form, from);
          if (at >= 0 && (!best || at < best.at)) best = { at, length: form.length };
        }
        return best;
      }
      /** Length of the longest tail of `buffer[from..]` that is a proper prefix of some form. */
      heldSuffix(buffer, from) {
        let longest = 0;
        for (const form of this.forms) {
          for (let at = Math.max(from, buffer.length - form.length + 1); at < buffer.length; at++) {
            const length = buffer.length - at;
            if (length <= longest) break;
            if (buffer[at] === form[0] && startsWithAt(buffer, at, form, length)) {
              longest = length;
              break;
            }
          }
        }
        return longest;
      }
    };
    TextStreamRedactor = class {
      constructor(forms) {
        this.forms = forms;
      }
      forms;
      held = "";
      push(delta) {
        const text3 = this.forms.length === 0 ? this.held + delta : redactText(this.held + delta, this.forms);
        let keep = this.forms.length === 0 ? 0 : heldTextSuffix(text3, this.forms);
        if (keep === 0 && endsWithHighSurrogate(text3)) keep = 1;
        this.held = text3.slice(text3.length - keep);
        return wellFormed(text3.slice(0, text3.length - keep));
      }
      end() {
        const rest = this.held;
        this.held = "";
        return wellFormed(rest);
      }
    };
    NULL_BODY_STATUSES = /* @__PURE__ */ new Set([101, 103, 204, 205, 304]);
  }
});

// src/main/secrets/provider-keys.ts
function redactingRecorder(recorder, keys) {
  const forms = keyForms(keys);
  if (forms.length === 0) return recorder;
  return {
    ...recorder,
    appendText(delta) {
      recorder.appendText(redactText(delta, forms));
    },
    appendReasoning(delta) {
      recorder.appendReasoning(redactText(delta, forms));
    },
    recordToolRound(round) {
      recorder.recordToolRound(redactValue(round, forms));
    },
    recordReplay(provider, items) {
      recorder.recordReplay(provider, redactValue(items, forms));
    },
    recordToolResult(result, outcome, preview) {
      recorder.recordToolResult(redactValue(result, forms), redactValue(outcome, forms), redactValue(preview, forms));
    },
    finishGeneration(id2, input) {
      recorder.finishGeneration(id2, {
        ...input,
        result: redactValue(input.result, forms),
        requestId: redactValue(input.requestId, forms)
      });
    },
    finish(input) {
      recorder.finish(redactValue(input, forms));
    }
  };
}
var ProviderKeys;
var init_provider_keys = __esm({
  "src/main/secrets/provider-keys.ts"() {
    "use strict";
    init_provider_profiles();
    init_provider_config();
    init_key_vault();
    init_key_redaction();
    init_key_redaction();
    ProviderKeys = class {
      constructor(env, vault) {
        this.env = env;
        this.vault = vault;
      }
      env;
      vault;
      sessionSecrets = /* @__PURE__ */ new Set();
      fromEnvironment(provider) {
        const variable = profileKeyVariable(provider);
        const value = variable ? this.env[variable]?.trim() : void 0;
        return value ? value : void 0;
      }
      /** The saved key of a profile (the environment's wins when {@link resolveProfile} is given both). */
      saved(provider) {
        return this.vault.get(provider);
      }
      status(provider) {
        const env = this.fromEnvironment(provider);
        if (env) return { set: true, endsWith: keyEnding(env), source: "environment" };
        const saved = this.vault.get(provider);
        return saved ? { set: true, endsWith: keyEnding(saved), source: "saved" } : { set: false };
      }
      /**
       * Secrets that live for this process only and are not in the vault (the env values and headers
       * of `--mcp-config` servers): scrubbed like every key from now on.
       */
      addSessionSecrets(values2) {
        for (const value of values2) if (value.length >= MIN_REDACTED_KEY_LENGTH) this.sessionSecrets.add(value);
      }
      /**
       * Every secret the core knows of, to scrub from anything that leaves it: providers' keys (the
       * environment's and the vault's), every MCP server secret in the vault (a server that echoes its
       * token must not put it in an event, a stored error or an export) and the session's.
       */
      all() {
        const keys = /* @__PURE__ */ new Set();
        const add = (key) => {
          if (key && key.length >= MIN_REDACTED_KEY_LENGTH) keys.add(key);
        };
        for (const provider of IMPLICIT_PROFILE_IDS) add(this.fromEnvironment(provider));
        for (const id2 of this.vault.ids()) if (isMcpSecretId(id2) || isProfileIdSyntax(id2)) add(this.vault.get(id2));
        for (const secret of this.sessionSecrets) keys.add(secret);
        return [...keys];
      }
    };
  }
});

// src/shared/conversation-settings-limits.ts
var MAX_SYSTEM_PROMPT_CHARS, MAX_OUTPUT_TOKENS_LIMIT, MAX_TEMPERATURE;
var init_conversation_settings_limits = __esm({
  "src/shared/conversation-settings-limits.ts"() {
    "use strict";
    MAX_SYSTEM_PROMPT_CHARS = 2e4;
    MAX_OUTPUT_TOKENS_LIMIT = 1e6;
    MAX_TEMPERATURE = 2;
  }
});

// src/shared/conversation-settings.ts
import { z } from "zod";
function generationDefaultsFor(wire) {
  return isProviderId(wire) ? WIRE_DEFAULTS[wire] : WIRE_DEFAULTS["openai-chat"];
}
var providerRef, modelName, systemText, maxTokens, temperature, conversationSettingsPatchSchema, conversationSettingsSchema, conversationDefaultsSchema, conversationDefaultsPatchSchema, WIRE_DEFAULTS;
var init_conversation_settings = __esm({
  "src/shared/conversation-settings.ts"() {
    "use strict";
    init_provider_id();
    init_conversation_settings_limits();
    providerRef = z.string().trim().min(1).max(200);
    modelName = z.string().trim().min(1).max(200);
    systemText = z.string().max(MAX_SYSTEM_PROMPT_CHARS);
    maxTokens = z.number().int().min(1).max(MAX_OUTPUT_TOKENS_LIMIT);
    temperature = z.number().min(0).max(MAX_TEMPERATURE);
    conversationSettingsPatchSchema = z.strictObject({
      provider: providerRef.nullable().optional(),
      model: modelName.nullable().optional(),
      system: systemText.nullable().optional(),
      maxOutputTokens: maxTokens.nullable().optional(),
      temperature: temperature.nullable().optional()
    }).refine(
      (patch) => patch.provider === void 0 === (patch.model === void 0) && patch.provider === null === (patch.model === null),
      {
        error: "provider and model are chosen together."
      }
    );
    conversationSettingsSchema = z.strictObject({
      provider: providerRef.optional(),
      model: modelName.optional(),
      system: systemText.optional(),
      maxOutputTokens: maxTokens.optional(),
      temperature: temperature.optional()
    });
    conversationDefaultsSchema = z.strictObject({
      provider: providerRef.optional(),
      model: modelName.optional(),
      system: systemText.optional()
    });
    conversationDefaultsPatchSchema = z.strictObject({
      provider: providerRef.nullable().optional(),
      model: modelName.nullable().optional(),
      system: systemText.nullable().optional()
    }).refine(
      (patch) => patch.provider === void 0 === (patch.model === void 0) && patch.provider === null === (patch.model === null),
      {
        error: "provider and model are chosen together."
      }
    );
    WIRE_DEFAULTS = {
      "openai-responses": { maxOutputTokens: void 0, temperature: 1, maxTemperature: 2 },
      "openai-chat": { maxOutputTokens: void 0, temperature: 1, maxTemperature: 2 },
      // The Messages API requires max_tokens; its temperature range is 0–1.
      anthropic: { maxOutputTokens: 8192, temperature: 1, maxTemperature: 1 },
      gemini: { maxOutputTokens: void 0, temperature: 1, maxTemperature: 2 },
      "gemini-interactions": { maxOutputTokens: void 0, temperature: 1, maxTemperature: 2 }
    };
  }
});

// src/shared/fallback-messages.ts
function titlesOf(tools) {
  return (name, locale) => {
    const tool = tools.find((t) => t.name === name);
    return tool ? tool.titles?.[locale] ?? tool.title : void 0;
  };
}
function actionName(locale, tool, titleOf) {
  return titleOf?.(tool, locale) ?? tool.replace(/_/g, " ");
}
function isFallbackMessageId(id2) {
  return typeof id2 === "string" && Object.hasOwn(MESSAGES.en, id2);
}
function fallbackMessage(locale, id2, values2 = {}, titleOf) {
  let text3 = MESSAGES[locale][id2];
  const names = values2.actions ? [...new Set(values2.actions.map((tool) => actionName(locale, tool, titleOf)))] : void 0;
  if (names && names.length > 1) text3 = PLURALS[locale][id2] ?? text3;
  if (values2.seconds !== void 0) text3 = text3.replace("{seconds}", String(values2.seconds));
  if (values2.max !== void 0) text3 = text3.replace("{max}", String(values2.max));
  if (values2.count !== void 0) text3 = text3.replace("{count}", String(values2.count));
  if (values2.detail) text3 += DETAIL[locale];
  const fill = [
    ["{provider}", values2.provider],
    ["{host}", values2.host],
    ["{model}", values2.model]
  ];
  for (const [slot, value] of fill) if (value !== void 0) text3 = text3.split(slot).join(value);
  if (names) text3 = text3.replace("{actions}", () => names.map((n) => `\u201C${n}\u201D`).join(LIST_JOIN[locale]));
  if (values2.detail) text3 = text3.replace("{detail}", () => values2.detail);
  return text3;
}
var MESSAGES, PLURALS, LIST_JOIN, DETAIL, MAX_DETAIL_CHARS;
var init_fallback_messages = __esm({
  "src/shared/fallback-messages.ts"() {
    "use strict";
    MESSAGES = {
      en: {
        "no-answer": "I couldn't get an answer. Try again.",
        truncated: "The answer was cut off.",
        "truncated-actions-not-run": "The answer was cut off; the action {actions} was not run.",
        "invalid-arguments-twice": "I couldn't prepare that action correctly, so I didn't run it. Try rephrasing.",
        "tool-failed-no-answer": "The action failed and I couldn't get an explanation. Try again.",
        "max-rounds": "I stopped after {max} rounds of actions without a final answer. Try a simpler request.",
        "quota-exceeded": "The provider says this account is out of quota or credit. Check your plan, or switch providers in Settings.",
        authentication: "The provider rejected the API key. Check it in Settings.",
        "not-executed-unconfirmed": "The provider didn't confirm the answer was finished, so the action {actions} was not run.",
        retrying: "Retrying in {seconds} s\u2026",
        stopped: "Stopped.",
        "too-many-tool-calls": "The model asked for {count} actions in one answer; Keel runs at most {max} at a time, so none was run. Try a narrower request.",
        "storage-full": "Your disk is full, so Keel could not save all of this answer. Free some space; what was saved is kept.",
        "storage-failed": "Keel could not save this answer (a disk error). What was saved is kept; try again.",
        "turn-timeout": "Keel stopped this answer: it took longer than the {seconds} s an answer may take (see Settings). Try again, or ask for less at once.",
        unreachable: "Keel couldn't connect to {provider}. Is {provider} running at {host}?",
        "unreachable-address": "Keel couldn't connect to the server at {host}. Is it running, and is the address in Settings right?",
        "connection-lost": "The connection to {provider} was lost before an answer arrived. Try again.",
        "key-missing": "{provider} needs an API key, and none is set. Add it in Settings.",
        "key-rejected": "{provider} rejected the API key. Check the key in Settings.",
        "model-not-found": "{provider} doesn\u2019t have the model \u201C{model}\u201D. Choose another model in Settings, or install it on the server.",
        "endpoint-not-found": "{provider} answered \u201Cnot found\u201D at {host}. Check the server address in Settings.",
        "rate-limited": "{provider} is limiting how many requests can be sent. Wait a moment, then try again.",
        "rate-limited-wait": "{provider} is limiting how many requests can be sent. Wait {seconds} s, then try again.",
        "context-too-long": "This conversation is longer than the model can read at once. Start a new conversation, or choose a model with a larger context window in Settings.",
        "content-filtered": "{provider}\u2019s content filter blocked this request or its answer. Try rephrasing.",
        "server-error": "{provider} had a problem on its side. Try again in a moment.",
        overloaded: "{provider} is overloaded right now. Try again in a moment.",
        "provider-timeout": "{provider} took too long to answer. Try again.",
        "bad-request": "{provider} rejected the request.",
        "length-limit": "The answer reached the length limit.",
        "images-not-supported": "This model does not accept images. Choose a model that can see images, or send the message without them.",
        "tools-over-limit": "{provider} takes at most {max} tools in one request, so Keel left out the tool {actions} this time. Turn off tools you don\u2019t need in Settings to choose which are sent.",
        "tools-not-accepted": "{provider} cannot take the tool {actions} (its name or input schema is outside what {provider} accepts), so Keel left it out."
      },
      "pt-BR": {
        "no-answer": "N\xE3o consegui obter uma resposta. Tente novamente.",
        truncated: "A resposta foi interrompida.",
        "truncated-actions-not-run": "A resposta foi interrompida; a a\xE7\xE3o {actions} n\xE3o foi executada.",
        "invalid-arguments-twice": "N\xE3o consegui preparar essa a\xE7\xE3o corretamente, ent\xE3o n\xE3o a executei. Tente reformular.",
        "tool-failed-no-answer": "A a\xE7\xE3o falhou e n\xE3o consegui obter uma explica\xE7\xE3o. Tente novamente.",
        "max-rounds": "Parei depois de {max} rodadas de a\xE7\xF5es sem uma resposta final. Tente um pedido mais simples.",
        "quota-exceeded": "O provedor diz que esta conta est\xE1 sem cota ou cr\xE9dito. Verifique seu plano ou troque de provedor nas Configura\xE7\xF5es.",
        authentication: "O provedor recusou a chave de API. Verifique-a nas Configura\xE7\xF5es.",
        "not-executed-unconfirmed": "O provedor n\xE3o confirmou que a resposta terminou, ent\xE3o a a\xE7\xE3o {actions} n\xE3o foi executada.",
        retrying: "Tentando novamente em {seconds} s\u2026",
        stopped: "Interrompido.",
        "too-many-tool-calls": "O modelo pediu {count} a\xE7\xF5es em uma s\xF3 resposta; o Keel executa no m\xE1ximo {max} por vez, ent\xE3o nenhuma foi executada. Tente um pedido mais espec\xEDfico.",
        "storage-full": "Seu disco est\xE1 cheio, ent\xE3o o Keel n\xE3o conseguiu salvar toda esta resposta. Libere espa\xE7o; o que foi salvo continua guardado.",
        "storage-failed": "O Keel n\xE3o conseguiu salvar esta resposta (erro de disco). O que foi salvo continua guardado; tente novamente.",
        "turn-timeout": "O Keel interrompeu esta resposta: ela levou mais que os {seconds} s que uma resposta pode levar (veja as Configura\xE7\xF5es). Tente novamente ou pe\xE7a menos de uma vez.",
        unreachable: "O Keel n\xE3o conseguiu se conectar a {provider}. {provider} est\xE1 rodando em {host}?",
        "unreachable-address": "O Keel n\xE3o conseguiu se conectar ao servidor em {host}. Ele est\xE1 rodando, e o endere\xE7o nas Configura\xE7\xF5es est\xE1 certo?",
        "connection-lost": "A conex\xE3o com {provider} caiu antes de chegar uma resposta. Tente novamente.",
        "key-missing": "{provider} precisa de uma chave de API, e nenhuma foi definida. Adicione-a nas Configura\xE7\xF5es.",
        "key-rejected": "{provider} recusou a chave de API. Verifique a chave nas Configura\xE7\xF5es.",
        "model-not-found": "{provider} n\xE3o tem o modelo \u201C{model}\u201D. Escolha outro modelo nas Configura\xE7\xF5es ou instale-o no servidor.",
        "endpoint-not-found": "{provider} respondeu \u201Cn\xE3o encontrado\u201D em {host}. Verifique o endere\xE7o do servidor nas Configura\xE7\xF5es.",
        "rate-limited": "{provider} est\xE1 limitando quantas solicita\xE7\xF5es podem ser enviadas. Aguarde um momento e tente novamente.",
        "rate-limited-wait": "{provider} est\xE1 limitando quantas solicita\xE7\xF5es podem ser enviadas. Aguarde {seconds} s e tente novamente.",
        "context-too-long": "Esta conversa \xE9 mais longa do que o modelo consegue ler de uma vez. Comece uma nova conversa ou escolha nas Configura\xE7\xF5es um modelo com uma janela de contexto maior.",
        "content-filtered": "O filtro de conte\xFAdo de {provider} bloqueou este pedido ou a resposta. Tente reformular.",
        "server-error": "{provider} teve um problema do lado dele. Tente novamente em instantes.",
        overloaded: "{provider} est\xE1 sobrecarregado agora. Tente novamente em instantes.",
        "provider-timeout": "{provider} demorou demais para responder. Tente novamente.",
        "bad-request": "{provider} recusou o pedido.",
        "length-limit": "A resposta atingiu o limite de tamanho.",
        "images-not-supported": "Este modelo n\xE3o aceita imagens. Escolha um modelo que consiga ver imagens ou envie a mensagem sem elas.",
        "tools-over-limit": "{provider} aceita no m\xE1ximo {max} ferramentas por pedido, ent\xE3o o Keel deixou de fora a ferramenta {actions} desta vez. Desative nas Configura\xE7\xF5es as ferramentas de que n\xE3o precisa para escolher quais s\xE3o enviadas.",
        "tools-not-accepted": "{provider} n\xE3o aceita a ferramenta {actions} (o nome ou o esquema de entrada dela est\xE1 fora do que {provider} aceita), ent\xE3o o Keel a deixou de fora."
      },
      es: {
        "no-answer": "No pude obtener una respuesta. Int\xE9ntalo de nuevo.",
        truncated: "La respuesta se cort\xF3.",
        "truncated-actions-not-run": "La respuesta se cort\xF3; la acci\xF3n {actions} no se ejecut\xF3.",
        "invalid-arguments-twice": "No pude preparar esa acci\xF3n correctamente, as\xED que no la ejecut\xE9. Prueba a reformularlo.",
        "tool-failed-no-answer": "La acci\xF3n fall\xF3 y no pude obtener una explicaci\xF3n. Int\xE9ntalo de nuevo.",
        "max-rounds": "Me detuve tras {max} rondas de acciones sin una respuesta final. Prueba con una petici\xF3n m\xE1s sencilla.",
        "quota-exceeded": "El proveedor dice que esta cuenta no tiene cuota ni cr\xE9dito. Revisa tu plan o cambia de proveedor en Ajustes.",
        authentication: "El proveedor rechaz\xF3 la clave de API. Rev\xEDsala en Ajustes.",
        "not-executed-unconfirmed": "El proveedor no confirm\xF3 que la respuesta hubiera terminado, as\xED que la acci\xF3n {actions} no se ejecut\xF3.",
        retrying: "Reintentando en {seconds} s\u2026",
        stopped: "Detenido.",
        "too-many-tool-calls": "El modelo pidi\xF3 {count} acciones en una sola respuesta; Keel ejecuta como m\xE1ximo {max} a la vez, as\xED que no se ejecut\xF3 ninguna. Prueba con una petici\xF3n m\xE1s concreta.",
        "storage-full": "Tu disco est\xE1 lleno, as\xED que Keel no pudo guardar toda esta respuesta. Libera espacio; lo que se guard\xF3 se conserva.",
        "storage-failed": "Keel no pudo guardar esta respuesta (un error de disco). Lo que se guard\xF3 se conserva; int\xE9ntalo de nuevo.",
        "turn-timeout": "Keel detuvo esta respuesta: tard\xF3 m\xE1s de los {seconds} s que puede tardar una respuesta (ver Ajustes). Int\xE9ntalo de nuevo o pide menos a la vez.",
        unreachable: "Keel no pudo conectarse con {provider}. \xBFEst\xE1 {provider} en marcha en {host}?",
        "unreachable-address": "Keel no pudo conectarse con el servidor en {host}. \xBFEst\xE1 en marcha y es correcta la direcci\xF3n en Ajustes?",
        "connection-lost": "Se perdi\xF3 la conexi\xF3n con {provider} antes de que llegara una respuesta. Int\xE9ntalo de nuevo.",
        "key-missing": "{provider} necesita una clave de API y no hay ninguna. A\xF1\xE1dela en Ajustes.",
        "key-rejected": "{provider} rechaz\xF3 la clave de API. Revisa la clave en Ajustes.",
        "model-not-found": "{provider} no tiene el modelo \u201C{model}\u201D. Elige otro modelo en Ajustes o inst\xE1lalo en el servidor.",
        "endpoint-not-found": "{provider} respondi\xF3 \xABno encontrado\xBB en {host}. Revisa la direcci\xF3n del servidor en Ajustes.",
        "rate-limited": "{provider} est\xE1 limitando cu\xE1ntas solicitudes se pueden enviar. Espera un momento y vuelve a intentarlo.",
        "rate-limited-wait": "{provider} est\xE1 limitando cu\xE1ntas solicitudes se pueden enviar. Espera {seconds} s y vuelve a intentarlo.",
        "context-too-long": "Esta conversaci\xF3n es m\xE1s larga de lo que el modelo puede leer de una vez. Empieza una conversaci\xF3n nueva o elige en Ajustes un modelo con una ventana de contexto mayor.",
        "content-filtered": "El filtro de contenido de {provider} bloque\xF3 esta petici\xF3n o su respuesta. Prueba a reformularla.",
        "server-error": "{provider} tuvo un problema de su lado. Int\xE9ntalo de nuevo en un momento.",
        overloaded: "{provider} est\xE1 sobrecargado ahora mismo. Int\xE9ntalo de nuevo en un momento.",
        "provider-timeout": "{provider} tard\xF3 demasiado en responder. Int\xE9ntalo de nuevo.",
        "bad-request": "{provider} rechaz\xF3 la petici\xF3n.",
        "length-limit": "La respuesta alcanz\xF3 el l\xEDmite de longitud.",
        "images-not-supported": "Este modelo no acepta im\xE1genes. Elige un modelo que pueda ver im\xE1genes o env\xEDa el mensaje sin ellas.",
        "tools-over-limit": "{provider} acepta como m\xE1ximo {max} herramientas por petici\xF3n, as\xED que Keel dej\xF3 fuera la herramienta {actions} esta vez. Desactiva en Ajustes las herramientas que no necesites para elegir cu\xE1les se env\xEDan.",
        "tools-not-accepted": "{provider} no acepta la herramienta {actions} (su nombre o su esquema de entrada no cumple lo que {provider} admite), as\xED que Keel la dej\xF3 fuera."
      }
    };
    PLURALS = {
      en: {
        "truncated-actions-not-run": "The answer was cut off; the actions {actions} were not run.",
        "not-executed-unconfirmed": "The provider didn't confirm the answer was finished, so the actions {actions} were not run.",
        "tools-over-limit": "{provider} takes at most {max} tools in one request, so Keel left out {count} tools this time: {actions}. Turn off tools you don\u2019t need in Settings to choose which are sent.",
        "tools-not-accepted": "{provider} cannot take the tools {actions} (their names or input schemas are outside what {provider} accepts), so Keel left them out."
      },
      "pt-BR": {
        "truncated-actions-not-run": "A resposta foi interrompida; as a\xE7\xF5es {actions} n\xE3o foram executadas.",
        "not-executed-unconfirmed": "O provedor n\xE3o confirmou que a resposta terminou, ent\xE3o as a\xE7\xF5es {actions} n\xE3o foram executadas.",
        "tools-over-limit": "{provider} aceita no m\xE1ximo {max} ferramentas por pedido, ent\xE3o o Keel deixou de fora {count} ferramentas desta vez: {actions}. Desative nas Configura\xE7\xF5es as ferramentas de que n\xE3o precisa para escolher quais s\xE3o enviadas.",
        "tools-not-accepted": "{provider} n\xE3o aceita as ferramentas {actions} (os nomes ou os esquemas de entrada delas est\xE3o fora do que {provider} aceita), ent\xE3o o Keel as deixou de fora."
      },
      es: {
        "truncated-actions-not-run": "La respuesta se cort\xF3; las acciones {actions} no se ejecutaron.",
        "not-executed-unconfirmed": "El proveedor no confirm\xF3 que la respuesta hubiera terminado, as\xED que las acciones {actions} no se ejecutaron.",
        "tools-over-limit": "{provider} acepta como m\xE1ximo {max} herramientas por petici\xF3n, as\xED que Keel dej\xF3 fuera {count} herramientas esta vez: {actions}. Desactiva en Ajustes las herramientas que no necesites para elegir cu\xE1les se env\xEDan.",
        "tools-not-accepted": "{provider} no acepta las herramientas {actions} (sus nombres o esquemas de entrada no cumplen lo que {provider} admite), as\xED que Keel las dej\xF3 fuera."
      }
    };
    LIST_JOIN = { en: " and ", "pt-BR": " e ", es: " y " };
    DETAIL = {
      en: " {provider} says: \u201C{detail}\u201D",
      "pt-BR": " Resposta de {provider}: \u201C{detail}\u201D",
      es: " Respuesta de {provider}: \u201C{detail}\u201D"
    };
    MAX_DETAIL_CHARS = 300;
  }
});

// src/main/db/sqlite-error.ts
import { statfsSync } from "node:fs";
import { dirname } from "node:path";
function sqliteCodeOf(error) {
  if (typeof error !== "object" || error === null) return void 0;
  const code = error.code;
  return typeof code === "string" && code.startsWith("SQLITE_") ? code : void 0;
}
function kindOfCode(code) {
  if (code === void 0) return "unknown";
  if (code === "SQLITE_NOTADB") return "not-a-database";
  if (code.startsWith("SQLITE_CORRUPT")) return "corrupt";
  if (code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_PERM") || code.startsWith("SQLITE_AUTH"))
    return "cannot-open";
  if (code.startsWith("SQLITE_READONLY")) return "read-only";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code === "SQLITE_FULL") return "full";
  if (code.startsWith("SQLITE_IOERR")) return "io";
  if (code.startsWith("SQLITE_CONSTRAINT")) return "constraint";
  return "unknown";
}
function toStorageError(error) {
  const sqliteCode = sqliteCodeOf(error);
  const kind = kindOfCode(sqliteCode);
  const detail = error instanceof Error ? error.message : String(error);
  return {
    kind,
    message: `${MESSAGES2[kind]} (${detail})`,
    retryable: kind === "busy" || kind === "io",
    sqliteCode
  };
}
function storageError(kind, detail, extra = {}) {
  return { kind, message: `${MESSAGES2[kind]} ${detail}`.trim(), retryable: false, sqliteCode: void 0, ...extra };
}
function isSqliteError(error) {
  return sqliteCodeOf(error) !== void 0;
}
function isDiskFull(folder) {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize < FULL_DISK_MARGIN_BYTES || stats.files > 0 && stats.ffree === 0;
  } catch {
    return false;
  }
}
function refineFullDisk(error, folder) {
  if (error.kind !== "io" || !isDiskFull(folder)) return error;
  const detail = error.message.startsWith(MESSAGES2.io) ? error.message.slice(MESSAGES2.io.length) : ` (${error.message})`;
  return { ...error, kind: "full", message: `${MESSAGES2.full}${detail}`, retryable: false };
}
function storageErrorOf(db, error) {
  const converted = toStorageError(error);
  const file = db.name;
  return file === "" || file === ":memory:" ? converted : refineFullDisk(converted, dirname(file));
}
var MESSAGES2, FULL_DISK_MARGIN_BYTES;
var init_sqlite_error = __esm({
  "src/main/db/sqlite-error.ts"() {
    "use strict";
    MESSAGES2 = {
      "not-a-database": "The file is not an SQLite database.",
      "not-a-keel-database": "The file is an SQLite database of another application.",
      "newer-schema": "The database was written by a newer version of Keel.",
      corrupt: "The database file is damaged.",
      "cannot-open": "The database file cannot be opened.",
      "read-only": "The database is read-only.",
      busy: "The database is busy (another process holds it).",
      full: "The disk is full.",
      io: "The operating system reported a disk error.",
      constraint: "A write broke a database constraint.",
      "pragma-mismatch": "A required database setting did not take effect.",
      "migration-failed": "Updating the database to this version of Keel failed.",
      unknown: "The database reported an unexpected error."
    };
    FULL_DISK_MARGIN_BYTES = 1024 * 1024;
  }
});

// src/main/harness/turn-storage-error.ts
function storing(write2) {
  try {
    return write2();
  } catch (error) {
    if (isSqliteError(error)) throw new TurnStorageError(toStorageError(error));
    throw error;
  }
}
var TurnStorageError;
var init_turn_storage_error = __esm({
  "src/main/harness/turn-storage-error.ts"() {
    "use strict";
    init_sqlite_error();
    TurnStorageError = class extends Error {
      constructor(storage) {
        super(storage.message);
        this.storage = storage;
      }
      storage;
      name = "TurnStorageError";
    };
  }
});

// src/main/app/app-result.ts
function ok(value) {
  return { ok: true, value };
}
function fail(kind, message, extra = {}) {
  const owner = kind === "validation" || kind === "not-found" || kind === "busy" ? "user" : kind === "provider" ? "provider" : "system";
  return { ok: false, error: { kind, message, owner, retryable: kind === "busy", ...extra } };
}
function notFound(what) {
  const { message, code } = NOT_FOUND[what];
  return fail("not-found", message, { detail: { code } });
}
var NOT_FOUND;
var init_app_result = __esm({
  "src/main/app/app-result.ts"() {
    "use strict";
    init_sqlite_error();
    init_turn_storage_error();
    NOT_FOUND = {
      conversation: { message: "This conversation does not exist (any more).", code: "conversation-not-found" },
      message: { message: "This message does not exist (any more).", code: "message-not-found" },
      file: { message: "This file does not exist (any more).", code: "file-not-found" },
      measurement: { message: "This measurement does not exist (any more).", code: "measurement-not-found" },
      "mcp-server": { message: "There is no MCP server with this id (any more).", code: "mcp-server-not-found" }
    };
  }
});

// src/shared/appearance-choices.ts
var THEMES, LANGUAGE_CHOICES;
var init_appearance_choices = __esm({
  "src/shared/appearance-choices.ts"() {
    "use strict";
    init_locale();
    THEMES = ["system", "light", "dark"];
    LANGUAGE_CHOICES = ["system", ...LOCALES];
  }
});

// src/shared/mcp.ts
function mcpProviderToolName(serverId, toolName, hash) {
  const safe = (text3) => text3.replace(/[^A-Za-z0-9_-]/g, "_");
  const full = `mcp__${safe(serverId)}__${safe(toolName)}`;
  if (full.length <= 64) return full;
  const suffix = hash(`${serverId}\0${toolName}`).slice(0, 8);
  return `${full.slice(0, 64 - suffix.length - 1)}_${suffix}`;
}
function mcpServerId(name) {
  const id2 = name.toLowerCase().replace(/[^a-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 40);
  return id2 || "server";
}
var MCP_DEFAULT_TIMEOUT_MS, MCP_DEFAULT_START_TIMEOUT_MS, MCP_MAX_TIMEOUT_MS;
var init_mcp = __esm({
  "src/shared/mcp.ts"() {
    "use strict";
    MCP_DEFAULT_TIMEOUT_MS = 6e4;
    MCP_DEFAULT_START_TIMEOUT_MS = 3e4;
    MCP_MAX_TIMEOUT_MS = 10 * 6e4;
  }
});

// src/shared/mcp-server-schema.ts
import { z as z4 } from "zod";
var MCP_SERVER_ID_PATTERN, MCP_NAME_MAX, MCP_KEY_MAX, MCP_TEXT_MAX, MCP_VALUE_MAX, MCP_ARGS_MAX, MCP_MIN_TIMEOUT_MS, MCP_ENV_KEY_PATTERN, MCP_HEADER_NAME_PATTERN, mcpStoredValueSchema, text, notProto, mcpServerConfigSchema, mcpServerListSchema;
var init_mcp_server_schema = __esm({
  "src/shared/mcp-server-schema.ts"() {
    "use strict";
    init_mcp();
    MCP_SERVER_ID_PATTERN = /^[a-z0-9_-]{1,40}$/;
    MCP_NAME_MAX = 100;
    MCP_KEY_MAX = 200;
    MCP_TEXT_MAX = 4096;
    MCP_VALUE_MAX = 32768;
    MCP_ARGS_MAX = 200;
    MCP_MIN_TIMEOUT_MS = 1e3;
    MCP_ENV_KEY_PATTERN = /^[^=\u0000\s][^=\u0000]*$/;
    MCP_HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
    mcpStoredValueSchema = z4.strictObject({
      secret: z4.literal(true),
      set: z4.boolean(),
      // Only `${…}` tokens (space-separated) fit here: a value can never ride along as a "placeholder".
      placeholder: z4.string().max(MCP_VALUE_MAX).regex(/^\$\{(?:[^}]*\})?(?: \$\{(?:[^}]*\})?)*$/).optional()
    });
    text = z4.string().max(MCP_TEXT_MAX);
    notProto = (key) => key !== "__proto__";
    mcpServerConfigSchema = z4.strictObject({
      id: z4.string().regex(MCP_SERVER_ID_PATTERN),
      name: z4.string().trim().min(1).max(MCP_NAME_MAX),
      transport: z4.enum(["stdio", "http", "sse"]),
      command: z4.string().trim().min(1).max(MCP_TEXT_MAX).optional(),
      args: z4.array(text).max(MCP_ARGS_MAX).optional(),
      cwd: text.optional(),
      env: z4.record(z4.string().min(1).max(MCP_KEY_MAX).regex(MCP_ENV_KEY_PATTERN).refine(notProto), mcpStoredValueSchema).optional(),
      url: z4.url({ protocol: /^https?$/ }).max(MCP_TEXT_MAX).optional(),
      headers: z4.record(z4.string().min(1).max(MCP_KEY_MAX).regex(MCP_HEADER_NAME_PATTERN).refine(notProto), mcpStoredValueSchema).optional(),
      disabled: z4.boolean().optional(),
      timeoutMs: z4.number().int().min(MCP_MIN_TIMEOUT_MS).max(MCP_MAX_TIMEOUT_MS).optional(),
      trustReadOnlyHints: z4.boolean().optional(),
      disabledTools: z4.array(z4.string().min(1).max(256)).max(1e4).optional(),
      extra: z4.record(z4.string(), z4.json()).optional(),
      consentedFingerprint: z4.string().regex(/^[0-9a-f]{64}$/).optional()
    }).superRefine((server, context) => {
      if (server.transport === "stdio") {
        if (server.command === void 0)
          context.addIssue({ code: "custom", path: ["command"], message: "A stdio server needs a command." });
        if (server.url !== void 0 || server.headers !== void 0)
          context.addIssue({ code: "custom", path: ["url"], message: "A stdio server has no url or headers." });
      } else {
        if (server.url === void 0)
          context.addIssue({ code: "custom", path: ["url"], message: `An ${server.transport} server needs a url.` });
        if (server.command !== void 0 || server.args !== void 0 || server.cwd !== void 0 || server.env !== void 0) {
          context.addIssue({
            code: "custom",
            path: ["command"],
            message: `An ${server.transport} server has no command, args, cwd or env.`
          });
        }
      }
    });
    mcpServerListSchema = z4.array(mcpServerConfigSchema).max(500).superRefine((servers, context) => {
      const ids = /* @__PURE__ */ new Set();
      const names = /* @__PURE__ */ new Set();
      servers.forEach((server, index) => {
        if (ids.has(server.id))
          context.addIssue({
            code: "custom",
            path: [index, "id"],
            message: `The server id '${server.id}' is used twice.`
          });
        if (names.has(server.name))
          context.addIssue({
            code: "custom",
            path: [index, "name"],
            message: `The server name '${server.name}' is used twice.`
          });
        ids.add(server.id);
        names.add(server.name);
      });
    });
  }
});

// src/shared/pricing.ts
function isPricePerMillion(value) {
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE_PER_MILLION;
}
var MAX_PRICE_PER_MILLION;
var init_pricing = __esm({
  "src/shared/pricing.ts"() {
    "use strict";
    MAX_PRICE_PER_MILLION = 1e5;
  }
});

// src/shared/settings.ts
import { z as z5 } from "zod";
function isSettingKey(key) {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}
var TOOL_PERMISSIONS, pricePerMillion, modelPriceSchema, providerProfileIdSchema, providerSettingsSchema, SETTING_DEFINITIONS, SETTING_KEYS;
var init_settings = __esm({
  "src/shared/settings.ts"() {
    "use strict";
    init_appearance_choices();
    init_locale();
    init_mcp_server_schema();
    init_pricing();
    init_provider_profiles();
    init_conversation_settings();
    init_appearance_choices();
    TOOL_PERMISSIONS = ["ask", "always-allow"];
    pricePerMillion = z5.number().refine(isPricePerMillion, { error: `A price is a number of dollars from 0 to ${MAX_PRICE_PER_MILLION}.` });
    modelPriceSchema = z5.strictObject({
      inputPerMillion: pricePerMillion,
      outputPerMillion: pricePerMillion,
      cachedInputPerMillion: pricePerMillion.optional()
    });
    providerProfileIdSchema = z5.string().refine(isProfileIdSyntax, { error: "A provider id is 1\u201340 lower-case letters, digits or dashes." });
    providerSettingsSchema = z5.strictObject({
      baseUrl: z5.url({ protocol: /^https?$/ }).optional(),
      model: z5.string().trim().min(1).optional(),
      name: z5.string().trim().min(1).max(80).optional(),
      preset: z5.enum(PRESET_IDS).optional(),
      keyRequired: z5.boolean().optional(),
      models: z5.array(z5.string().trim().min(1).max(200)).max(2e3).optional()
    });
    SETTING_DEFINITIONS = {
      /** `system` until the user picks a language: the window follows the OS/browser language, the core the turn's. */
      language: { schema: z5.enum(LANGUAGE_CHOICES), defaultValue: "system" },
      theme: { schema: z5.enum(THEMES), defaultValue: "system" },
      /** Tool rounds allowed in one turn before it ends with a clear message. */
      maxToolRounds: { schema: z5.number().int().min(1).max(50), defaultValue: 8 },
      /** How long one turn may take in all (rounds, retries and waits); past it the answer is stopped with a clear message. */
      turnTimeoutSeconds: { schema: z5.number().int().min(10).max(86400), defaultValue: 900 },
      toolPermissions: { schema: z5.record(z5.string().min(1), z5.enum(TOOL_PERMISSIONS)), defaultValue: {} },
      /** The default provider profile (a wire id in settings saved before profiles: still valid). */
      activeProvider: { schema: providerProfileIdSchema.nullable(), defaultValue: null },
      /** Provider profiles by id, in the order they were added. */
      providers: { schema: z5.record(providerProfileIdSchema, providerSettingsSchema), defaultValue: {} },
      /** Prices the user entered, per provider profile and model name (USD per million tokens); none by default. */
      modelPrices: {
        schema: z5.record(providerProfileIdSchema, z5.record(z5.string().min(1).max(200), modelPriceSchema)),
        defaultValue: {}
      },
      /** MCP servers (no secret values: every env value and header is in the key vault; see mcp-server-schema.ts). */
      mcpServers: { schema: mcpServerListSchema, defaultValue: [] },
      /** What a new conversation starts with: a provider and model, a system prompt (unset: the default provider's model, none). */
      conversationDefaults: { schema: conversationDefaultsSchema, defaultValue: {} }
    };
    SETTING_KEYS = Object.keys(SETTING_DEFINITIONS);
  }
});

// src/main/settings/read-settings.ts
function readSettings(store) {
  const all = store.settings.getAll();
  const corrupt2 = [];
  const pick2 = (key, read, fallback) => {
    if (read.ok) return read.value;
    corrupt2.push(key);
    return fallback;
  };
  const values2 = Object.fromEntries(
    SETTING_KEYS.map((key) => [
      key,
      pick2(key, all[key], SETTING_DEFINITIONS[key].defaultValue)
    ])
  );
  return { values: values2, corrupt: corrupt2 };
}
var init_read_settings = __esm({
  "src/main/settings/read-settings.ts"() {
    "use strict";
    init_settings();
  }
});

// src/shared/time-zone.ts
function canonicalTimeZone(name) {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > 100) return void 0;
  let resolved;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return void 0;
  }
  const lower = trimmed.toLowerCase();
  if (resolved.toLowerCase() === lower) return resolved;
  return listedZones().get(lower) ?? trimmed;
}
function listedZones() {
  listed ??= new Map(Intl.supportedValuesOf("timeZone").map((zone) => [zone.toLowerCase(), zone]));
  return listed;
}
function offsetFormat(timeZone) {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  return format;
}
function utcOffsetMs(epochMs, timeZone) {
  const part = offsetFormat(timeZone).formatToParts(epochMs).find((p) => p.type === "timeZoneName")?.value;
  const match = part === void 0 ? null : LONG_OFFSET.exec(part);
  if (!match) throw new RangeError(`unexpected offset '${part ?? ""}' for ${timeZone}`);
  const [, sign, hours, minutes, seconds4] = match;
  if (sign === void 0) return 0;
  const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds4 ?? 0)) * 1e3;
  return sign === "+" ? ms : -ms;
}
function utcOffsetMinutes(epochMs, timeZone) {
  return Math.ceil(utcOffsetMs(epochMs, timeZone) / MINUTE_MS) + 0;
}
function localMidnight(day, timeZone) {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const before = utcOffsetMs(wall - DAY_MS, timeZone);
  const after = utcOffsetMs(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  for (const instant of candidates) if (instant - wall === -utcOffsetMs(instant, timeZone)) return instant;
  return wall - before;
}
function localDayText(epochMs, offsetMinutes) {
  const wall = epochMs + offsetMinutes * MINUTE_MS;
  if (!Number.isSafeInteger(wall) || Math.abs(wall) > 864e13) return null;
  return new Date(wall).toISOString().split("T")[0] ?? null;
}
function isoWithOffset(epochMs, offsetMinutes) {
  const wall = epochMs + offsetMinutes * MINUTE_MS;
  if (!Number.isSafeInteger(wall) || Math.abs(wall) > 864e13) return null;
  const text3 = new Date(wall).toISOString().replace(/\.000Z$/, "Z");
  return `${text3.slice(0, -1)}${offsetText(offsetMinutes, "-")}`;
}
function offsetText(offsetMinutes, minus = "-") {
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${offsetMinutes < 0 ? minus : "+"}${hh}:${mm}`;
}
function localDayAt(epochMs, timeZone) {
  const wall = new Date(epochMs + utcOffsetMs(epochMs, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay()
  };
}
function nextDay(day) {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day) + DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}
var MINUTE_MS, DAY_MS, listed, offsetFormats, LONG_OFFSET;
var init_time_zone = __esm({
  "src/shared/time-zone.ts"() {
    "use strict";
    MINUTE_MS = 6e4;
    DAY_MS = 864e5;
    offsetFormats = /* @__PURE__ */ new Map();
    LONG_OFFSET = /^GMT(?:([+\-\u2212])(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
  }
});

// src/main/tools/tool-result-for-model.ts
function toolResultForModel(outcome) {
  switch (outcome.status) {
    case "succeeded":
      if (outcome.repeated) {
        return {
          isError: false,
          content: {
            alreadyDone: true,
            note: `This exact action was already carried out at ${outcome.firstRecordedAt}; it was not applied again. This is its original result.`,
            result: outcome.output
          }
        };
      }
      return { isError: false, content: outcome.output };
    case "invalid-arguments":
      return {
        isError: true,
        content: {
          error: outcome.message,
          issues: outcome.issues.map((issue) => ({ path: issue.path, message: issue.message }))
        }
      };
    case "unknown-tool":
      return { isError: true, content: { error: outcome.message } };
    case "failed":
      return {
        isError: true,
        content: {
          error: outcome.error.message,
          kind: outcome.error.kind,
          ...outcome.repeated ? { note: `This action already failed at ${outcome.firstRecordedAt}; it was not run again.` } : {}
        }
      };
    case "unknown":
      return { isError: true, content: { error: outcome.message, firstRecordedAt: outcome.firstRecordedAt } };
    case "denied":
      return {
        isError: true,
        content: { error: "The user declined this action. Do not retry it unless they ask.", kind: "denied" }
      };
    case "cancelled":
      return {
        isError: true,
        content: { error: "The user stopped the turn before this action started.", kind: "cancelled" }
      };
  }
}
function toolResultMessage(outcome) {
  const forModel = toolResultForModel(outcome);
  const images = [];
  const left = [];
  let imageChars = 0;
  if (outcome.status === "succeeded") {
    for (const part of ("parts" in outcome ? outcome.parts : void 0) ?? []) {
      if (part.type !== "image" || part.audience === "user") continue;
      const fits = MODEL_IMAGE_TYPES.has(part.mimeType) && images.length < MAX_RESULT_IMAGES && imageChars + part.data.length <= MAX_RESULT_IMAGE_CHARS;
      if (fits) {
        images.push({ mimeType: part.mimeType, data: part.data });
        imageChars += part.data.length;
      } else
        left.push(
          `[image ${part.mimeType}, ${Math.round(part.data.length * 3 / 4 / 1024)} KB, shown to the user, not sent]`
        );
    }
  }
  const content = left.length > 0 && typeof forModel.content === "object" && forModel.content !== null && !Array.isArray(forModel.content) ? { ...forModel.content, imagesNotSent: left } : left.length > 0 ? { result: forModel.content, imagesNotSent: left } : forModel.content;
  const text3 = typeof content === "string" ? capTextForModel(content, MAX_RESULT_BYTES_FOR_MODEL - 2) : capped(JSON.stringify(content));
  return { content: text3, isError: forModel.isError, ...images.length > 0 ? { images } : {} };
}
function capped(json) {
  if (Buffer.byteLength(json) <= MAX_RESULT_BYTES_FOR_MODEL) return json;
  return JSON.stringify({
    truncated: true,
    note: CUT_NOTE,
    text: capTextForModel(json, MAX_RESULT_BYTES_FOR_MODEL - CUT_WRAPPER_BYTES)
  });
}
function capTextForModel(text3, maxBytes) {
  if (jsonBytes(text3) <= maxBytes) return text3;
  const total = Buffer.byteLength(text3);
  const cut2 = (keep) => {
    let headEnd = keep;
    if (isHighSurrogate(text3.charCodeAt(headEnd - 1))) headEnd--;
    let tailStart = text3.length - keep;
    if (isLowSurrogate(text3.charCodeAt(tailStart))) tailStart++;
    const head = text3.slice(0, headEnd);
    const tail = text3.slice(tailStart);
    const omitted = total - Buffer.byteLength(head) - Buffer.byteLength(tail);
    return `${head}
[truncated ${omitted} of ${total} bytes: the middle was cut; the user can see all of it]
${tail}`;
  };
  let low = 0;
  let high = Math.min(Math.floor(text3.length / 2), Math.floor(maxBytes / 2));
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (jsonBytes(cut2(middle)) <= maxBytes) low = middle;
    else high = middle - 1;
  }
  return cut2(low);
}
function jsonBytes(text3) {
  return Buffer.byteLength(JSON.stringify(text3));
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}
var MAX_RESULT_BYTES_FOR_MODEL, MAX_RESULT_IMAGES, MAX_RESULT_IMAGE_CHARS, MODEL_IMAGE_TYPES, CUT_NOTE, CUT_WRAPPER_BYTES;
var init_tool_result_for_model = __esm({
  "src/main/tools/tool-result-for-model.ts"() {
    "use strict";
    MAX_RESULT_BYTES_FOR_MODEL = 64 * 1024;
    MAX_RESULT_IMAGES = 4;
    MAX_RESULT_IMAGE_CHARS = 4 * 1024 * 1024;
    MODEL_IMAGE_TYPES = /* @__PURE__ */ new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    CUT_NOTE = "The result was too long: only its first and last parts are here (the marker in the text says how much was cut). The user can see all of it.";
    CUT_WRAPPER_BYTES = Buffer.byteLength(JSON.stringify({ truncated: true, note: CUT_NOTE, text: "" })) - 2;
  }
});

// src/main/data-dir.ts
import { homedir } from "node:os";
import { join } from "node:path";
function defaultDatabasePath(env = process.env, platform = process.platform) {
  if (env.KEEL_DB) return env.KEEL_DB;
  const home = homedir();
  const base = platform === "darwin" ? join(home, "Library", "Application Support") : platform === "win32" ? env.APPDATA ?? join(home, "AppData", "Roaming") : env.XDG_CONFIG_HOME ?? join(home, ".config");
  return join(base, "Keel", "keel.db");
}
var init_data_dir = __esm({
  "src/main/data-dir.ts"() {
    "use strict";
  }
});

// src/main/tools/tool.ts
var ToolOutcomeUnknown, BUILTIN_SOURCE;
var init_tool = __esm({
  "src/main/tools/tool.ts"() {
    "use strict";
    ToolOutcomeUnknown = class extends Error {
      constructor(reason) {
        super(reason);
        this.reason = reason;
      }
      reason;
      name = "ToolOutcomeUnknown";
    };
    BUILTIN_SOURCE = "keel";
  }
});

// src/shared/measurement.ts
function normalizeUnit(spelling) {
  return UNIT_ALIASES[spelling.trim().toLowerCase()];
}
function isUnitValidForKind(kind, unit) {
  return MEASUREMENT_KIND_INFO[kind].units.includes(unit);
}
function measurementValueProblem(kind, value, unit) {
  if (!isUnitValidForKind(kind, unit)) return "unit-not-for-kind";
  const info = MEASUREMENT_KIND_INFO[kind];
  const canonical = toCanonicalValue(value, unit);
  return canonical >= info.min && canonical <= info.max ? void 0 : "value-out-of-range";
}
function toCanonicalValue(value, unit) {
  return value * FACTOR_TO_CANONICAL[unit];
}
function fromCanonicalValue(canonicalValue, unit) {
  return canonicalValue / FACTOR_TO_CANONICAL[unit];
}
function describePlausibleRange(kind, unit) {
  const info = MEASUREMENT_KIND_INFO[kind];
  const canonical = `${formatNumber(info.min)}\u2013${formatNumber(info.max)} ${info.canonicalUnit}`;
  if (unit === info.canonicalUnit) return canonical;
  const low = formatNumber(fromCanonicalValue(info.min, unit));
  const high = formatNumber(fromCanonicalValue(info.max, unit));
  return `${canonical} (${low}\u2013${high} ${unit})`;
}
function formatNumber(value) {
  return String(Math.round(value * 10) / 10);
}
function measurementTimeProblem(epochMs, now) {
  if (!isRepresentableTime(epochMs)) return "not-a-time";
  if (epochMs < EARLIEST_MEASUREMENT_MS) return "too-early";
  if (epochMs > now + FUTURE_TOLERANCE_MS) return "in-the-future";
  return void 0;
}
function isRepresentableTime(epochMs) {
  return Number.isSafeInteger(epochMs) && Math.abs(epochMs) <= 864e13;
}
function isoStringOrNull(epochMs) {
  return isRepresentableTime(epochMs) ? new Date(epochMs).toISOString() : null;
}
function takenAtText(m) {
  if (m.takenAtOffsetMin === void 0) {
    const iso = isoStringOrNull(m.takenAt);
    return m.takenAtPrecision === "day" ? iso?.slice(0, 10) ?? null : iso;
  }
  return m.takenAtPrecision === "day" ? localDayText(m.takenAt, m.takenAtOffsetMin) : isoWithOffset(m.takenAt, m.takenAtOffsetMin);
}
var MEASUREMENT_KINDS, MEASUREMENT_KIND_INFO, FACTOR_TO_CANONICAL, UNIT_ALIASES, DAY_MS2, EARLIEST_MEASUREMENT_MS, FUTURE_TOLERANCE_MS, LATEST_MEASUREMENT_BOUND_MS;
var init_measurement = __esm({
  "src/shared/measurement.ts"() {
    "use strict";
    init_time_zone();
    MEASUREMENT_KINDS = ["height", "weight", "body-fat", "waist", "resting-heart-rate"];
    MEASUREMENT_KIND_INFO = {
      height: { label: "height", canonicalUnit: "cm", units: ["cm", "m", "in", "ft"], min: 40, max: 250 },
      weight: { label: "weight", canonicalUnit: "kg", units: ["kg", "lb"], min: 2, max: 500 },
      "body-fat": { label: "body fat", canonicalUnit: "%", units: ["%"], min: 2, max: 70 },
      waist: { label: "waist", canonicalUnit: "cm", units: ["cm", "in"], min: 30, max: 250 },
      "resting-heart-rate": { label: "resting heart rate", canonicalUnit: "bpm", units: ["bpm"], min: 25, max: 200 }
    };
    FACTOR_TO_CANONICAL = {
      cm: 1,
      m: 100,
      in: 2.54,
      ft: 30.48,
      kg: 1,
      lb: 0.45359237,
      "%": 1,
      bpm: 1
    };
    UNIT_ALIASES = {
      cm: "cm",
      centimeter: "cm",
      centimeters: "cm",
      centimetre: "cm",
      centimetres: "cm",
      m: "m",
      meter: "m",
      meters: "m",
      metre: "m",
      metres: "m",
      in: "in",
      inch: "in",
      inches: "in",
      ft: "ft",
      foot: "ft",
      feet: "ft",
      kg: "kg",
      kgs: "kg",
      kilogram: "kg",
      kilograms: "kg",
      lb: "lb",
      lbs: "lb",
      pound: "lb",
      pounds: "lb",
      "%": "%",
      percent: "%",
      bpm: "bpm",
      "beats per minute": "bpm"
    };
    DAY_MS2 = 864e5;
    EARLIEST_MEASUREMENT_MS = Date.UTC(1900, 0, 1);
    FUTURE_TOLERANCE_MS = DAY_MS2;
    LATEST_MEASUREMENT_BOUND_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
  }
});

// src/main/db/clock.ts
function toIsoString(epochMs) {
  return isoStringOrNull(epochMs) ?? `invalid date (${epochMs})`;
}
var systemClock;
var init_clock = __esm({
  "src/main/db/clock.ts"() {
    "use strict";
    init_measurement();
    systemClock = () => Date.now();
  }
});

// src/main/ledger/canonical-json.ts
function canonicalJson(value) {
  return write(value, "$");
}
function write(value, path) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which is not JSON`);
      return JSON.stringify(value === 0 ? 0 : value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value.map((item, index) => {
          if (item === void 0) throw new TypeError(`canonicalJson: ${path}[${index}] is undefined`);
          return write(item, `${path}[${index}]`);
        }).join(",")}]`;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new TypeError(`canonicalJson: ${path} is not a plain object`);
      }
      const record = value;
      const keys = Object.keys(record).filter((key) => record[key] !== void 0).sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${write(record[key], `${path}.${key}`)}`).join(",")}}`;
    }
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which is not JSON`);
  }
}
var init_canonical_json = __esm({
  "src/main/ledger/canonical-json.ts"() {
    "use strict";
  }
});

// src/main/tools/argument-issues.ts
function toArgumentIssues(error, allowedKeys) {
  const issues = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        issues.push({
          path: path ? `${path}.${key}` : key,
          message: `unexpected argument '${key}'; this tool accepts only: ${allowedKeys.join(", ")}`,
          reason: { kind: "unexpected" }
        });
      }
      continue;
    }
    if ((issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === void 0 && path) {
      const expected = issue.code === "invalid_type" ? issue.expected : issue.values.map((v) => JSON.stringify(v)).join(" | ");
      issues.push({ path, message: `missing required argument '${path}' (${expected})`, reason: { kind: "missing" } });
      continue;
    }
    if (issue.code === "invalid_type") {
      issues.push({
        path,
        message: `${path || "arguments"}: expected ${issue.expected}, got ${describeType(issue.input)}`,
        reason: { kind: "wrong-type", expected: issue.expected === "int" ? "integer" : issue.expected }
      });
      continue;
    }
    issues.push({
      path,
      message: path && !issue.message.includes(path) && issue.code !== "custom" ? `${path}: ${issue.message}` : issue.message,
      reason: reasonOf(issue)
    });
  }
  return issues;
}
function reasonOf(issue) {
  switch (issue.code) {
    case "invalid_value":
      return { kind: "allowed-values", values: issue.values.map((v) => String(v)) };
    case "too_big":
    case "too_small": {
      const limit = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
      if (issue.origin === "string" || issue.origin === "array" || issue.origin === "set") {
        return {
          kind: issue.code === "too_big" ? "too-long" : "too-short",
          limit,
          unit: issue.origin === "string" ? "characters" : "items"
        };
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.code === "too_big" ? { kind: "range", maximum: limit } : { kind: "range", minimum: limit };
      return { kind: "other" };
    }
    case "custom":
      return isReason(issue.params?.reason) ? issue.params.reason : { kind: "other" };
    default:
      return { kind: "other" };
  }
}
function isReason(value) {
  return typeof value === "object" && value !== null && REASON_KINDS.has(String(value.kind));
}
function summarizeIssues(toolName, issues) {
  return `Invalid arguments for ${toolName}: ${issues.map((issue) => issue.message).join("; ")}. Nothing was done; correct the arguments and call ${toolName} again, or ask the user for what is missing.`;
}
function describeType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}\u2026` : value)})`;
  return typeof value;
}
var REASON_KINDS;
var init_argument_issues = __esm({
  "src/main/tools/argument-issues.ts"() {
    "use strict";
    REASON_KINDS = /* @__PURE__ */ new Set([
      "allowed-values",
      "missing",
      "unexpected",
      "wrong-type",
      "range",
      "too-long",
      "too-short",
      "other"
    ]);
  }
});

// src/main/ledger/tool-ledger.ts
function toEntry(row) {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    conversationId: row.conversation_id,
    turnId: row.turn_id,
    toolName: row.tool_name,
    arguments: JSON.parse(row.arguments_json),
    state: row.state,
    output: row.output_json === null ? void 0 : JSON.parse(row.output_json),
    error: row.error_json === null ? void 0 : JSON.parse(row.error_json),
    callIds: JSON.parse(row.call_ids_json),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  };
}
var SELECT_ENTRY, ToolLedger;
var init_tool_ledger = __esm({
  "src/main/ledger/tool-ledger.ts"() {
    "use strict";
    SELECT_ENTRY = `
  SELECT l.*, (
    SELECT coalesce(json_group_array(call_id), '[]')
    FROM (SELECT call_id FROM tool_ledger_calls c WHERE c.ledger_id = l.id ORDER BY c.referenced_at, c.rowid)
  ) AS call_ids_json
  FROM tool_ledger l`;
    ToolLedger = class {
      constructor(db) {
        this.db = db;
        this.selectByKey = db.prepare(`${SELECT_ENTRY} WHERE l.idempotency_key = ?`);
        this.selectById = db.prepare(`${SELECT_ENTRY} WHERE l.id = ?`);
        this.insertStatement = db.prepare(
          `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'unknown', ?, ?)`
        );
        this.succeedStatement = db.prepare(
          `UPDATE tool_ledger SET state = 'succeeded', output_json = ?, updated_at = ? WHERE id = ? AND state = 'unknown'`
        );
        this.failStatement = db.prepare(
          `UPDATE tool_ledger SET state = 'failed', error_json = ?, updated_at = ? WHERE id = ? AND state = 'unknown'`
        );
        this.addCallStatement = db.prepare(
          `INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`
        );
        this.selectByConversation = db.prepare(`${SELECT_ENTRY} WHERE l.conversation_id = ? ORDER BY l.id`);
        this.selectAll = db.prepare(`${SELECT_ENTRY} ORDER BY l.id`);
        this.countUnknownStatement = db.prepare(`SELECT count(*) AS n FROM tool_ledger WHERE state = 'unknown'`);
        this.selectUnknown = db.prepare(`${SELECT_ENTRY} WHERE l.state = 'unknown' ORDER BY l.id`);
        this.turnStatement = db.prepare("SELECT 1 AS one FROM turns WHERE id = ? AND conversation_id = ?");
      }
      db;
      selectByKey;
      selectById;
      insertStatement;
      succeedStatement;
      failStatement;
      addCallStatement;
      selectByConversation;
      selectAll;
      countUnknownStatement;
      selectUnknown;
      turnStatement;
      /** Whether the turn is stored and belongs to the conversation (a ledger entry must point at both). */
      turnBelongsTo(turnId, conversationId) {
        return this.turnStatement.get(turnId, conversationId) !== void 0;
      }
      findByKey(idempotencyKey) {
        const row = this.selectByKey.get(idempotencyKey);
        return row ? toEntry(row) : void 0;
      }
      findById(id2) {
        const row = this.selectById.get(id2);
        return row ? toEntry(row) : void 0;
      }
      /** Inserts the action in state `unknown` ("started, outcome not recorded") and returns its id. */
      insertClaim(claim) {
        const result = this.insertStatement.run(
          claim.idempotencyKey,
          claim.conversationId,
          claim.turnId,
          claim.toolName,
          claim.argumentsJson,
          claim.now,
          claim.now
        );
        return Number(result.lastInsertRowid);
      }
      /** `unknown` → `succeeded`. Returns false when the entry was not `unknown` (already resolved). */
      markSucceeded(id2, outputJson, now) {
        return this.succeedStatement.run(outputJson, now, id2).changes === 1;
      }
      /** `unknown` → `failed`. Returns false when the entry was not `unknown` (already resolved). */
      markFailed(id2, failure, now) {
        return this.failStatement.run(JSON.stringify(failure), now, id2).changes === 1;
      }
      /**
       * Forgets a claim whose action certainly never started (the request never left Keel: the server
       * was not connected), so the same action may be tried again. Only a claim still `unknown`.
       */
      releaseClaim(id2) {
        return this.db.prepare(`DELETE FROM tool_ledger WHERE id = ? AND state = 'unknown'`).run(id2).changes === 1;
      }
      /** Remembers that `callId` referred to this action (idempotent). */
      addCall(id2, callId, now) {
        this.addCallStatement.run(id2, callId, now);
      }
      /** Every entry, or a conversation's, oldest first (for the export and the diagnostics view). */
      list(options = {}) {
        const rows = options.conversationId === void 0 ? this.selectAll.all() : this.selectByConversation.all(options.conversationId);
        return rows.map(toEntry);
      }
      /** Actions whose outcome was never recorded, oldest first: for the user to check (never re-run). */
      listUnknown() {
        return this.selectUnknown.all().map(toEntry);
      }
      /** Actions whose outcome was never recorded: to be surfaced to the user, never re-run. */
      countUnknown() {
        return this.countUnknownStatement.get()?.n ?? 0;
      }
    };
  }
});

// src/main/db/search-query.ts
function toFtsQuery(input) {
  const terms = [];
  let rest = input;
  while (rest.length > 0) {
    const quote = rest.indexOf('"');
    const before = quote === -1 ? rest : rest.slice(0, quote);
    for (const word of before.split(/\s+/)) addTerm(terms, word, false);
    if (quote === -1) break;
    const close = rest.indexOf('"', quote + 1);
    const phrase = close === -1 ? rest.slice(quote + 1) : rest.slice(quote + 1, close);
    addTerm(terms, phrase, true);
    rest = close === -1 ? "" : rest.slice(close + 1);
  }
  return terms.length > 0 ? terms.join(" ") : void 0;
}
function addTerm(terms, raw, phrase) {
  let text3 = raw.trim();
  let prefix = false;
  if (!phrase && text3.endsWith("*")) {
    text3 = text3.replace(/\*+$/, "");
    prefix = true;
  }
  if (!WORD_CHARACTER.test(text3)) return;
  terms.push(`"${text3.replaceAll('"', '""')}"${prefix ? "*" : ""}`);
}
var WORD_CHARACTER;
var init_search_query = __esm({
  "src/main/db/search-query.ts"() {
    "use strict";
    WORD_CHARACTER = /[\p{L}\p{N}]/u;
  }
});

// src/main/db/conversation-search.ts
function toResult(row) {
  const segments = toSegments(row.marked);
  const base = { conversationId: row.conversation_id, title: row.title, updatedAt: row.updated_at, segments };
  if (row.kind === 0 || row.message_id === null) return { kind: "title", ...base };
  return { kind: "message", ...base, messageId: row.message_id, role: row.role === "user" ? "user" : "assistant" };
}
function toSegments(marked) {
  const segments = [];
  let match = false;
  let text3 = "";
  for (const char of marked) {
    if (char === OPEN || char === CLOSE) {
      if (text3.length > 0) segments.push({ text: text3, match });
      text3 = "";
      match = char === OPEN;
    } else text3 += char;
  }
  if (text3.length > 0) segments.push({ text: text3, match });
  return segments;
}
function prepare(db) {
  return {
    // The FTS tables are named in full (not aliased): MATCH, rank, highlight() and snippet() need their names.
    titleHits: db.prepare(
      `SELECT 0 AS kind, c.id AS conversation_id, c.title, c.updated_at, NULL AS message_id, NULL AS role,
              highlight(conversation_title_search, 0, '${OPEN}', '${CLOSE}') AS marked
       FROM conversation_title_search JOIN conversations c ON c.rowid = conversation_title_search.rowid
       WHERE conversation_title_search MATCH ?
       ORDER BY conversation_title_search.rank, c.updated_at DESC, c.rowid DESC LIMIT ?`
    ),
    // The index alone: the part rowids of the best matches (the search benchmark's floor is this query).
    rankedMessageRowids: db.prepare(
      `SELECT rowid FROM message_text_search WHERE message_text_search MATCH ? ORDER BY rank, rowid DESC LIMIT ?`
    ).pluck(),
    messageHit: db.prepare(
      `SELECT m.conversation_id, c.title, c.updated_at, m.id AS message_id, m.role
       FROM message_parts p JOIN messages m ON m.id = p.message_id JOIN conversations c ON c.id = m.conversation_id
       WHERE p.rowid = ?`
    ),
    // Within the page's rowid range, so the index is read once; `+rowid` keeps SQLite from turning the
    // IN list into one index lookup per row.
    snippets: db.prepare(
      `SELECT rowid, snippet(message_text_search, 0, '${OPEN}', '${CLOSE}', '\u2026', 24) AS marked FROM message_text_search
       WHERE message_text_search MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT value FROM json_each(?))`
    ),
    setPinned: db.prepare("UPDATE conversations SET pinned_at = ? WHERE id = ?"),
    listPinned: db.prepare(
      `SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at,
              (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
       FROM conversations c WHERE c.pinned_at IS NOT NULL ORDER BY c.pinned_at DESC, c.id DESC`
    )
  };
}
var OPEN, CLOSE, ConversationSearch;
var init_conversation_search = __esm({
  "src/main/db/conversation-search.ts"() {
    "use strict";
    init_search_query();
    OPEN = "\uE000";
    CLOSE = "\uE001";
    ConversationSearch = class {
      constructor(db, clock) {
        this.clock = clock;
        this.statements = prepare(db);
      }
      clock;
      statements;
      /**
       * One page of hits; `hasMore` when a page starting at `offset + limit` would not be empty.
       *
       * Title hits first (best first, then the most recently active conversation), then message hits
       * (best first, then the newest message). Why it is built in steps rather than one UNION: ranking
       * every match is the cost no query avoids (bm25 over, say, 10,000 of 200,000 messages), but
       * joining each match to its message and conversation and cutting a snippet for it cost 3–4× more
       * than that, for rows that are then thrown away. So the message hits are ranked on the index
       * alone (`ORDER BY rank, rowid DESC`: a message's part rowid grows with time, so ties go to the
       * newest), and only the rows of the page are looked up and get a snippet.
       */
      search(query, options) {
        const match = toFtsQuery(query);
        if (match === void 0) return { results: [], hasMore: false };
        const offset = options.offset ?? 0;
        const wanted = offset + options.limit + 1;
        const titles = this.statements.titleHits.all(match, wanted);
        const rows = [...titles];
        if (rows.length < wanted)
          rows.push(...this.messageHits(match, wanted - rows.length, Math.max(0, offset - titles.length)));
        const page = rows.slice(offset, offset + options.limit);
        return { results: page.map(toResult), hasMore: rows.length > offset + options.limit };
      }
      /**
       * The first `count` message hits in rank order, with a snippet for those from `snippetsFrom` on
       * (the earlier ones are before the page). Only user and assistant messages count: the ranked
       * rowids are fetched in batches until enough pass.
       */
      messageHits(match, count2, snippetsFrom) {
        const hits = [];
        let batch = count2;
        let seen = 0;
        for (; ; ) {
          const ranked = this.statements.rankedMessageRowids.all(match, batch);
          for (const rowid of ranked.slice(seen)) {
            const hit = this.statements.messageHit.get(rowid);
            if (!hit || hit.role !== "user" && hit.role !== "assistant") continue;
            hits.push({ kind: 1, ...hit, marked: "", rowid });
            if (hits.length === count2) break;
          }
          if (hits.length === count2 || ranked.length < batch) break;
          seen = ranked.length;
          batch *= 2;
        }
        const page = hits.slice(snippetsFrom);
        if (page.length > 0) {
          const rowids = page.map((h) => h.rowid);
          const snippets = new Map(
            this.statements.snippets.all(match, Math.min(...rowids), Math.max(...rowids), JSON.stringify(rowids)).map((r) => [r.rowid, r.marked])
          );
          for (const hit of page) hit.marked = snippets.get(hit.rowid) ?? "";
        }
        return hits.map(({ rowid: _rowid, ...hit }) => hit);
      }
      /** Pins (now) or unpins a conversation. Returns false when there is no such conversation. */
      setPinned(conversationId, pinned) {
        return this.statements.setPinned.run(pinned ? this.clock() : null, conversationId).changes === 1;
      }
      /** Every pinned conversation, the most recently pinned first. */
      listPinned() {
        return this.statements.listPinned.all().map((row) => ({
          id: row.id,
          title: row.title,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          messageCount: row.message_count,
          pinnedAt: row.pinned_at
        }));
      }
    };
  }
});

// src/main/db/attachment-store.ts
function statementsOf(db) {
  let statements2 = statementsByDb.get(db);
  if (!statements2) statementsByDb.set(db, statements2 = prepare2(db));
  return statements2;
}
function insertAttachments(db, messageId, attachments) {
  const { insert } = statementsOf(db);
  attachments.forEach(
    (file, position) => insert.run(
      messageId,
      position,
      file.name,
      file.mimeType,
      file.bytes.length,
      Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length)
    )
  );
}
function toInfo(row) {
  return { id: row.id, name: row.name, mimeType: row.mime_type, size: row.size };
}
function prepare2(db) {
  return {
    insert: db.prepare(
      "INSERT INTO message_attachments (message_id, position, name, mime_type, size, data) VALUES (?, ?, ?, ?, ?, ?)"
    ),
    infoOfConversation: db.prepare(
      `SELECT a.id, a.message_id, a.name, a.mime_type, a.size FROM message_attachments a JOIN messages m ON m.id = a.message_id
       WHERE m.conversation_id = ? ORDER BY m.seq, a.position`
    ),
    fullOfConversation: db.prepare(
      `SELECT a.id, a.message_id, a.name, a.mime_type, a.size, a.data FROM message_attachments a JOIN messages m ON m.id = a.message_id
       WHERE m.conversation_id = ? ORDER BY m.seq, a.position`
    ),
    fullOfMessage: db.prepare(
      "SELECT id, message_id, name, mime_type, size, data FROM message_attachments WHERE message_id = ? ORDER BY position"
    ),
    byId: db.prepare(
      "SELECT id, message_id, name, mime_type, size, data FROM message_attachments WHERE id = ?"
    )
  };
}
var statementsByDb, AttachmentStore;
var init_attachment_store = __esm({
  "src/main/db/attachment-store.ts"() {
    "use strict";
    statementsByDb = /* @__PURE__ */ new WeakMap();
    AttachmentStore = class {
      constructor(db) {
        this.db = db;
        this.present = db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'message_attachments'`).get() !== void 0;
      }
      db;
      /** False only for an older store opened read-only (never migrated): it has no files to read. */
      present;
      /** Every file of a conversation, without bytes, by message (in the order they were attached). */
      infoByMessage(conversationId) {
        const byMessage = /* @__PURE__ */ new Map();
        if (!this.present) return byMessage;
        for (const row of statementsOf(this.db).infoOfConversation.all(conversationId)) {
          let list2 = byMessage.get(row.message_id);
          if (!list2) byMessage.set(row.message_id, list2 = []);
          list2.push(toInfo(row));
        }
        return byMessage;
      }
      /** Every file of a conversation with its bytes, by message (what later turns send again). */
      withBytesByMessage(conversationId) {
        const byMessage = /* @__PURE__ */ new Map();
        if (!this.present) return byMessage;
        for (const row of statementsOf(this.db).fullOfConversation.all(conversationId)) {
          let list2 = byMessage.get(row.message_id);
          if (!list2) byMessage.set(row.message_id, list2 = []);
          list2.push({ ...toInfo(row), messageId: row.message_id, bytes: row.data });
        }
        return byMessage;
      }
      /** The files of one message with their bytes, in the order they were attached (an edited question keeps them). */
      withBytesOfMessage(messageId) {
        if (!this.present) return [];
        return statementsOf(this.db).fullOfMessage.all(messageId).map((row) => ({ ...toInfo(row), messageId: row.message_id, bytes: row.data }));
      }
      /** One file with its bytes (the window's thumbnails), or `undefined`. */
      get(id2) {
        if (!this.present) return void 0;
        const row = statementsOf(this.db).byId.get(id2);
        return row ? { ...toInfo(row), messageId: row.message_id, bytes: row.data } : void 0;
      }
    };
  }
});

// src/main/db/message-rows.ts
function noticesOf(json) {
  const parsed = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry) => typeof entry === "object" && entry !== null && isFallbackMessageId(entry.id)
  );
}
function partDataJson(part) {
  const { type: _type, ...data } = part;
  return JSON.stringify(data);
}
function toMessagePart(row) {
  if (row.type === "text" || row.type === "reasoning") return { type: row.type, text: row.text };
  if (row.type === "replay")
    return {
      type: "replay",
      provider: row.provider,
      item: JSON.parse(row.data_json ?? "{}")
    };
  const data = JSON.parse(row.data_json ?? "{}");
  return { ...data, type: row.type };
}
function toMessage(row, parts) {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    turnId: row.turn_id ?? void 0,
    parentId: row.parent_id ?? void 0,
    seq: row.seq,
    role: row.role,
    status: row.status,
    interruptReason: row.interrupt_detail ?? row.interrupt_reason ?? void 0,
    error: row.error_json === null ? void 0 : JSON.parse(row.error_json),
    parts,
    notices: row.notices_json === null || row.notices_json === void 0 ? [] : noticesOf(row.notices_json),
    reasoningMs: row.reasoning_ms ?? void 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  };
}
function storedInterrupt(reason) {
  return reason === "window-closed" ? { reason: "network", detail: "window-closed" } : { reason, detail: null };
}
var init_message_rows = __esm({
  "src/main/db/message-rows.ts"() {
    "use strict";
    init_fallback_messages();
  }
});

// src/main/db/assistant-message-writer.ts
var defaultSchedule, AssistantMessageWriter;
var init_assistant_message_writer = __esm({
  "src/main/db/assistant-message-writer.ts"() {
    "use strict";
    init_well_formed_text();
    init_message_rows();
    init_sqlite_error();
    defaultSchedule = (callback, delayMs) => {
      const timer = setTimeout(callback, Math.min(delayMs, 2147483647));
      timer.unref?.();
      return () => clearTimeout(timer);
    };
    AssistantMessageWriter = class {
      constructor(db, statements2, clock, messageId, options = {}) {
        this.db = db;
        this.statements = statements2;
        this.clock = clock;
        this.messageId = messageId;
        this.flushIntervalMs = options.flushIntervalMs ?? 200;
        this.flushChars = options.flushChars ?? 4096;
        this.schedule = options.schedule ?? defaultSchedule;
        this.nextPosition = options.firstPosition ?? 0;
        this.lastWriteAt = clock();
      }
      db;
      statements;
      clock;
      messageId;
      flushIntervalMs;
      flushChars;
      schedule;
      pending = [];
      pendingChars = 0;
      /** The part deltas currently extend, if it is a text or reasoning part. */
      openPart;
      nextPosition = 0;
      lastWriteAt;
      cancelTimer;
      finished = false;
      /** The last write failure, kept until a later write succeeds (pending text is kept for it). */
      lastError;
      get isFinished() {
        return this.finished;
      }
      /** Characters received but not yet written. */
      get pendingCharacters() {
        return this.pendingChars;
      }
      appendText(delta) {
        this.append("text", delta);
      }
      appendReasoning(delta) {
        this.append("reasoning", delta);
      }
      /** Adds a tool call or tool result part and writes it (with any pending text) at once. */
      addPart(part) {
        this.assertOpen();
        this.pending.push({ kind: "part", position: this.nextPosition++, type: part.type, dataJson: partDataJson(part) });
        this.openPart = void 0;
        return this.flush();
      }
      /** Adds a round's provider replay data (kept in part order) and writes it (with any pending text) at once. */
      addReplay(provider, items) {
        this.assertOpen();
        if (items.length === 0) return { ok: true };
        for (const item of items)
          this.pending.push({ kind: "replay", position: this.nextPosition++, provider, dataJson: JSON.stringify(item) });
        this.openPart = void 0;
        return this.flush();
      }
      /**
       * Writes everything pending in one transaction. On failure the pending text is kept for the next
       * try and nothing committed before is touched; a full disk is `full`, even when SQLite reports it
       * as an I/O error.
       */
      flush() {
        this.cancelScheduledFlush();
        if (this.pending.length === 0) return { ok: true };
        try {
          this.db.transaction(() => this.writePending())();
        } catch (error) {
          this.lastError = storageErrorOf(this.db, error);
          return { ok: false, error: this.lastError };
        }
        this.afterWrite();
        return { ok: true };
      }
      /**
       * Writes what is pending and the final status in one transaction, and returns the stored message.
       * `interrupted` keeps everything that arrived (what the user saw is saved).
       */
      finalize(end2, details = {}) {
        this.assertOpen();
        this.cancelScheduledFlush();
        const now = this.clock();
        try {
          this.db.transaction(() => {
            this.writePending();
            this.statements.compactMessage(this.messageId);
            this.statements.finishMessage.run(
              end2.status,
              end2.status === "interrupted" ? storedInterrupt(end2.reason).reason : null,
              end2.status === "interrupted" ? storedInterrupt(end2.reason).detail : null,
              end2.status === "failed" ? JSON.stringify(end2.error) : null,
              details.notices && details.notices.length > 0 ? JSON.stringify(details.notices) : null,
              details.reasoningMs ?? null,
              now,
              this.messageId
            );
          })();
        } catch (error) {
          this.lastError = storageErrorOf(this.db, error);
          return { ok: false, error: this.lastError };
        }
        this.afterWrite();
        this.finished = true;
        const message = this.statements.readMessage(this.messageId);
        if (!message) return { ok: false, error: storageErrorOf(this.db, new Error(`message ${this.messageId} vanished`)) };
        return { ok: true, message };
      }
      append(type, raw) {
        this.assertOpen();
        if (raw.length === 0) return;
        const delta = wellFormed(raw);
        if (!this.openPart || this.openPart.type !== type) {
          this.openPart = { position: this.nextPosition++, type, rowExists: false };
        }
        const last = this.pending[this.pending.length - 1];
        if (last && last.kind === "text" && last.position === this.openPart.position) {
          last.text += delta;
        } else {
          this.pending.push({
            kind: "text",
            position: this.openPart.position,
            type,
            text: delta,
            rowExists: this.openPart.rowExists
          });
        }
        this.pendingChars += delta.length;
        if (this.pendingChars >= this.flushChars || this.clock() - this.lastWriteAt >= this.flushIntervalMs) {
          this.flush();
        } else if (!this.cancelTimer) {
          this.cancelTimer = this.schedule(() => {
            this.cancelTimer = void 0;
            if (!this.finished) this.flush();
          }, this.flushIntervalMs);
        }
      }
      /** The statements of one write; runs inside the caller's transaction. */
      writePending() {
        const { insertPart, appendChunk, touchMessage } = this.statements;
        for (const write2 of this.pending) {
          if (write2.kind === "part") insertPart.run(this.messageId, write2.position, write2.type, "", write2.dataJson);
          else if (write2.kind === "replay")
            this.statements.insertReplay.run(this.messageId, write2.position, write2.provider, write2.dataJson);
          else if (write2.rowExists)
            appendChunk.run(this.messageId, write2.position, this.messageId, write2.position, write2.text);
          else insertPart.run(this.messageId, write2.position, write2.type, write2.text, null);
        }
        touchMessage.run(this.clock(), this.messageId);
      }
      afterWrite() {
        this.pending = [];
        this.pendingChars = 0;
        if (this.openPart) this.openPart.rowExists = true;
        this.lastWriteAt = this.clock();
        this.lastError = void 0;
      }
      cancelScheduledFlush() {
        this.cancelTimer?.();
        this.cancelTimer = void 0;
      }
      assertOpen() {
        if (this.finished) throw new Error(`message ${this.messageId} is already finalized`);
      }
    };
  }
});

// src/main/db/message-part-chunks.ts
function prepareChunkStatements(db) {
  const appendChunk = db.prepare(
    `INSERT INTO message_part_chunks (message_id, position, seq, text)
     VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM message_part_chunks WHERE message_id = ? AND position = ?), ?)`
  );
  const fold = db.prepare(
    `UPDATE message_parts SET ${FOLD_INTO_PART}
     WHERE (message_id, position) IN (SELECT DISTINCT message_id, position FROM message_part_chunks WHERE message_id = ?)`
  );
  const drop = db.prepare("DELETE FROM message_part_chunks WHERE message_id = ?");
  return {
    appendChunk,
    compactMessage(messageId) {
      if (fold.run(messageId).changes > 0) drop.run(messageId);
    }
  };
}
function compactSettledChunks(db) {
  const settled = `SELECT DISTINCT c.message_id, c.position FROM message_part_chunks c JOIN messages m ON m.id = c.message_id WHERE m.status <> 'streaming'`;
  const folded = db.prepare(`UPDATE message_parts SET ${FOLD_INTO_PART} WHERE (message_id, position) IN (${settled})`).run().changes;
  if (folded > 0) {
    db.prepare(
      `DELETE FROM message_part_chunks WHERE message_id IN (SELECT id FROM messages WHERE status <> 'streaming')`
    ).run();
  }
  return folded;
}
var PART_TEXT_SQL, PART_COLUMNS_SQL, FOLD_INTO_PART;
var init_message_part_chunks = __esm({
  "src/main/db/message-part-chunks.ts"() {
    "use strict";
    PART_TEXT_SQL = `p.text || coalesce((SELECT group_concat(c.text, '' ORDER BY c.seq) FROM message_part_chunks c
  WHERE c.message_id = p.message_id AND c.position = p.position), '')`;
    PART_COLUMNS_SQL = `p.message_id, p.position, p.type, p.data_json, ${PART_TEXT_SQL} AS text`;
    FOLD_INTO_PART = `text = text || (SELECT group_concat(c.text, '' ORDER BY c.seq) FROM message_part_chunks c
  WHERE c.message_id = message_parts.message_id AND c.position = message_parts.position)`;
  }
});

// src/main/db/conversation-store.ts
import { randomUUID } from "node:crypto";
function versionsFromTree(rows) {
  const groups = /* @__PURE__ */ new Map();
  const keyOf = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const key = `${row.parent_id ?? ""}\0${row.role}`;
    const ids = groups.get(key) ?? [];
    ids.push(row.id);
    groups.set(key, ids);
    keyOf.set(row.id, key);
  }
  const versions = {};
  for (const [id2, key] of keyOf) {
    const ids = groups.get(key);
    versions[id2] = { index: ids.indexOf(id2), count: ids.length, ids };
  }
  return versions;
}
function withParts(rows, partRows) {
  const partsByMessage = /* @__PURE__ */ new Map();
  for (const partRow of partRows) {
    let parts = partsByMessage.get(partRow.message_id);
    if (!parts) partsByMessage.set(partRow.message_id, parts = []);
    parts.push(toMessagePart(partRow));
  }
  return rows.map((row) => toMessage(row, partsByMessage.get(row.id) ?? []));
}
function toConversation(row) {
  return { id: row.id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at };
}
function prepare3(db) {
  return {
    insertConversation: db.prepare(
      "INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)"
    ),
    selectConversation: db.prepare("SELECT * FROM conversations WHERE id = ?"),
    deleteConversation: db.prepare("DELETE FROM conversations WHERE id = ?"),
    renameConversation: db.prepare("UPDATE conversations SET title = ? WHERE id = ?"),
    touchConversation: db.prepare(
      "UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?"
    ),
    listConversations: db.prepare(
      `${CONVERSATION_SUMMARY} ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`
    ),
    listConversationsBefore: db.prepare(
      `${CONVERSATION_SUMMARY} WHERE c.updated_at < ? OR (c.updated_at = ? AND c.id < ?) ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`
    ),
    listOldestFirst: db.prepare(
      "SELECT * FROM conversations ORDER BY updated_at, id LIMIT ?"
    ),
    listOldestFirstAfter: db.prepare(
      "SELECT * FROM conversations WHERE updated_at > ? OR (updated_at = ? AND id > ?) ORDER BY updated_at, id LIMIT ?"
    ),
    selectTurnIdsInOrder: db.prepare(
      "SELECT turn_id FROM messages WHERE conversation_id = ? AND turn_id IS NOT NULL GROUP BY turn_id ORDER BY min(seq)"
    ),
    insertTurn: db.prepare(
      "INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)"
    ),
    selectTurn: db.prepare(
      "SELECT * FROM turns WHERE id = ?"
    ),
    // The seq is allocated in the same statement (the caller's transaction holds the write lock).
    insertMessage: db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE conversation_id = ?), ?, ?, ?, ?)`
    ),
    // The stored leaf when it is still a message of this conversation, else its newest message.
    selectLeaf: db.prepare(
      `SELECT coalesce(
         (SELECT m.id FROM conversations c JOIN messages m ON m.id = c.current_leaf_id AND m.conversation_id = c.id WHERE c.id = ?),
         (SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1)) AS id WHERE id IS NOT NULL`
    ),
    setLeaf: db.prepare("UPDATE conversations SET current_leaf_id = ? WHERE id = ?"),
    setParent: db.prepare("UPDATE messages SET parent_id = ? WHERE id = ?"),
    // CROSS JOIN fixes the join order (the path drives, each row looked up by key): with a plain JOIN
    // SQLite, knowing nothing of the path's size, scanned every message part of the store instead
    // (1 s per conversation opened on a store of 200,000 messages; test/main/db/query-plans.test.ts).
    selectPath: db.prepare(
      `${PATH_CTE} SELECT m.* FROM path CROSS JOIN messages m ON m.id = path.id ORDER BY m.seq`
    ),
    selectPartsOfPath: db.prepare(
      `${PATH_CTE} SELECT * FROM (
         SELECT ${PART_COLUMNS_SQL}, NULL AS provider, m.seq AS seq FROM path CROSS JOIN messages m ON m.id = path.id CROSS JOIN message_parts p ON p.message_id = m.id
         UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider, m.seq FROM path CROSS JOIN messages m ON m.id = path.id CROSS JOIN message_replay_items r ON r.message_id = m.id)
       ORDER BY seq, position`
    ),
    // A message's descendants were all written after it: the newest one has no children (a leaf).
    selectNewestUnder: db.prepare(
      `${SUBTREE_CTE} SELECT m.id FROM sub CROSS JOIN messages m ON m.id = sub.id ORDER BY m.seq DESC LIMIT 1`
    ),
    selectNewest: db.prepare(
      "SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1"
    ),
    selectTree: db.prepare(
      "SELECT id, parent_id, role FROM messages WHERE conversation_id = ? ORDER BY seq"
    ),
    selectChildren: db.prepare(
      "SELECT id, role FROM messages WHERE parent_id = ? ORDER BY seq"
    ),
    deleteMessage: db.prepare("DELETE FROM messages WHERE id = ?"),
    reopenMessage: db.prepare(
      `UPDATE messages SET status = 'streaming', interrupt_reason = NULL, interrupt_detail = NULL, error_json = NULL, updated_at = ? WHERE id = ? AND role = 'assistant' AND status <> 'streaming'`
    ),
    nextPosition: db.prepare(
      `SELECT coalesce(max(position), -1) + 1 AS next FROM (SELECT position FROM message_parts WHERE message_id = ? UNION ALL SELECT position FROM message_replay_items WHERE message_id = ?)`
    ),
    selectMessage: db.prepare("SELECT * FROM messages WHERE id = ?"),
    selectMessages: db.prepare("SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq"),
    // Streamed text may still be in chunk rows: every part read joins them (PART_COLUMNS_SQL).
    // Replay items share the parts' positions: read in one ordered list with them.
    selectPartsOfMessage: db.prepare(
      `SELECT * FROM (SELECT ${PART_COLUMNS_SQL}, NULL AS provider FROM message_parts p WHERE p.message_id = ?
       UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider FROM message_replay_items r WHERE r.message_id = ?)
       ORDER BY position`
    ),
    selectPartsOfConversation: db.prepare(
      `SELECT * FROM (
         SELECT ${PART_COLUMNS_SQL}, NULL AS provider, m.seq AS seq FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.conversation_id = ?
         UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider, m.seq FROM messages m JOIN message_replay_items r ON r.message_id = m.id WHERE m.conversation_id = ?)
       ORDER BY seq, position`
    ),
    insertPart: db.prepare(
      "INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)"
    ),
    touchMessage: db.prepare("UPDATE messages SET updated_at = ? WHERE id = ?"),
    finishMessage: db.prepare(
      `UPDATE messages SET status = ?, interrupt_reason = ?, interrupt_detail = ?, error_json = ?, notices_json = ?, reasoning_ms = ?, updated_at = ? WHERE id = ? AND status = 'streaming'`
    ),
    insertReplay: db.prepare(
      "INSERT INTO message_replay_items (message_id, position, provider, data_json) VALUES (?, ?, ?, ?)"
    )
  };
}
var ConversationStore, PATH_CTE, SUBTREE_CTE, CONVERSATION_SUMMARY;
var init_conversation_store = __esm({
  "src/main/db/conversation-store.ts"() {
    "use strict";
    init_attachment_store();
    init_assistant_message_writer();
    init_well_formed_text();
    init_message_part_chunks();
    init_message_rows();
    ConversationStore = class {
      constructor(db, clock, newId = randomUUID) {
        this.db = db;
        this.clock = clock;
        this.newId = newId;
        this.statements = prepare3(db);
        const chunks = prepareChunkStatements(db);
        this.writerStatements = {
          insertPart: this.statements.insertPart,
          insertReplay: this.statements.insertReplay,
          appendChunk: chunks.appendChunk,
          compactMessage: chunks.compactMessage,
          touchMessage: this.statements.touchMessage,
          finishMessage: this.statements.finishMessage,
          readMessage: (id2) => this.getMessage(id2)
        };
      }
      db;
      clock;
      newId;
      statements;
      writerStatements;
      createConversation(input = {}) {
        const now = this.clock();
        const conversation = {
          id: input.id ?? this.newId(),
          title: wellFormed(input.title ?? ""),
          createdAt: now,
          updatedAt: now
        };
        this.statements.insertConversation.run(conversation.id, conversation.title, now, now);
        return conversation;
      }
      getConversation(id2) {
        const row = this.statements.selectConversation.get(id2);
        return row ? toConversation(row) : void 0;
      }
      renameConversation(id2, title) {
        return this.statements.renameConversation.run(wellFormed(title), id2).changes === 1;
      }
      /**
       * Deletes a conversation and everything that belongs to it, in one transaction: its turns,
       * messages and parts, model calls (generations) and its tool-ledger entries (ON DELETE CASCADE).
       * Measurements are the user's data and outlive the conversation that recorded them: their
       * `created_by_ledger_id` / `deleted_by_ledger_id` links become NULL (ON DELETE SET NULL), the
       * rows (live or soft-deleted) stay. Dropping the ledger entries cannot let an action run twice:
       * an idempotency key includes its turn id, and the turn is gone with them.
       * Returns false when there was no such conversation.
       */
      deleteConversation(id2) {
        return this.db.transaction(() => this.statements.deleteConversation.run(id2).changes === 1).immediate();
      }
      /** Newest first (by last message), with message counts. Page with `before` = the last item's cursor. */
      listConversations(options = {}) {
        const limit = options.limit ?? 100;
        const rows = options.before ? this.statements.listConversationsBefore.all(
          options.before.updatedAt,
          options.before.updatedAt,
          options.before.id,
          limit
        ) : this.statements.listConversations.all(limit);
        return rows.map((row) => ({
          ...toConversation(row),
          messageCount: row.message_count,
          ...row.pinned_at !== null ? { pinnedAt: row.pinned_at } : {}
        }));
      }
      /**
       * Oldest first (by last message, then id): the export's order. Page with `after` = the last
       * item's cursor; one page at a time, so a caller never holds the whole list.
       */
      listConversationsOldestFirst(options) {
        const rows = options.after ? this.statements.listOldestFirstAfter.all(
          options.after.updatedAt,
          options.after.updatedAt,
          options.after.id,
          options.limit
        ) : this.statements.listOldestFirst.all(options.limit);
        return rows.map(toConversation);
      }
      /** The ids of a conversation's turns, in the order their first message appears. */
      turnIdsInOrder(conversationId) {
        return this.statements.selectTurnIdsInOrder.all(conversationId).map((row) => row.turn_id);
      }
      /**
       * Starts a turn: stores the turn and the user's message (status `complete`) in one transaction.
       * A regenerated answer does not start a new turn: it adds an assistant message to the same one.
       */
      startTurn(input) {
        const now = this.clock();
        const turn = { id: input.turnId ?? this.newId(), conversationId: input.conversationId, createdAt: now };
        const messageId = this.newId();
        this.db.transaction(() => {
          this.statements.insertTurn.run(turn.id, turn.conversationId, now);
          const parentId = input.parentId === void 0 ? this.currentLeafId(turn.conversationId) : input.parentId;
          this.insertMessage(messageId, turn.conversationId, turn.id, "user", "complete", now, parentId ?? null);
          if (input.userText.length > 0)
            this.statements.insertPart.run(messageId, 0, "text", wellFormed(input.userText), null);
          if (input.attachments?.length) insertAttachments(this.db, messageId, input.attachments);
        }).immediate();
        return { turn, message: this.mustGetMessage(messageId) };
      }
      getTurn(id2) {
        const row = this.statements.selectTurn.get(id2);
        return row ? { id: row.id, conversationId: row.conversation_id, createdAt: row.created_at } : void 0;
      }
      /**
       * Creates an assistant message in status `streaming` (committed before the first delta, so a
       * crash always leaves a row to mark `interrupted`) and returns the writer that streams into it.
       */
      startAssistantMessage(input, options) {
        const now = this.clock();
        const messageId = this.newId();
        this.db.transaction(() => {
          const parentId = input.parentId ?? this.currentLeafId(input.conversationId);
          this.insertMessage(
            messageId,
            input.conversationId,
            input.turnId,
            "assistant",
            "streaming",
            now,
            parentId ?? null
          );
        }).immediate();
        return new AssistantMessageWriter(this.db, this.writerStatements, this.clock, messageId, options);
      }
      /**
       * Opens a stored answer again to write more into it ("Continue" after a length cut): status
       * `streaming` again (its old end is cleared), new parts go after the stored ones. Returns
       * `undefined` when there is no such finished assistant message.
       */
      resumeAssistantMessage(messageId, options) {
        const firstPosition = this.db.transaction(() => {
          if (this.statements.reopenMessage.run(this.clock(), messageId).changes !== 1) return void 0;
          return this.statements.nextPosition.get(messageId, messageId)?.next ?? 0;
        }).immediate();
        if (firstPosition === void 0) return void 0;
        return new AssistantMessageWriter(this.db, this.writerStatements, this.clock, messageId, {
          ...options,
          firstPosition
        });
      }
      /** Adds a complete message in one go (system notes, imported history, tests). */
      addMessage(input) {
        const now = this.clock();
        const messageId = this.newId();
        this.db.transaction(() => {
          this.insertMessage(
            messageId,
            input.conversationId,
            input.turnId ?? null,
            input.role,
            "complete",
            now,
            this.currentLeafId(input.conversationId) ?? null
          );
          input.parts.forEach((part, position) => {
            if (part.type === "text" || part.type === "reasoning")
              this.statements.insertPart.run(messageId, position, part.type, wellFormed(part.text), null);
            else if (part.type === "replay")
              this.statements.insertReplay.run(messageId, position, part.provider, JSON.stringify(part.item));
            else this.statements.insertPart.run(messageId, position, part.type, "", partDataJson(part));
          });
        }).immediate();
        return this.mustGetMessage(messageId);
      }
      getMessage(id2) {
        const row = this.statements.selectMessage.get(id2);
        if (!row) return void 0;
        return toMessage(row, this.statements.selectPartsOfMessage.all(id2, id2).map(toMessagePart));
      }
      /**
       * The conversation as the user sees it and the model is sent it: the messages on the path from
       * the first message to the current leaf, in order, each with its parts. Other versions (earlier
       * answers, the branch before an edit) are in {@link getAllMessages}.
       */
      getMessages(conversationId) {
        return this.readConversation(conversationId).messages;
      }
      /**
       * What opening a conversation needs, from one read of its messages and one of their parts: the
       * branch shown ({@link getMessages}), every message's versions ({@link versionsOf}) and its turn
       * ids in order ({@link turnIdsInOrder}).
       */
      readConversation(conversationId) {
        const leaf = this.currentLeafId(conversationId);
        if (leaf === void 0) return { messages: [], versions: {}, turnIds: [] };
        const rows = this.statements.selectMessages.all(conversationId);
        const byId = new Map(rows.map((row) => [row.id, row]));
        const onPath = /* @__PURE__ */ new Set();
        for (let id2 = leaf; id2 && !onPath.has(id2); id2 = byId.get(id2)?.parent_id) {
          if (!byId.has(id2)) break;
          onPath.add(id2);
        }
        const partRows = this.statements.selectPartsOfConversation.all(conversationId, conversationId);
        const messages = onPath.size === rows.length ? withParts(rows, partRows) : withParts(
          rows.filter((row) => onPath.has(row.id)),
          partRows.filter((part) => onPath.has(part.message_id))
        );
        const turnIds = [...new Set(rows.flatMap((row) => row.turn_id === null ? [] : [row.turn_id]))];
        return {
          messages,
          versions: versionsFromTree(rows.map((row) => ({ id: row.id, parent_id: row.parent_id ?? null, role: row.role }))),
          turnIds
        };
      }
      /** The messages from the first one down to `messageId` (included), in order. */
      getPath(messageId) {
        return withParts(this.statements.selectPath.all(messageId), this.statements.selectPartsOfPath.all(messageId));
      }
      /** Every message of the conversation, every branch, in creation order (the export). */
      getAllMessages(conversationId) {
        return withParts(
          this.statements.selectMessages.all(conversationId),
          this.statements.selectPartsOfConversation.all(conversationId, conversationId)
        );
      }
      /** The last message of the branch shown (`undefined` for an empty conversation). */
      currentLeafId(conversationId) {
        return this.statements.selectLeaf.get(conversationId, conversationId)?.id;
      }
      /** For every message of the conversation: its place among its versions (siblings of the same role). */
      versionsOf(conversationId) {
        return versionsFromTree(this.statements.selectTree.all(conversationId));
      }
      /**
       * Shows another version of a message: the branch shown becomes that version and, below it, the
       * newest message under it (where the user last was in that branch). Returns false when there is
       * no such message.
       */
      selectVersion(messageId) {
        return this.db.transaction(() => {
          const message = this.statements.selectMessage.get(messageId);
          if (!message) return false;
          const leaf = this.statements.selectNewestUnder.get(messageId)?.id ?? messageId;
          this.statements.setLeaf.run(leaf, message.conversation_id);
          return true;
        }).immediate();
      }
      /**
       * Deletes one message; a question goes with its answers (every version). What followed them is
       * kept and now follows the deleted message's parent, so no branch is cut off. When the branch
       * shown ended in a deleted message, it now ends at the newest message under that parent. The
       * answers' tool parts go with them; model calls stay (their usage was spent) and the idempotency
       * ledger stays (a write is never repeated). Returns the deleted ids, or `undefined` when there was
       * no such message.
       */
      deleteMessage(messageId) {
        return this.db.transaction(() => {
          const message = this.statements.selectMessage.get(messageId);
          if (!message) return void 0;
          const conversationId = message.conversation_id;
          const children = (id2) => this.statements.selectChildren.all(id2);
          const removed = [
            message.id,
            ...message.role === "user" ? children(message.id).filter((c) => c.role === "assistant").map((c) => c.id) : []
          ];
          const removing = new Set(removed);
          const parentId = message.parent_id ?? null;
          for (const id2 of removed)
            for (const child of children(id2))
              if (!removing.has(child.id)) this.statements.setParent.run(parentId, child.id);
          const leaf = this.currentLeafId(conversationId);
          for (const id2 of [...removed].reverse()) this.statements.deleteMessage.run(id2);
          if (leaf === void 0 || removing.has(leaf)) {
            const next = parentId === null ? this.statements.selectNewest.get(conversationId)?.id : this.statements.selectNewestUnder.get(parentId)?.id ?? parentId;
            this.statements.setLeaf.run(next ?? null, conversationId);
          }
          return { conversationId, deleted: removed };
        }).immediate();
      }
      insertMessage(id2, conversationId, turnId, role, status, now, parentId) {
        const result = this.statements.insertMessage.run(
          id2,
          conversationId,
          turnId,
          parentId,
          conversationId,
          role,
          status,
          now,
          now
        );
        if (result.changes !== 1) throw new Error(`could not add a message to conversation ${conversationId}`);
        this.statements.touchConversation.run(now, conversationId);
        this.statements.setLeaf.run(id2, conversationId);
      }
      mustGetMessage(id2) {
        const message = this.getMessage(id2);
        if (!message) throw new Error(`message ${id2} vanished after being written`);
        return message;
      }
    };
    PATH_CTE = `WITH RECURSIVE path(id, parent_id) AS (
  SELECT id, parent_id FROM messages WHERE id = ?
  UNION ALL SELECT m.id, m.parent_id FROM messages m JOIN path ON m.id = path.parent_id)`;
    SUBTREE_CTE = `WITH RECURSIVE sub(id) AS (
  SELECT id FROM messages WHERE id = ?
  UNION ALL SELECT m.id FROM messages m JOIN sub ON m.parent_id = sub.id)`;
    CONVERSATION_SUMMARY = `
  SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at,
         (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
  FROM conversations c`;
  }
});

// src/main/db/integrity-check.ts
import { existsSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
function identity(file) {
  try {
    const stat3 = statSync(file, { bigint: true });
    return { size: Number(stat3.size), mtimeNs: String(stat3.mtimeNs), ino: String(stat3.ino), dev: String(stat3.dev) };
  } catch {
    return void 0;
  }
}
function takeVerifiedStamp(file) {
  const path = stampPath(file);
  if (!existsSync(path)) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    stamp = void 0;
  }
  const now = identity(file);
  const walSize = identity(`${file}-wal`)?.size ?? 0;
  const matches = now !== void 0 && stamp !== void 0 && walSize === 0 && stamp.size === now.size && stamp.mtimeNs === now.mtimeNs && stamp.ino === now.ino && stamp.dev === now.dev;
  if (matches) rmSync(path, { force: true });
  return matches;
}
function dropVerifiedStamp(file) {
  rmSync(stampPath(file), { force: true });
}
function writeVerifiedStamp(file) {
  const walSize = identity(`${file}-wal`)?.size ?? 0;
  const now = identity(file);
  if (!now || walSize > 0 || existsSync(`${file}-wal`)) return;
  const tmp = `${stampPath(file)}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, JSON.stringify(now));
    renameSync(tmp, stampPath(file));
  } catch {
    rmSync(tmp, { force: true });
  }
}
function checkInBackground(file, options = {}) {
  let settle = () => {
  };
  const verdict = new Promise((resolve6) => settle = resolve6);
  let worker;
  try {
    const module = createRequire(import.meta.url).resolve("better-sqlite3");
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, module, nativeBinding: options.nativeBinding }
    });
  } catch (error) {
    settle({ state: "unknown", reason: error.message });
    return { verdict, stop: () => {
    } };
  }
  worker.unref();
  worker.once("message", (message) => settle(message));
  worker.once("error", (error) => settle({ state: "unknown", reason: error.message }));
  worker.once("exit", () => settle({ state: "unknown", reason: "the check stopped" }));
  return {
    verdict,
    stop() {
      settle({ state: "unknown", reason: "the store was closed" });
      void worker.terminate();
    }
  };
}
var stampPath, WORKER_SOURCE;
var init_integrity_check = __esm({
  "src/main/db/integrity-check.ts"() {
    "use strict";
    stampPath = (file) => `${file}.verified`;
    WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
// Below the app's own threads, so the check does not slow the window's start on a small machine.
// Linux only: there a thread's nice value is its own; on macOS and Windows this would lower the whole app.
if (process.platform === 'linux') { try { require('node:os').setPriority(0, 10) } catch {} }
const Database = require(workerData.module)
let db
let verdict
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: 5000, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) })
  const problems = db.prepare('PRAGMA quick_check(3)').pluck().all()
  verdict = problems.length === 1 && problems[0] === 'ok' ? { state: 'ok' } : { state: 'damaged', problems: problems.map(String) }
} catch (error) {
  const code = String((error && error.code) || '')
  const message = String((error && error.message) || error)
  verdict = code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' ? { state: 'damaged', problems: [message] } : { state: 'unknown', reason: message }
}
// Closed before answering: a connection still open when the store closes would keep its WAL (and so its stamp) from going.
try { if (db) db.close() } catch {}
parentPort.postMessage(verdict)
`;
  }
});

// src/main/db/legacy-migration-probes.ts
function hasTable(db, name) {
  return db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(name) !== void 0;
}
function hasColumn(db, table, column) {
  return db.prepare(`SELECT 1 FROM pragma_table_info(?) WHERE name = ?`).get(table, column) !== void 0;
}
var LEGACY_MIGRATION_PROBES;
var init_legacy_migration_probes = __esm({
  "src/main/db/legacy-migration-probes.ts"() {
    "use strict";
    LEGACY_MIGRATION_PROBES = /* @__PURE__ */ new Map([
      [10, (db) => hasTable(db, "conversations")],
      [20, (db) => hasTable(db, "generations")],
      [30, (db) => hasTable(db, "tool_ledger")],
      [40, (db) => hasTable(db, "measurements")],
      [50, (db) => hasTable(db, "settings")],
      [60, (db) => hasTable(db, "message_part_chunks")],
      [70, (db) => hasTable(db, "message_replay_items")],
      [80, (db) => hasColumn(db, "measurements", "taken_at_offset_min")],
      [90, (db) => hasTable(db, "mcp_tool_pins")],
      [100, (db) => hasColumn(db, "messages", "parent_id")],
      [110, (db) => hasTable(db, "conversation_settings")],
      [120, (db) => hasTable(db, "conversation_title_search")],
      [130, (db) => hasTable(db, "message_attachments")],
      [160, (db) => hasColumn(db, "generations", "profile")],
      [180, (db) => hasColumn(db, "messages", "interrupt_detail")]
    ]);
  }
});

// src/main/db/applied-migrations.ts
function hasMigrationRecords(db) {
  return db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'`).get() !== void 0;
}
function recordedVersions(db) {
  if (!hasMigrationRecords(db)) return [];
  return db.prepare("SELECT version FROM schema_migrations ORDER BY version").pluck().all();
}
function readAppliedMigrations(db, migrations) {
  const recorded = recordedVersions(db);
  const userVersion = db.pragma("user_version", { simple: true });
  const known = new Set(migrations.map((m) => m.version));
  const applied = new Set(recorded.filter((v) => known.has(v)));
  const unrecorded = [];
  if (userVersion > Math.max(0, ...recorded)) {
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      const probe = LEGACY_MIGRATION_PROBES.get(migration.version);
      if (probe ? probe(db) : migration.version <= userVersion) {
        applied.add(migration.version);
        unrecorded.push(migration.version);
      }
    }
  }
  return { applied, unrecorded, unknown: recorded.filter((v) => !known.has(v)) };
}
function pendingMigrations(db, migrations, targetVersion = Infinity) {
  const { applied } = readAppliedMigrations(db, migrations);
  return [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version <= targetVersion && !applied.has(m.version));
}
function recordFoundMigrations(db, migrations) {
  const { unrecorded } = readAppliedMigrations(db, migrations);
  if (unrecorded.length === 0) return [];
  db.exec(CREATE_TABLE);
  const insert = db.prepare(
    `INSERT OR IGNORE INTO schema_migrations (version, name, how, recorded_at) VALUES (?, ?, 'found', ?)`
  );
  const now = Date.now();
  for (const version of unrecorded) insert.run(version, migrations.find((m) => m.version === version)?.name ?? "", now);
  return unrecorded;
}
function isRecorded(db, version) {
  return hasMigrationRecords(db) && db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(version) !== void 0;
}
function recordRanMigration(db, migration) {
  db.exec(CREATE_TABLE);
  db.prepare(`INSERT INTO schema_migrations (version, name, how, recorded_at) VALUES (?, ?, 'ran', ?)`).run(
    migration.version,
    migration.name,
    Date.now()
  );
}
var CREATE_TABLE;
var init_applied_migrations = __esm({
  "src/main/db/applied-migrations.ts"() {
    "use strict";
    init_legacy_migration_probes();
    CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY CHECK (version > 0),
    name TEXT NOT NULL,
    how TEXT NOT NULL CHECK (how IN ('ran', 'found')),
    recorded_at INTEGER NOT NULL
  ) STRICT`;
  }
});

// src/main/db/migrations/0010-conversations.ts
var migration0010;
var init_conversations = __esm({
  "src/main/db/migrations/0010-conversations.ts"() {
    "use strict";
    migration0010 = {
      version: 10,
      name: "conversations",
      up(db) {
        db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX conversations_by_updated ON conversations (updated_at DESC, id DESC);

      CREATE TABLE turns (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        -- target of the composite foreign keys below: a row can only name a turn of its own conversation
        UNIQUE (id, conversation_id)
      ) STRICT;
      CREATE INDEX turns_by_conversation ON turns (conversation_id);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        status TEXT NOT NULL CHECK (status IN ('streaming', 'complete', 'interrupted', 'failed')),
        interrupt_reason TEXT CHECK (interrupt_reason IN ('user-stop', 'network', 'provider-error', 'app-crash')),
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((status = 'interrupted') = (interrupt_reason IS NOT NULL)),
        CHECK ((status = 'failed') = (error_json IS NOT NULL)),
        UNIQUE (conversation_id, seq),
        FOREIGN KEY (turn_id, conversation_id) REFERENCES turns (id, conversation_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX messages_by_turn ON messages (turn_id);
      CREATE INDEX messages_streaming ON messages (status) WHERE status = 'streaming';

      CREATE TABLE message_parts (
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        type TEXT NOT NULL CHECK (type IN ('text', 'reasoning', 'tool-call', 'tool-result')),
        text TEXT NOT NULL DEFAULT '',
        data_json TEXT CHECK (data_json IS NULL OR json_valid(data_json)),
        CHECK ((type IN ('text', 'reasoning')) = (data_json IS NULL)),
        PRIMARY KEY (message_id, position)
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0020-generations.ts
var migration0020;
var init_generations = __esm({
  "src/main/db/migrations/0020-generations.ts"() {
    "use strict";
    migration0020 = {
      version: 20,
      name: "generations",
      up(db) {
        db.exec(`
      CREATE TABLE generations (
        id TEXT PRIMARY KEY,
        turn_id TEXT NOT NULL REFERENCES turns (id) ON DELETE CASCADE,
        message_id TEXT REFERENCES messages (id) ON DELETE SET NULL,
        round INTEGER NOT NULL CHECK (round >= 1),
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        outcome TEXT NOT NULL CHECK (outcome IN ('running', 'complete', 'truncated', 'provider-error', 'network', 'user-stop', 'app-crash')),
        finish_reason TEXT CHECK (finish_reason IN ('stop', 'tool-calls', 'length', 'content-filter', 'error', 'other')),
        raw_finish_reason TEXT,
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        input_tokens INTEGER CHECK (input_tokens >= 0),
        output_tokens INTEGER CHECK (output_tokens >= 0),
        reasoning_tokens INTEGER CHECK (reasoning_tokens >= 0),
        cached_input_tokens INTEGER CHECK (cached_input_tokens >= 0),
        usage_source TEXT CHECK (usage_source IN ('reported', 'estimated')),
        -- running: no end yet; app-crash: the end is unknown; every other outcome has an end and a usage source
        CHECK (outcome <> 'running' OR (ended_at IS NULL AND usage_source IS NULL)),
        CHECK (outcome IN ('running', 'app-crash') OR (ended_at IS NOT NULL AND usage_source IS NOT NULL)),
        UNIQUE (turn_id, round, attempt)
      ) STRICT;
      CREATE INDEX generations_running ON generations (outcome) WHERE outcome = 'running';
      CREATE INDEX generations_by_message ON generations (message_id);
    `);
      }
    };
  }
});

// src/main/db/migrations/0030-tool-ledger.ts
var migration0030;
var init_tool_ledger2 = __esm({
  "src/main/db/migrations/0030-tool-ledger.ts"() {
    "use strict";
    migration0030 = {
      version: 30,
      name: "tool-ledger",
      up(db) {
        db.exec(`
      CREATE TABLE tool_ledger (
        id INTEGER PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        arguments_json TEXT NOT NULL CHECK (json_valid(arguments_json)),
        state TEXT NOT NULL CHECK (state IN ('succeeded', 'failed', 'unknown')),
        output_json TEXT CHECK (output_json IS NULL OR json_valid(output_json)),
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((state = 'succeeded') = (output_json IS NOT NULL)),
        CHECK ((state = 'failed') = (error_json IS NOT NULL)),
        FOREIGN KEY (turn_id, conversation_id) REFERENCES turns (id, conversation_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX tool_ledger_by_turn ON tool_ledger (turn_id);
      CREATE INDEX tool_ledger_by_conversation ON tool_ledger (conversation_id);
      CREATE INDEX tool_ledger_unknown ON tool_ledger (state) WHERE state = 'unknown';

      CREATE TABLE tool_ledger_calls (
        ledger_id INTEGER NOT NULL REFERENCES tool_ledger (id) ON DELETE CASCADE,
        call_id TEXT NOT NULL,
        referenced_at INTEGER NOT NULL,
        PRIMARY KEY (ledger_id, call_id)
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0040-measurements.ts
var migration0040;
var init_measurements = __esm({
  "src/main/db/migrations/0040-measurements.ts"() {
    "use strict";
    migration0040 = {
      version: 40,
      name: "measurements",
      up(db) {
        db.exec(`
      CREATE TABLE measurements (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('height', 'weight', 'body-fat', 'waist', 'resting-heart-rate')),
        canonical_value REAL NOT NULL,
        input_value REAL NOT NULL,
        input_unit TEXT NOT NULL CHECK (input_unit IN ('cm', 'm', 'in', 'ft', 'kg', 'lb', '%', 'bpm')),
        taken_at INTEGER NOT NULL,
        taken_at_precision TEXT NOT NULL CHECK (taken_at_precision IN ('day', 'instant')),
        recorded_at INTEGER NOT NULL,
        deleted_at INTEGER,
        created_by_ledger_id INTEGER UNIQUE REFERENCES tool_ledger (id) ON DELETE SET NULL,
        deleted_by_ledger_id INTEGER UNIQUE REFERENCES tool_ledger (id) ON DELETE SET NULL,
        CHECK (deleted_by_ledger_id IS NULL OR deleted_at IS NOT NULL)
      ) STRICT;
      CREATE INDEX measurements_by_kind_time ON measurements (kind, taken_at DESC, id DESC) WHERE deleted_at IS NULL;
      CREATE INDEX measurements_by_time ON measurements (taken_at DESC, id DESC) WHERE deleted_at IS NULL;
    `);
      }
    };
  }
});

// src/main/db/migrations/0050-settings.ts
var migration0050;
var init_settings2 = __esm({
  "src/main/db/migrations/0050-settings.ts"() {
    "use strict";
    migration0050 = {
      version: 50,
      name: "settings",
      up(db) {
        db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL CHECK (json_valid(value_json)),
        updated_at INTEGER NOT NULL
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0060-message-part-chunks.ts
var migration0060;
var init_message_part_chunks2 = __esm({
  "src/main/db/migrations/0060-message-part-chunks.ts"() {
    "use strict";
    migration0060 = {
      version: 60,
      name: "message-part-chunks",
      up(db) {
        db.exec(`
      CREATE TABLE message_part_chunks (
        message_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        text TEXT NOT NULL,
        PRIMARY KEY (message_id, position, seq),
        FOREIGN KEY (message_id, position) REFERENCES message_parts (message_id, position) ON DELETE CASCADE
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0070-answer-details.ts
var migration0070;
var init_answer_details = __esm({
  "src/main/db/migrations/0070-answer-details.ts"() {
    "use strict";
    migration0070 = {
      version: 70,
      name: "answer-details",
      up(db) {
        db.exec(`
      ALTER TABLE messages ADD COLUMN notices_json TEXT CHECK (notices_json IS NULL OR json_valid(notices_json));
      ALTER TABLE messages ADD COLUMN reasoning_ms INTEGER CHECK (reasoning_ms IS NULL OR reasoning_ms >= 0);
      CREATE TABLE message_replay_items (
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        provider TEXT NOT NULL,
        data_json TEXT NOT NULL CHECK (json_valid(data_json)),
        PRIMARY KEY (message_id, position)
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0080-measurement-offsets.ts
var migration0080;
var init_measurement_offsets = __esm({
  "src/main/db/migrations/0080-measurement-offsets.ts"() {
    "use strict";
    migration0080 = {
      version: 80,
      name: "measurement-offsets",
      up(db) {
        db.exec(`
      ALTER TABLE measurements ADD COLUMN taken_at_offset_min INTEGER
        CHECK (taken_at_offset_min IS NULL OR taken_at_offset_min BETWEEN -1439 AND 1439);
    `);
      }
    };
  }
});

// src/main/db/migrations/0090-mcp-tool-pins.ts
var migration0090;
var init_mcp_tool_pins = __esm({
  "src/main/db/migrations/0090-mcp-tool-pins.ts"() {
    "use strict";
    migration0090 = {
      version: 90,
      name: "mcp-tool-pins",
      up(db) {
        db.exec(`
      CREATE TABLE mcp_tool_pins (
        server_id TEXT NOT NULL CHECK (length(server_id) BETWEEN 1 AND 200),
        tool_name TEXT NOT NULL CHECK (length(tool_name) BETWEEN 1 AND 256),
        definition_hash TEXT NOT NULL CHECK (length(definition_hash) = 64),
        definition_json TEXT NOT NULL CHECK (json_valid(definition_json)),
        accepted_at INTEGER NOT NULL,
        PRIMARY KEY (server_id, tool_name)
      ) STRICT, WITHOUT ROWID;
    `);
      }
    };
  }
});

// src/main/db/migrations/0100-message-tree.ts
var migration0100;
var init_message_tree = __esm({
  "src/main/db/migrations/0100-message-tree.ts"() {
    "use strict";
    migration0100 = {
      version: 100,
      name: "message-tree",
      up(db) {
        db.exec(`
      ALTER TABLE messages ADD COLUMN parent_id TEXT REFERENCES messages (id);
      ALTER TABLE conversations ADD COLUMN current_leaf_id TEXT;
      UPDATE messages SET parent_id = (
        SELECT p.id FROM messages p WHERE p.conversation_id = messages.conversation_id AND p.seq < messages.seq ORDER BY p.seq DESC LIMIT 1
      );
      UPDATE conversations SET current_leaf_id = (
        SELECT m.id FROM messages m WHERE m.conversation_id = conversations.id ORDER BY m.seq DESC LIMIT 1
      );
      CREATE INDEX messages_by_parent ON messages (parent_id);
    `);
      }
    };
  }
});

// src/main/db/migrations/0110-conversation-settings.ts
var migration0110;
var init_conversation_settings2 = __esm({
  "src/main/db/migrations/0110-conversation-settings.ts"() {
    "use strict";
    migration0110 = {
      version: 110,
      name: "conversation-settings",
      up(db) {
        db.exec(`
      CREATE TABLE conversation_settings (
        conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
        provider TEXT CHECK (provider IS NULL OR length(provider) BETWEEN 1 AND 200),
        model TEXT CHECK (model IS NULL OR length(model) BETWEEN 1 AND 200),
        system_prompt TEXT CHECK (system_prompt IS NULL OR length(system_prompt) <= 20000),
        max_output_tokens INTEGER CHECK (max_output_tokens IS NULL OR max_output_tokens BETWEEN 1 AND 1000000),
        temperature REAL CHECK (temperature IS NULL OR temperature BETWEEN 0 AND 2),
        updated_at INTEGER NOT NULL,
        CHECK ((provider IS NULL) = (model IS NULL))
      ) STRICT, WITHOUT ROWID;
    `);
      }
    };
  }
});

// src/main/db/migrations/0120-search-and-pins.ts
var migration0120;
var init_search_and_pins = __esm({
  "src/main/db/migrations/0120-search-and-pins.ts"() {
    "use strict";
    migration0120 = {
      version: 120,
      name: "search-and-pins",
      up(db) {
        db.exec(`
      ALTER TABLE conversations ADD COLUMN pinned_at INTEGER;
      CREATE INDEX conversations_pinned ON conversations (pinned_at DESC, id DESC) WHERE pinned_at IS NOT NULL;

      CREATE VIRTUAL TABLE conversation_title_search USING fts5(
        title, content = 'conversations', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER conversation_title_search_insert AFTER INSERT ON conversations BEGIN
        INSERT INTO conversation_title_search (rowid, title) VALUES (new.rowid, new.title);
      END;
      CREATE TRIGGER conversation_title_search_delete AFTER DELETE ON conversations BEGIN
        INSERT INTO conversation_title_search (conversation_title_search, rowid, title) VALUES ('delete', old.rowid, old.title);
      END;
      CREATE TRIGGER conversation_title_search_update AFTER UPDATE OF title ON conversations BEGIN
        INSERT INTO conversation_title_search (conversation_title_search, rowid, title) VALUES ('delete', old.rowid, old.title);
        INSERT INTO conversation_title_search (rowid, title) VALUES (new.rowid, new.title);
      END;

      CREATE VIRTUAL TABLE message_text_search USING fts5(
        text, content = 'message_parts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER message_text_search_insert AFTER INSERT ON message_parts WHEN new.type = 'text' BEGIN
        INSERT INTO message_text_search (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER message_text_search_delete AFTER DELETE ON message_parts WHEN old.type = 'text' BEGIN
        INSERT INTO message_text_search (message_text_search, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER message_text_search_update AFTER UPDATE OF text ON message_parts WHEN old.type = 'text' BEGIN
        INSERT INTO message_text_search (message_text_search, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO message_text_search (rowid, text) VALUES (new.rowid, new.text);
      END;

      -- What is already stored. (Not 'rebuild' for the text: that would index every part, tool data included.)
      INSERT INTO conversation_title_search (conversation_title_search) VALUES ('rebuild');
      INSERT INTO message_text_search (rowid, text) SELECT rowid, text FROM message_parts WHERE type = 'text';
    `);
      }
    };
  }
});

// src/main/db/migrations/0130-message-attachments.ts
var migration0130;
var init_message_attachments = __esm({
  "src/main/db/migrations/0130-message-attachments.ts"() {
    "use strict";
    migration0130 = {
      version: 130,
      name: "message-attachments",
      up(db) {
        db.exec(`
      CREATE TABLE message_attachments (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        mime_type TEXT NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/markdown', 'text/csv', 'application/json')),
        size INTEGER NOT NULL CHECK (size >= 1),
        data BLOB NOT NULL CHECK (length(data) = size),
        UNIQUE (message_id, position)
      ) STRICT;
    `);
      }
    };
  }
});

// src/main/db/migrations/0160-generation-profiles.ts
var migration0160;
var init_generation_profiles = __esm({
  "src/main/db/migrations/0160-generation-profiles.ts"() {
    "use strict";
    migration0160 = {
      version: 160,
      name: "generation-profiles",
      up(db) {
        db.exec(
          `ALTER TABLE generations ADD COLUMN profile TEXT CHECK (profile IS NULL OR length(profile) BETWEEN 1 AND 40);`
        );
      }
    };
  }
});

// src/main/db/migrations/0180-interrupt-detail.ts
var migration0180;
var init_interrupt_detail = __esm({
  "src/main/db/migrations/0180-interrupt-detail.ts"() {
    "use strict";
    migration0180 = {
      version: 180,
      name: "interrupt-detail",
      up(db) {
        db.exec(`
      ALTER TABLE messages ADD COLUMN interrupt_detail TEXT CHECK (interrupt_detail IS NULL OR (interrupt_detail = 'window-closed' AND interrupt_reason = 'network'));
    `);
      }
    };
  }
});

// src/main/db/migrations/0190-conversation-entries.ts
var migration0190;
var init_conversation_entries = __esm({
  "src/main/db/migrations/0190-conversation-entries.ts"() {
    "use strict";
    init_provider_id();
    migration0190 = {
      version: 190,
      name: "conversation-entries",
      up(db) {
        const wireIds = PROVIDER_IDS.map((id2) => `'${id2}'`).join(", ");
        db.exec(`
      WITH first_calls AS (
        SELECT t.conversation_id, g.provider, g.profile, g.started_at,
               row_number() OVER (PARTITION BY t.conversation_id ORDER BY g.started_at, g.round, g.attempt) AS n
        FROM generations g JOIN turns t ON t.id = g.turn_id
      )
      UPDATE conversation_settings
      SET provider = f.profile
      FROM first_calls f
      WHERE f.conversation_id = conversation_settings.conversation_id
        AND f.n = 1
        AND conversation_settings.provider IN (${wireIds})
        AND f.provider = conversation_settings.provider
        AND f.profile IS NOT NULL
        AND f.profile <> conversation_settings.provider
        AND conversation_settings.updated_at <= f.started_at;
    `);
      }
    };
  }
});

// src/main/db/migrations/index.ts
var MIGRATIONS, LATEST_SCHEMA_VERSION;
var init_migrations = __esm({
  "src/main/db/migrations/index.ts"() {
    "use strict";
    init_conversations();
    init_generations();
    init_tool_ledger2();
    init_measurements();
    init_settings2();
    init_message_part_chunks2();
    init_answer_details();
    init_measurement_offsets();
    init_mcp_tool_pins();
    init_message_tree();
    init_conversation_settings2();
    init_search_and_pins();
    init_message_attachments();
    init_generation_profiles();
    init_interrupt_detail();
    init_conversation_entries();
    MIGRATIONS = [
      migration0010,
      migration0020,
      migration0030,
      migration0040,
      migration0050,
      migration0060,
      migration0070,
      migration0080,
      migration0090,
      migration0100,
      migration0110,
      migration0120,
      migration0130,
      migration0160,
      migration0180,
      migration0190
    ];
    LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
  }
});

// src/main/db/migrations/migration.ts
var KEEL_APPLICATION_ID;
var init_migration = __esm({
  "src/main/db/migrations/migration.ts"() {
    "use strict";
    KEEL_APPLICATION_ID = 1262830924;
  }
});

// src/main/db/migrate.ts
function readSchemaVersion(db) {
  return db.pragma("user_version", { simple: true });
}
function checkSchemaCompatibility(db, migrations = MIGRATIONS) {
  const version = readSchemaVersion(db);
  const latestVersion = Math.max(0, ...migrations.map((m) => m.version));
  const applicationId = db.pragma("application_id", { simple: true });
  if (applicationId !== 0 && applicationId !== KEEL_APPLICATION_ID) {
    return storageError(
      "not-a-keel-database",
      `Its application id is ${applicationId}; Keel's is ${KEEL_APPLICATION_ID}.`
    );
  }
  if (version < 0)
    return storageError("not-a-keel-database", `Its schema version is ${version}; Keel's are never negative.`);
  if (version === 0) {
    const tables = db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`).get();
    if (tables.n > 0)
      return storageError("not-a-keel-database", `It has ${tables.n} tables and no Keel schema version.`);
    return void 0;
  }
  if (version > latestVersion && applicationId === KEEL_APPLICATION_ID) {
    return storageError(
      "newer-schema",
      `Its schema version is ${version}; this Keel knows up to ${latestVersion}. Update Keel to open it.`,
      {
        foundVersion: version,
        targetVersion: latestVersion
      }
    );
  }
  if (!migrations.some((m) => m.version === version)) {
    const known = migrations.map((m) => m.version).join(", ");
    const id2 = applicationId === 0 ? "no Keel application id" : "Keel's application id";
    return storageError(
      "not-a-keel-database",
      `Its schema version is ${version}, which is none of Keel's (${known}), and it has ${id2}.`
    );
  }
  const { unknown } = readAppliedMigrations(db, migrations);
  if (unknown.length > 0) {
    return storageError(
      "newer-schema",
      `It has migration ${unknown.join(", ")}, which this Keel does not know. Update Keel to open it.`,
      {
        foundVersion: version,
        targetVersion: latestVersion
      }
    );
  }
  return void 0;
}
function migrate(db, options = {}) {
  const migrations = [...options.migrations ?? MIGRATIONS].sort((a, b) => a.version - b.version);
  const target = options.targetVersion ?? Infinity;
  const incompatible = checkSchemaCompatibility(db, migrations);
  if (incompatible) return { ok: false, error: incompatible };
  const fromVersion = readSchemaVersion(db);
  const applied = [];
  let current;
  try {
    if (readAppliedMigrations(db, migrations).unrecorded.length > 0) {
      db.transaction(() => recordFoundMigrations(db, migrations)).immediate();
    }
    for (const migration of pendingMigrations(db, migrations, target)) {
      current = migration;
      const ran = db.transaction(() => {
        if (isRecorded(db, migration.version)) return false;
        if (db.pragma("application_id", { simple: true }) === 0) {
          db.pragma(`application_id = ${KEEL_APPLICATION_ID}`);
        }
        migration.up(db);
        recordRanMigration(db, migration);
        if (readSchemaVersion(db) < migration.version) db.pragma(`user_version = ${migration.version}`);
        return true;
      }).immediate();
      if (ran) applied.push(migration.version);
    }
  } catch (error) {
    const cause = toStorageError(error);
    const what = current ? `Migration ${current.version} (${current.name})` : "Recording the migrations the store already has";
    return {
      ok: false,
      error: {
        ...cause,
        kind: cause.kind === "busy" || cause.kind === "full" || cause.kind === "io" ? cause.kind : "migration-failed",
        message: `${what} failed and was rolled back: ${cause.message}`,
        ...current && { targetVersion: current.version }
      }
    };
  }
  return { ok: true, fromVersion, toVersion: readSchemaVersion(db), applied };
}
var init_migrate = __esm({
  "src/main/db/migrate.ts"() {
    "use strict";
    init_applied_migrations();
    init_migrations();
    init_migration();
    init_sqlite_error();
  }
});

// src/main/db/database.ts
import {
  accessSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync as existsSync2,
  mkdtempSync,
  openSync,
  readSync,
  rmSync as rmSync2,
  statSync as statSync2
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname as dirname2, join as join2, resolve } from "node:path";
import Database from "better-sqlite3";
function readDatabasePragmas(db) {
  const get = (name) => db.pragma(name, { simple: true });
  return {
    journalMode: String(get("journal_mode")),
    synchronous: Number(get("synchronous")),
    foreignKeys: Number(get("foreign_keys")),
    busyTimeoutMs: Number(get("busy_timeout")),
    userVersion: Number(get("user_version")),
    applicationId: Number(get("application_id"))
  };
}
function openDatabase(path, options = {}) {
  if (path === ":memory:" || path === "") return openWritable(path, false, options);
  const file = resolve(path);
  const folder = dirname2(file);
  const refused = (error) => ({
    ok: false,
    error: located(refineFullDisk(error, folder), file, "unchanged")
  });
  let existing;
  try {
    existing = statSync2(file);
  } catch (error) {
    if (error.code !== "ENOENT")
      return refused(storageError("cannot-open", `(${error.message})`));
  }
  if (!existing) {
    if (!existsSync2(folder)) return refused(storageError("cannot-open", `Its folder ${folder} does not exist.`));
    if (!isWritable(folder))
      return refused(storageError("read-only", `Its folder ${folder} is not writable, so the file cannot be created.`));
    const created = openWritable(file, false, options);
    if (!created.ok && fileSize(file) === 0 && fileSize(`${file}-wal`) === 0) {
      for (const leftover of [file, `${file}-wal`, `${file}-shm`]) rmSync2(leftover, { force: true });
    }
    return created;
  }
  if (!existing.isFile()) return refused(storageError("cannot-open", "It is not a regular file."));
  if (existing.size === 0 && fileSize(`${file}-wal`) === 0) {
    return refused(
      storageError("not-a-database", "It is empty (0 bytes); Keel only creates a store where no file exists yet.")
    );
  }
  const migrations = options.migrate?.migrations ?? MIGRATIONS;
  const writable = isWritable(file) && isWritable(folder) && [`${file}-wal`, `${file}-shm`].every((f) => !existsSync2(f) || isWritable(f));
  if (!writable && !options.allowReadOnly) {
    return refused(storageError("read-only", "The file or its folder is not writable; Keel needs to write to it."));
  }
  let snapshot;
  if (!writable && isWalMode(file) && !existsSync2(`${file}-shm`)) {
    try {
      snapshot = snapshotOf(file);
    } catch (error) {
      const kind = error.code === "ENOSPC" ? "full" : "cannot-open";
      return refused(
        storageError(kind, `(It is read-only, and a copy to read could not be made: ${error.message})`)
      );
    }
  }
  const deferCheck = writable && takeVerifiedStamp(file);
  const probed = probeExisting(snapshot?.file ?? file, migrations, options, deferCheck);
  if (!probed.ok) {
    snapshot?.remove();
    return refused(probed.error);
  }
  if (writable) {
    probed.db.close();
    const opened = openWritable(file, true, options);
    return opened.ok && probed.checkDeferred ? { ...opened, integrity: "deferred" } : opened;
  }
  const latest = Math.max(0, ...migrations.map((m) => m.version));
  const version = readSchemaVersion(probed.db);
  const pending = pendingMigrations(probed.db, migrations);
  if (pending.length > 0) {
    probed.db.close();
    snapshot?.remove();
    const lacks = `migration ${pending.map((m) => `${m.version} (${m.name})`).join(", ")}`;
    const needs = version < latest ? `this Keel needs ${latest} (it lacks ${lacks})` : `it lacks ${lacks}`;
    return refused(
      storageError(
        "read-only",
        `Its schema version is ${version} and ${needs}: it would have to be updated, but the file or its folder is not writable. Make it writable and open it again.`,
        { foundVersion: version, targetVersion: latest }
      )
    );
  }
  return {
    ok: true,
    db: probed.db,
    readOnly: true,
    integrity: "checked",
    ...snapshot && { release: snapshot.remove }
  };
}
function isWalMode(file) {
  const header = Buffer.alloc(20);
  let fd;
  try {
    fd = openSync(file, "r");
    return readSync(fd, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2;
  } catch {
    return false;
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
}
function snapshotOf(file) {
  const dir = mkdtempSync(join2(tmpdir(), "keel-read-only-"));
  const remove = () => rmSync2(dir, { recursive: true, force: true });
  try {
    const copy = join2(dir, basename(file));
    copyFileSync(file, copy);
    if (existsSync2(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    return { file: copy, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
function probeExisting(file, migrations, options, mayDefer = false) {
  const created = [`${file}-wal`, `${file}-shm`].filter((sidecar) => !existsSync2(sidecar));
  let db;
  const refuse = (error) => {
    try {
      db?.close();
    } catch {
    }
    for (const sidecar of created)
      if (sidecar.endsWith("-shm") || fileSize(sidecar) === 0) rmSync2(sidecar, { force: true });
    return { ok: false, error };
  };
  try {
    db = new Database(file, {
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MS,
      ...nativeBindingOf(options)
    });
    const incompatible = checkSchemaCompatibility(db, migrations);
    if (incompatible) return refuse(incompatible);
    if (mayDefer && pendingMigrations(db, migrations, options.migrate?.targetVersion).length === 0 && readAppliedMigrations(db, migrations).unrecorded.length === 0) {
      return { ok: true, db, checkDeferred: true };
    }
    const problems = db.prepare(`PRAGMA quick_check(${QUICK_CHECK_ERRORS_SHOWN})`).pluck().all();
    if (problems.length !== 1 || problems[0] !== "ok") {
      return refuse(
        storageError("corrupt", `PRAGMA quick_check found: ${problems.join("; ").replace(/\s+/g, " ").trim()}.`)
      );
    }
    return { ok: true, db, checkDeferred: false };
  } catch (error) {
    return refuse(toStorageError(error));
  }
}
function openWritable(path, mustExist, options) {
  const inFile = path !== ":memory:" && path !== "";
  const folder = inFile ? dirname2(path) : void 0;
  const withLocation = (error, state) => {
    if (!folder) return error;
    return located(refineFullDisk(error, folder), path, mustExist ? state : "new");
  };
  let db;
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: mustExist, ...nativeBindingOf(options) });
  } catch (error) {
    const cause = toStorageError(error);
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: withLocation(cause.kind === "unknown" ? storageError("cannot-open", `(${detail})`) : cause, "unchanged")
    };
  }
  const fail2 = (error) => {
    try {
      db.close();
    } catch {
    }
    return { ok: false, error };
  };
  try {
    const journalMode = String(db.pragma("journal_mode = WAL", { simple: true }));
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (process.platform === "darwin") {
      db.pragma("fullfsync = ON");
      db.pragma("checkpoint_fullfsync = ON");
    }
    const pragmas = readDatabasePragmas(db);
    if (inFile && journalMode !== "wal" || pragmas.synchronous !== 2 || pragmas.foreignKeys !== 1) {
      return fail2(
        withLocation(
          storageError(
            "pragma-mismatch",
            `journal_mode=${journalMode}, synchronous=${pragmas.synchronous}, foreign_keys=${pragmas.foreignKeys}.`
          ),
          "maybe-changed"
        )
      );
    }
  } catch (error) {
    return fail2(withLocation(toStorageError(error), "maybe-changed"));
  }
  const migrated = migrate(db, options.migrate);
  if (!migrated.ok) return fail2(withLocation(migrated.error, "unchanged"));
  return { ok: true, db, readOnly: false, integrity: "checked" };
}
function located(error, file, state) {
  const outcome = state === "unchanged" ? "The file was not changed." : state === "new" ? "No store was created." : "The file may have been switched to WAL mode; its data was not changed.";
  return { ...error, message: `Cannot open the store ${file}: ${error.message} ${outcome}` };
}
function isWritable(path) {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function fileSize(path) {
  try {
    return statSync2(path).size;
  } catch {
    return 0;
  }
}
function nativeBindingOf(options) {
  return options.nativeBinding !== void 0 ? { nativeBinding: options.nativeBinding } : {};
}
var BUSY_TIMEOUT_MS, QUICK_CHECK_ERRORS_SHOWN;
var init_database = __esm({
  "src/main/db/database.ts"() {
    "use strict";
    init_integrity_check();
    init_applied_migrations();
    init_migrate();
    init_migrations();
    init_sqlite_error();
    BUSY_TIMEOUT_MS = 5e3;
    QUICK_CHECK_ERRORS_SHOWN = 3;
  }
});

// src/main/db/generation-store.ts
import { randomUUID as randomUUID2 } from "node:crypto";
function toGeneration(row) {
  return {
    id: row.id,
    turnId: row.turn_id,
    messageId: row.message_id ?? void 0,
    round: row.round,
    attempt: row.attempt,
    provider: row.provider,
    // NULL: written before profiles were recorded (migration 0160), when the wire id was the profile.
    profile: row.profile ?? row.provider,
    model: row.model,
    startedAt: row.started_at,
    endedAt: row.ended_at ?? void 0,
    outcome: row.outcome,
    finishReason: row.finish_reason ?? void 0,
    rawFinishReason: row.raw_finish_reason ?? void 0,
    error: row.error_json === null ? void 0 : JSON.parse(row.error_json),
    usage: {
      inputTokens: row.input_tokens ?? void 0,
      outputTokens: row.output_tokens ?? void 0,
      reasoningTokens: row.reasoning_tokens ?? void 0,
      cachedInputTokens: row.cached_input_tokens ?? void 0
    },
    usageSource: row.usage_source ?? void 0
  };
}
var GenerationStore;
var init_generation_store = __esm({
  "src/main/db/generation-store.ts"() {
    "use strict";
    GenerationStore = class {
      constructor(db, clock, newId = randomUUID2) {
        this.clock = clock;
        this.newId = newId;
        this.insert = db.prepare(
          `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, profile, model, started_at, outcome)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running')`
        );
        this.finishStatement = db.prepare(
          `UPDATE generations SET ended_at = ?, outcome = ?, finish_reason = ?, raw_finish_reason = ?, error_json = ?,
         input_tokens = ?, output_tokens = ?, reasoning_tokens = ?, cached_input_tokens = ?, usage_source = ?
       WHERE id = ? AND outcome = 'running'`
        );
        this.selectById = db.prepare("SELECT * FROM generations WHERE id = ?");
        this.selectByTurn = db.prepare("SELECT * FROM generations WHERE turn_id = ? ORDER BY round, attempt");
        this.selectByConversation = db.prepare(
          // No ORDER BY: sorting every call of the conversation cost more than the read; each turn's few are sorted after.
          "SELECT g.* FROM turns t CROSS JOIN generations g ON g.turn_id = t.id WHERE t.conversation_id = ?"
        );
      }
      clock;
      newId;
      insert;
      finishStatement;
      selectById;
      selectByTurn;
      selectByConversation;
      /** Records the start of a model call. (turn, round, attempt) is unique: a duplicate start throws. */
      start(input) {
        const id2 = this.newId();
        this.insert.run(
          id2,
          input.turnId,
          input.messageId ?? null,
          input.round,
          input.attempt,
          input.provider,
          input.profile ?? input.provider,
          input.model,
          this.clock()
        );
        return this.mustGet(id2);
      }
      /**
       * Records how the call ended. Only the first end counts: returns false (and changes nothing) when
       * the call was already finished or was marked `app-crash` by recovery.
       */
      finish(id2, end2) {
        const usage = end2.usage;
        return this.finishStatement.run(
          this.clock(),
          end2.outcome,
          end2.finishReason ?? null,
          end2.rawFinishReason ?? null,
          end2.error ? JSON.stringify(end2.error) : null,
          usage.inputTokens ?? null,
          usage.outputTokens ?? null,
          usage.reasoningTokens ?? null,
          usage.cachedInputTokens ?? null,
          end2.usageSource,
          id2
        ).changes === 1;
      }
      get(id2) {
        const row = this.selectById.get(id2);
        return row ? toGeneration(row) : void 0;
      }
      listForTurn(turnId) {
        return this.selectByTurn.all(turnId).map(toGeneration);
      }
      /** Every model call of the conversation's turns, by turn id (each turn's in round and attempt order): one query, not one per turn. */
      listForConversation(conversationId) {
        const byTurn = /* @__PURE__ */ new Map();
        for (const row of this.selectByConversation.all(conversationId)) {
          const list2 = byTurn.get(row.turn_id);
          if (list2) list2.push(toGeneration(row));
          else byTurn.set(row.turn_id, [toGeneration(row)]);
        }
        for (const list2 of byTurn.values())
          if (list2.length > 1) list2.sort((a, b) => a.round - b.round || a.attempt - b.attempt);
        return byTurn;
      }
      mustGet(id2) {
        const generation = this.get(id2);
        if (!generation) throw new Error(`generation ${id2} vanished after being written`);
        return generation;
      }
    };
  }
});

// src/main/db/mcp-pin-store.ts
var PIN_RETRY_MS, McpPinStore;
var init_mcp_pin_store = __esm({
  "src/main/db/mcp-pin-store.ts"() {
    "use strict";
    PIN_RETRY_MS = 250;
    McpPinStore = class {
      constructor(db, clock) {
        this.db = db;
        this.clock = clock;
      }
      db;
      clock;
      /** The server's accepted tools by name. A row whose JSON no longer parses reads as no pin (the tool is reviewed again). */
      forServer(serverId) {
        const rows = this.db.prepare(
          "SELECT tool_name, definition_hash, definition_json, accepted_at FROM mcp_tool_pins WHERE server_id = ?"
        ).all(serverId);
        const pins = /* @__PURE__ */ new Map();
        for (const row of rows) {
          let definition;
          try {
            definition = JSON.parse(row.definition_json);
          } catch {
            continue;
          }
          if (typeof definition !== "object" || definition === null || Array.isArray(definition)) continue;
          pins.set(row.tool_name, {
            toolName: row.tool_name,
            definitionHash: row.definition_hash,
            definition,
            acceptedAt: row.accepted_at
          });
        }
        return pins;
      }
      /** Accepts these definitions (replacing earlier ones of the same tools), in one transaction. */
      accept(serverId, tools) {
        if (this.db.inTransaction) {
          setTimeout(() => {
            if (!this.db.open) return;
            try {
              this.accept(serverId, tools);
            } catch {
            }
          }, PIN_RETRY_MS).unref?.();
          return;
        }
        const now = this.clock();
        const upsert = this.db.prepare(
          `INSERT INTO mcp_tool_pins (server_id, tool_name, definition_hash, definition_json, accepted_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (server_id, tool_name) DO UPDATE SET definition_hash = excluded.definition_hash, definition_json = excluded.definition_json, accepted_at = excluded.accepted_at`
        );
        this.db.transaction(() => {
          for (const tool of tools)
            upsert.run(serverId, tool.toolName, tool.definitionHash, JSON.stringify(tool.definition), now);
        })();
      }
      /** Whether the user ever accepted a tool list of this server (its first listing is accepted with consent). */
      hasAny(serverId) {
        return this.db.prepare("SELECT 1 FROM mcp_tool_pins WHERE server_id = ? LIMIT 1").get(serverId) !== void 0;
      }
      /** Forgets a removed server's pins. */
      removeServer(serverId) {
        this.db.prepare("DELETE FROM mcp_tool_pins WHERE server_id = ?").run(serverId);
      }
    };
  }
});

// src/main/db/measurement-store.ts
function toMeasurement(row) {
  return {
    id: row.id,
    kind: row.kind,
    canonicalValue: row.canonical_value,
    canonicalUnit: MEASUREMENT_KIND_INFO[row.kind].canonicalUnit,
    value: row.input_value,
    unit: row.input_unit,
    takenAt: row.taken_at,
    takenAtPrecision: row.taken_at_precision,
    takenAtOffsetMin: row.taken_at_offset_min ?? void 0,
    recordedAt: row.recorded_at,
    deletedAt: row.deleted_at ?? void 0
  };
}
function prepare4(db) {
  return {
    insert: db.prepare(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, taken_at_offset_min, recorded_at, created_by_ledger_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ),
    softDelete: db.prepare(
      "UPDATE measurements SET deleted_at = ?, deleted_by_ledger_id = ? WHERE id = ? AND deleted_at IS NULL"
    ),
    selectAny: db.prepare("SELECT * FROM measurements WHERE id = ?"),
    selectLive: db.prepare("SELECT * FROM measurements WHERE id = ? AND deleted_at IS NULL"),
    latest: db.prepare(
      "SELECT * FROM measurements WHERE kind = ? AND deleted_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT 1"
    ),
    listAll: db.prepare(
      `SELECT * FROM measurements WHERE deleted_at IS NULL AND ${IN_RANGE}
       ORDER BY taken_at DESC, id DESC LIMIT @limit`
    ),
    listKind: db.prepare(
      `SELECT * FROM measurements WHERE kind = @kind AND deleted_at IS NULL AND ${IN_RANGE}
       ORDER BY taken_at DESC, id DESC LIMIT @limit`
    )
  };
}
var MeasurementStore, IN_RANGE;
var init_measurement_store = __esm({
  "src/main/db/measurement-store.ts"() {
    "use strict";
    init_measurement();
    MeasurementStore = class {
      constructor(db, clock) {
        this.clock = clock;
        this.statements = prepare4(db);
      }
      clock;
      statements;
      /** Throws a RangeError for a date outside {@link measurementTimeProblem}'s range: every entrance checks it first. */
      insert(input) {
        const problem = measurementTimeProblem(input.takenAt, this.clock());
        if (problem)
          throw new RangeError(`a measurement's date must lie between 1900 and tomorrow (${problem}: ${input.takenAt})`);
        const result = this.statements.insert.run(
          input.kind,
          input.canonicalValue,
          input.value,
          input.unit,
          input.takenAt,
          input.takenAtPrecision,
          input.takenAtOffsetMin ?? null,
          this.clock(),
          input.createdByLedgerId ?? null
        );
        const row = this.statements.selectAny.get(Number(result.lastInsertRowid));
        if (!row) throw new Error("a measurement vanished right after being inserted");
        return toMeasurement(row);
      }
      /** Soft-deletes a live measurement; `undefined` when there is none with that id (or it was already deleted). */
      softDelete(id2, options = {}) {
        const changed = this.statements.softDelete.run(this.clock(), options.deletedByLedgerId ?? null, id2).changes;
        if (changed !== 1) return void 0;
        const row = this.statements.selectAny.get(id2);
        return row ? toMeasurement(row) : void 0;
      }
      /** A live measurement by id. */
      get(id2) {
        const row = this.statements.selectLive.get(id2);
        return row ? toMeasurement(row) : void 0;
      }
      /** The most recent live measurement of a kind (latest `takenAt`, then latest id). */
      latest(kind) {
        const row = this.statements.latest.get(kind);
        return row ? toMeasurement(row) : void 0;
      }
      /** Every live measurement, newest first, one row at a time (the export; nothing else may use the connection meanwhile). */
      *iterateAll() {
        const [min, max] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
        for (const row of this.statements.listAll.iterate({
          from: min,
          to: max,
          byWallClock: 0,
          dayFrom: min,
          dayTo: max,
          limit: -1
        }))
          yield toMeasurement(row);
      }
      /** Live measurements, newest first. */
      list(query) {
        const from = query.from ?? Number.MIN_SAFE_INTEGER;
        const to = query.to ?? Number.MAX_SAFE_INTEGER;
        const range = {
          from,
          to,
          byWallClock: query.days ? 1 : 0,
          dayFrom: query.days?.from ?? Number.MIN_SAFE_INTEGER,
          dayTo: query.days?.to ?? Number.MAX_SAFE_INTEGER,
          limit: query.limit
        };
        const rows = query.kind === void 0 ? this.statements.listAll.all(range) : this.statements.listKind.all({ ...range, kind: query.kind });
        return rows.map(toMeasurement);
      }
    };
    IN_RANGE = `CASE WHEN @byWallClock AND taken_at_precision = 'day'
    THEN taken_at + coalesce(taken_at_offset_min, 0) * 60000 BETWEEN @dayFrom AND @dayTo
    ELSE taken_at BETWEEN @from AND @to END`;
  }
});

// src/main/db/process-presence.ts
import { existsSync as existsSync3, readdirSync, unlinkSync } from "node:fs";
import { basename as basename2, dirname as dirname3, join as join3, resolve as resolve2 } from "node:path";
import Database2 from "better-sqlite3";
function announcePresence(databasePath, options = {}) {
  const dir = dirname3(resolve2(databasePath));
  const prefix = `${basename2(databasePath)}.open-`;
  const own = join3(dir, `${prefix}${process.pid}`);
  hold(own, options);
  let othersAlive = false;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    const path = join3(dir, name);
    if (path === own) continue;
    if (isHeldByLiveProcess(path, options)) othersAlive = true;
  }
  let released = false;
  return {
    othersAlive,
    release() {
      if (released) return;
      released = true;
      letGo(own);
    }
  };
}
function hold(path, options) {
  const existing = held.get(path);
  if (existing) {
    existing.users++;
    return;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const db = new Database2(path, {
      timeout: 2e3,
      ...options.nativeBinding !== void 0 && { nativeBinding: options.nativeBinding }
    });
    try {
      db.pragma("journal_mode = MEMORY");
      db.pragma("locking_mode = EXCLUSIVE");
      db.exec("CREATE TABLE IF NOT EXISTS presence (pid INTEGER NOT NULL, opened_at INTEGER NOT NULL)");
      db.exec("DELETE FROM presence");
      db.prepare("INSERT INTO presence (pid, opened_at) VALUES (?, ?)").run(process.pid, Date.now());
    } catch (error) {
      db.close();
      const code = error.code;
      if (code === "SQLITE_NOTADB" || typeof code === "string" && code.startsWith("SQLITE_CORRUPT")) {
        removeQuietly(path);
        continue;
      }
      throw error;
    }
    if (existsSync3(path)) {
      held.set(path, { db, users: 1 });
      return;
    }
    db.close();
  }
  throw new Error(`could not keep the presence file ${path}`);
}
function letGo(path) {
  const entry = held.get(path);
  if (!entry || --entry.users > 0) return;
  held.delete(path);
  if (process.platform !== "win32") removeQuietly(path);
  entry.db.close();
  if (process.platform === "win32") removeQuietly(path);
}
function isHeldByLiveProcess(path, options) {
  let db;
  try {
    db = new Database2(path, {
      fileMustExist: true,
      timeout: 0,
      ...options.nativeBinding !== void 0 && { nativeBinding: options.nativeBinding }
    });
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    const code = error.code;
    if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) {
      db?.close();
      return true;
    }
  }
  if (process.platform !== "win32") removeQuietly(path);
  try {
    if (db?.inTransaction) db.exec("ROLLBACK");
  } finally {
    db?.close();
  }
  if (process.platform === "win32") removeQuietly(path);
  return false;
}
function removeQuietly(path) {
  try {
    unlinkSync(path);
  } catch {
  }
}
var held;
var init_process_presence = __esm({
  "src/main/db/process-presence.ts"() {
    "use strict";
    held = /* @__PURE__ */ new Map();
  }
});

// src/main/db/recover-after-crash.ts
function recoverAfterCrash(db, now) {
  return db.transaction(() => {
    const interrupted = db.prepare(
      `UPDATE messages SET status = 'interrupted', interrupt_reason = 'app-crash', updated_at = ?
           WHERE status = 'streaming' RETURNING id`
    ).all(now);
    compactSettledChunks(db);
    const crashed = db.prepare(
      `UPDATE generations SET outcome = 'app-crash' WHERE outcome = 'running' RETURNING id`
    ).all();
    const unknown = db.prepare(`SELECT count(*) AS n FROM tool_ledger WHERE state = 'unknown'`).get();
    return {
      interruptedMessageIds: interrupted.map((row) => row.id),
      crashedGenerationIds: crashed.map((row) => row.id),
      unknownLedgerEntries: unknown?.n ?? 0,
      skippedBecauseInUse: false
    };
  }).immediate();
}
var init_recover_after_crash = __esm({
  "src/main/db/recover-after-crash.ts"() {
    "use strict";
    init_message_part_chunks();
  }
});

// src/main/db/settings-store.ts
function corrupt(key, storedText, reason) {
  return {
    ok: false,
    error: {
      kind: "corrupt-setting",
      key,
      storedText,
      message: `The stored value of setting '${key}' is unusable: ${reason}.`
    }
  };
}
function describeIssues(error) {
  return error.issues.map((issue) => issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message).join("; ");
}
var SettingsStore;
var init_settings_store = __esm({
  "src/main/db/settings-store.ts"() {
    "use strict";
    init_settings();
    SettingsStore = class {
      constructor(db, clock) {
        this.clock = clock;
        this.select = db.prepare("SELECT value_json FROM settings WHERE key = ?");
        this.upsert = db.prepare(
          `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`
        );
        this.remove = db.prepare("DELETE FROM settings WHERE key = ?");
      }
      clock;
      select;
      upsert;
      remove;
      /** The stored value, or the default when none is stored; a typed error when the stored value is corrupt. */
      get(key) {
        const definition = SETTING_DEFINITIONS[key];
        const row = this.select.get(key);
        if (!row) return { ok: true, value: definition.defaultValue, isDefault: true };
        let parsed;
        try {
          parsed = JSON.parse(row.value_json);
        } catch (error) {
          return corrupt(key, row.value_json, `it is not JSON (${error instanceof Error ? error.message : String(error)})`);
        }
        const result = definition.schema.safeParse(parsed);
        if (!result.success) return corrupt(key, row.value_json, describeIssues(result.error));
        return { ok: true, value: result.data, isDefault: false };
      }
      /** Every setting, each read independently (a corrupt one does not affect the others). */
      getAll() {
        const entries = SETTING_KEYS.map((key) => [key, this.get(key)]);
        return Object.fromEntries(entries);
      }
      /** Validates then stores. Nothing is written when the key is unknown or the value fails its schema. */
      set(key, value) {
        if (!isSettingKey(key)) {
          return { ok: false, error: { kind: "unknown-setting", key, message: `There is no setting named '${key}'.` } };
        }
        const result = SETTING_DEFINITIONS[key].schema.safeParse(value);
        if (!result.success) {
          return {
            ok: false,
            error: { kind: "invalid-setting", key, message: `Invalid value for '${key}': ${describeIssues(result.error)}` }
          };
        }
        this.upsert.run(key, JSON.stringify(result.data), this.clock());
        return { ok: true };
      }
      /** Forgets the stored value (the default applies again). */
      reset(key) {
        this.remove.run(key);
      }
    };
  }
});

// src/main/db/keel-store.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { resolve as resolve3 } from "node:path";
import Database3 from "better-sqlite3";
function subStoresOn(db, clock, newId) {
  return {
    conversations: new ConversationStore(db, clock, newId),
    search: new ConversationSearch(db, clock),
    generations: new GenerationStore(db, clock, newId),
    measurements: new MeasurementStore(db, clock),
    ledger: new ToolLedger(db),
    settings: new SettingsStore(db, clock),
    mcpPins: new McpPinStore(db, clock),
    attachments: new AttachmentStore(db)
  };
}
function openReaderOn(file, clock, newId, options) {
  const db = new Database3(file, {
    readonly: true,
    fileMustExist: true,
    timeout: BUSY_TIMEOUT_MS,
    ...options.nativeBinding !== void 0 ? { nativeBinding: options.nativeBinding } : {}
  });
  try {
    const reader = {
      db,
      readOnly: true,
      clock,
      ...subStoresOn(db, clock, newId),
      recovery: {
        interruptedMessageIds: [],
        crashedGenerationIds: [],
        unknownLedgerEntries: 0,
        skippedBecauseInUse: false
      },
      integrity: "ok",
      integrityVerdict: Promise.resolve({ state: "ok" }),
      close: () => {
        if (db.open) db.close();
      },
      closeWhenChecked: async () => reader.close(),
      openReader: () => void 0
    };
    return reader;
  } catch (error) {
    db.close();
    throw error;
  }
}
function openKeelStore(path, options = {}) {
  const opened = openDatabase(path, options);
  if (!opened.ok) return opened;
  const { db, readOnly } = opened;
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? randomUUID3;
  let recovery;
  let presence;
  try {
    presence = path === ":memory:" || readOnly || options.announcePresence === false ? void 0 : announcePresence(path, options.nativeBinding !== void 0 ? { nativeBinding: options.nativeBinding } : {});
    recovery = presence?.othersAlive || readOnly ? {
      interruptedMessageIds: [],
      crashedGenerationIds: [],
      unknownLedgerEntries: 0,
      skippedBecauseInUse: !readOnly
    } : recoverAfterCrash(db, clock());
  } catch (error) {
    presence?.release();
    db.close();
    opened.release?.();
    return { ok: false, error: storageErrorOf(db, error) };
  }
  let integrity = opened.integrity === "deferred" ? "checking" : "ok";
  const check = opened.integrity === "deferred" ? checkInBackground(resolve3(path), { nativeBinding: options.nativeBinding }) : void 0;
  const integrityVerdict = check ? check.verdict.then((verdict) => {
    if (integrity !== "checking") return verdict;
    integrity = verdict.state === "ok" ? "ok" : verdict.state;
    if (verdict.state === "damaged" && db.open) db.pragma("query_only = ON");
    return verdict;
  }) : Promise.resolve({ state: "ok" });
  const inFile = path !== ":memory:" && path !== "";
  if (inFile && !readOnly) dropVerifiedStamp(resolve3(path));
  const store = {
    db,
    readOnly,
    clock,
    ...subStoresOn(db, clock, newId),
    recovery,
    get integrity() {
      return integrity;
    },
    integrityVerdict,
    close: () => {
      check?.stop();
      const wasOpen = db.open;
      if (db.open) db.close();
      opened.release?.();
      presence?.release();
      if (wasOpen && inFile && !readOnly && integrity === "ok") writeVerifiedStamp(resolve3(path));
      if (integrity === "checking") integrity = "unknown";
    },
    async closeWhenChecked(maxWaitMs = CLOSE_WAITS_FOR_CHECK_MS) {
      if (integrity === "checking" && db.open) {
        let timer;
        await Promise.race([integrityVerdict, new Promise((resolve6) => timer = setTimeout(resolve6, maxWaitMs))]);
        clearTimeout(timer);
      }
      store.close();
    },
    openReader: () => inFile && !readOnly && db.open ? openReaderOn(resolve3(path), clock, newId, options) : void 0
  };
  return { ok: true, store };
}
var CLOSE_WAITS_FOR_CHECK_MS;
var init_keel_store = __esm({
  "src/main/db/keel-store.ts"() {
    "use strict";
    init_tool_ledger();
    init_clock();
    init_conversation_search();
    init_attachment_store();
    init_conversation_store();
    init_database();
    init_generation_store();
    init_mcp_pin_store();
    init_measurement_store();
    init_process_presence();
    init_recover_after_crash();
    init_settings_store();
    init_sqlite_error();
    init_integrity_check();
    CLOSE_WAITS_FOR_CHECK_MS = 3e3;
  }
});

// src/cli/open-store.ts
import { existsSync as existsSync4, mkdirSync } from "node:fs";
import { dirname as dirname4 } from "node:path";
function openStoreForCli(path, options) {
  if (options.create) mkdirSync(dirname4(path), { recursive: true });
  else if (!existsSync4(path)) throw new CliUsageError(`cannot open ${path}: no such file`);
  const opened = openKeelStore(path, options.allowReadOnly ? { allowReadOnly: true } : {});
  if (!opened.ok) throw new CliUsageError(opened.error.message);
  return opened.store;
}
var init_open_store = __esm({
  "src/cli/open-store.ts"() {
    "use strict";
    init_keel_store();
    init_cli_usage_error();
  }
});

// src/main/mcp/mcp-config-import.ts
function findPlaceholders(value) {
  const found = value.match(PLACEHOLDER);
  return found ? found.join(" ") : void 0;
}
function parseMcpConfigJson(text3, existing = []) {
  const source = text3.startsWith("\uFEFF") ? text3.slice(1) : text3;
  let parsed;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    return { ok: false, error: notJson(source, error) };
  }
  if (!isPlainObject(parsed))
    return {
      ok: false,
      error: {
        kind: "not-an-object",
        message: 'The text is JSON but not an object; expected { "mcpServers": { \u2026 } } or { "servers": { \u2026 } }.'
      }
    };
  const readKey = Object.hasOwn(parsed, "mcpServers") ? "mcpServers" : Object.hasOwn(parsed, "servers") ? "servers" : void 0;
  if (readKey === void 0) {
    return {
      ok: false,
      error: {
        kind: "no-servers-key",
        message: 'No "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) key was found, so there is nothing to import.'
      }
    };
  }
  const entries = parsed[readKey];
  if (!isPlainObject(entries)) {
    return {
      ok: false,
      error: {
        kind: "servers-not-an-object",
        readKey,
        message: `"${readKey}" must be an object of servers by name ({ "name": { "command": \u2026 } }).`
      }
    };
  }
  const names = new Set(existing.map((server) => server.name));
  const ids = new Set(existing.map((server) => server.id));
  const report = { added: [], skipped: [], unresolved: [], readKey };
  const servers = [];
  for (const [rawName, raw] of Object.entries(entries)) {
    const name = rawName.trim();
    const skip = (reason) => report.skipped.push({ name: rawName, reason });
    if (name.length === 0) {
      skip("The server has no name.");
      continue;
    }
    if (name.length > MCP_NAME_MAX) {
      skip(`The name is longer than ${MCP_NAME_MAX} characters.`);
      continue;
    }
    if (names.has(name)) {
      skip(`A server named "${name}" already exists; remove or rename it first to import this one.`);
      continue;
    }
    const entry = readEntry(name, raw);
    report.unresolved.push(...entry.unresolved);
    if (!entry.ok) {
      skip(entry.reason);
      continue;
    }
    const id2 = uniqueId(mcpServerId(name), ids);
    const checked = mcpServerConfigSchema.safeParse({ id: id2, name, ...entry.config });
    if (!checked.success) {
      skip(
        `Not a valid server: ${checked.error.issues.map((issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`).join("; ")}`
      );
      continue;
    }
    names.add(name);
    ids.add(id2);
    servers.push({ config: checked.data, secrets: entry.secrets });
    report.added.push(name);
  }
  return { ok: true, servers, report };
}
function readEntry(server, raw) {
  const unresolved = [];
  const blockers = [];
  if (!isPlainObject(raw)) return { ok: false, reason: "The entry is not an object.", unresolved };
  if (Object.hasOwn(raw, "__proto__"))
    return { ok: false, reason: 'The entry has a key named "__proto__".', unresolved };
  const runnable = (where, key, value) => {
    const placeholder = findPlaceholders(value);
    if (placeholder !== void 0) {
      unresolved.push({ server, where, key, placeholder });
      blockers.push(`${where === "args" ? `args[${key}]` : where} has the unresolved placeholder ${placeholder}`);
    }
    return value;
  };
  try {
    const command = optional(
      raw,
      "command",
      (value) => runnable("command", "command", text2(value, "command", { trim: true }))
    );
    const args = optional(raw, "args", (value) => {
      if (!Array.isArray(value)) throw new BadField('"args" must be an array of strings.');
      if (value.length > MCP_ARGS_MAX) throw new BadField(`"args" has more than ${MCP_ARGS_MAX} items.`);
      return value.map(
        (item, index) => runnable("args", String(index), text2(item, `args[${index}]`, { allowEmpty: true }))
      );
    });
    const cwd = optional(raw, "cwd", (value) => runnable("cwd", "cwd", text2(value, "cwd")));
    const url = optional(raw, "url", (value) => runnable("url", "url", httpUrl(value)));
    const env = optional(raw, "env", (value) => values(server, "env", value, unresolved));
    const headers = optional(raw, "headers", (value) => values(server, "headers", value, unresolved));
    const disabled = optional(raw, "disabled", (value) => boolean(value, "disabled"));
    const trustReadOnlyHints = optional(raw, "trustReadOnlyHints", (value) => boolean(value, "trustReadOnlyHints"));
    const timeoutMs = optional(raw, "timeout", timeout);
    const transport = optional(raw, "type", (value) => {
      const known = typeof value === "string" ? TRANSPORTS[value] : void 0;
      if (known === void 0)
        throw new BadField(
          `"type" ${typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : describe2(value)} is not one Keel knows (stdio, http, streamable-http, streamableHttp, sse).`
        );
      return known;
    }) ?? inferTransport(command, url);
    if (transport === "stdio") {
      if (command === void 0) throw new BadField('A stdio server needs a "command".');
      if (url !== void 0 || headers !== void 0)
        throw new BadField('A stdio server has no "url" or "headers" (give "type": "http" for a remote server).');
    } else {
      if (url === void 0) throw new BadField(`An ${transport} server needs a "url".`);
      if (command !== void 0 || args !== void 0 || cwd !== void 0 || env !== void 0) {
        throw new BadField(
          `An ${transport} server has no "command", "args", "cwd" or "env" (give "type": "stdio" for a local one).`
        );
      }
    }
    if (blockers.length > 0)
      return {
        ok: false,
        reason: `Not imported: ${blockers.join("; ")} (Keel never fills these in; edit the config with the real value).`,
        unresolved
      };
    const extra = Object.fromEntries(Object.entries(raw).filter(([key]) => !KNOWN_KEYS.has(key)));
    const config = {
      transport,
      ...command !== void 0 ? { command } : {},
      ...args !== void 0 ? { args } : {},
      ...cwd !== void 0 ? { cwd } : {},
      ...env !== void 0 ? { env: env.stored } : {},
      ...url !== void 0 ? { url } : {},
      ...headers !== void 0 ? { headers: headers.stored } : {},
      ...disabled !== void 0 ? { disabled } : {},
      ...timeoutMs !== void 0 ? { timeoutMs } : {},
      ...trustReadOnlyHints !== void 0 ? { trustReadOnlyHints } : {},
      ...Object.keys(extra).length > 0 ? { extra } : {}
    };
    return { ok: true, config, secrets: { env: env?.secrets ?? {}, headers: headers?.secrets ?? {} }, unresolved };
  } catch (error) {
    if (error instanceof BadField) return { ok: false, reason: error.message, unresolved };
    throw error;
  }
}
function inferTransport(command, url) {
  if (command !== void 0 && url !== void 0)
    throw new BadField('The entry has both "command" and "url"; add "type" ("stdio" or "http") to say which.');
  if (command !== void 0) return "stdio";
  if (url !== void 0) return "http";
  throw new BadField('The entry has neither "command" (a local server) nor "url" (a remote one).');
}
function optional(raw, key, read) {
  return Object.hasOwn(raw, key) ? read(raw[key]) : void 0;
}
function text2(value, field, options = {}) {
  if (typeof value !== "string") throw new BadField(`"${field}" must be a string, not ${describe2(value)}.`);
  const out = options.trim ? value.trim() : value;
  if (out.length === 0 && !options.allowEmpty) throw new BadField(`"${field}" is empty.`);
  if (out.length > MCP_TEXT_MAX) throw new BadField(`"${field}" is longer than ${MCP_TEXT_MAX} characters.`);
  return out;
}
function httpUrl(value) {
  const url = text2(value, "url", { trim: true });
  if (findPlaceholders(url) !== void 0) return url;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new BadField('"url" is not a valid URL.');
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new BadField(`"url" must be http or https, not ${parsed.protocol.replace(/:$/, "")}.`);
  return url;
}
function boolean(value, field) {
  if (typeof value !== "boolean") throw new BadField(`"${field}" must be true or false, not ${describe2(value)}.`);
  return value;
}
function timeout(value) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < MCP_MIN_TIMEOUT_MS || value > MCP_MAX_TIMEOUT_MS) {
    throw new BadField(
      `"timeout" must be a whole number of milliseconds from ${MCP_MIN_TIMEOUT_MS} to ${MCP_MAX_TIMEOUT_MS}, not ${describe2(value)}.`
    );
  }
  return value;
}
function values(server, where, value, unresolved) {
  if (!isPlainObject(value)) throw new BadField(`"${where}" must be an object of strings, not ${describe2(value)}.`);
  const pattern = where === "env" ? MCP_ENV_KEY_PATTERN : MCP_HEADER_NAME_PATTERN;
  const stored = [];
  const secrets = [];
  for (const [key, item] of Object.entries(value)) {
    if (key.length > MCP_KEY_MAX || !pattern.test(key) || key === "__proto__")
      throw new BadField(
        `${JSON.stringify(key)} is not a valid ${where === "env" ? "environment variable" : "header"} name.`
      );
    if (typeof item !== "string") throw new BadField(`"${where}.${key}" must be a string, not ${describe2(item)}.`);
    if (item.length > MCP_VALUE_MAX) throw new BadField(`"${where}.${key}" is longer than ${MCP_VALUE_MAX} characters.`);
    const placeholder = findPlaceholders(item);
    if (placeholder !== void 0) {
      unresolved.push({ server, where, key, placeholder });
      stored.push([key, { secret: true, set: false, placeholder }]);
    } else {
      stored.push([key, { secret: true, set: true }]);
      secrets.push([key, item]);
    }
  }
  return { stored: Object.fromEntries(stored), secrets: Object.fromEntries(secrets) };
}
function uniqueId(base, taken) {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const id2 = `${base.slice(0, 40 - suffix.length)}${suffix}`;
    if (!taken.has(id2)) return id2;
  }
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function describe2(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "text";
  return `${typeof value} ${JSON.stringify(value)}`;
}
function notJson(source, error) {
  const detail = error instanceof Error ? error.message : String(error);
  const reason = detail.split(/, "|\s+in JSON at position/)[0].trim();
  const at = /at position (\d+)/.exec(detail);
  const position = at ? Number(at[1]) : /Unexpected end of JSON input/.test(detail) ? source.length : void 0;
  if (position === void 0)
    return {
      kind: "not-json",
      message: `The text is not JSON: ${reason}.`,
      position,
      line: void 0,
      column: void 0
    };
  const before = source.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return {
    kind: "not-json",
    message: `The text is not JSON (line ${line}, column ${column}): ${reason}.`,
    position,
    line,
    column
  };
}
var KNOWN_KEYS, TRANSPORTS, PLACEHOLDER, BadField;
var init_mcp_config_import = __esm({
  "src/main/mcp/mcp-config-import.ts"() {
    "use strict";
    init_mcp();
    init_mcp_server_schema();
    KNOWN_KEYS = /* @__PURE__ */ new Set([
      "command",
      "args",
      "env",
      "cwd",
      "url",
      "headers",
      "type",
      "disabled",
      "timeout",
      "trustReadOnlyHints"
    ]);
    TRANSPORTS = {
      stdio: "stdio",
      http: "http",
      "streamable-http": "http",
      streamableHttp: "http",
      sse: "sse"
    };
    PLACEHOLDER = /\$\{(?:[^}]*\})?/g;
    BadField = class extends Error {
    };
  }
});

// src/main/mcp/mcp-secrets.ts
function mcpSecretValueList(values2) {
  return [...Object.values(values2.env), ...Object.values(values2.headers)];
}
function mcpSecretId(serverId, where, key) {
  return `mcp:${serverId}:${where}:${key}`;
}
function parseMcpSecretId(id2) {
  if (!isMcpSecretId(id2)) return void 0;
  const [, serverId, where, ...key] = id2.split(":");
  return { serverId, where, key: key.join(":") };
}
var McpSecrets;
var init_mcp_secrets = __esm({
  "src/main/mcp/mcp-secrets.ts"() {
    "use strict";
    init_key_vault();
    McpSecrets = class {
      constructor(vault) {
        this.vault = vault;
      }
      vault;
      get(serverId, where, key) {
        return this.vault.get(mcpSecretId(serverId, where, key));
      }
      has(serverId, where, key) {
        return this.get(serverId, where, key) !== void 0;
      }
      set(serverId, where, key, value, options) {
        return this.vault.set(mcpSecretId(serverId, where, key), value, options);
      }
      clear(serverId, where, key) {
        return this.vault.clear(mcpSecretId(serverId, where, key));
      }
      /** The keys the vault holds a value for, for one server (never the values). */
      list(serverId) {
        return this.vault.ids().flatMap((id2) => {
          const parsed = parseMcpSecretId(id2);
          return parsed && parsed.serverId === serverId ? [{ where: parsed.where, key: parsed.key }] : [];
        }).sort((a, b) => a.where === b.where ? a.key < b.key ? -1 : a.key > b.key ? 1 : 0 : a.where < b.where ? -1 : 1);
      }
      /** Saves every given value (an import, an edit); stops at the first refusal, which it returns. */
      async setAll(serverId, values2, options) {
        for (const where of ["env", "headers"]) {
          for (const [key, value] of Object.entries(values2[where])) {
            const result = await this.set(serverId, where, key, value, options);
            if (!result.ok) return result;
          }
        }
        return { ok: true };
      }
      /** Forgets every value of a server (it was removed); the first failure is returned, the rest still tried. */
      async removeServer(serverId) {
        let first = { ok: true };
        for (const { where, key } of this.list(serverId)) {
          const result = await this.clear(serverId, where, key);
          if (!result.ok && first.ok) first = result;
        }
        return first;
      }
      /**
       * Forgets the values of keys the config no longer has (an edit removed an env key or header), so
       * the vault holds nothing a server will not use.
       */
      async pruneTo(config) {
        let first = { ok: true };
        for (const { where, key } of this.list(config.id)) {
          if (config[where] !== void 0 && Object.hasOwn(config[where], key)) continue;
          const result = await this.clear(config.id, where, key);
          if (!result.ok && first.ok) first = result;
        }
        return first;
      }
      /**
       * What a server runs with: the vault's value of every env key and header its config names, and
       * the ones that have none (an unresolved `${…}` placeholder, a value never entered, or one the vault
       * lost: the safe-storage vault reads an entry that no longer decrypts as not set).
       */
      resolve(config) {
        const found = { env: [], headers: [] };
        const missing = [];
        for (const where of ["env", "headers"]) {
          for (const [key, stored] of Object.entries(config[where] ?? {})) {
            const value = "value" in stored ? stored.value : this.get(config.id, where, key);
            if (value !== void 0) found[where].push([key, value]);
            else
              missing.push({
                where,
                key,
                ..."placeholder" in stored && stored.placeholder !== void 0 ? { placeholder: stored.placeholder } : {}
              });
          }
        }
        return { values: { env: Object.fromEntries(found.env), headers: Object.fromEntries(found.headers) }, missing };
      }
      /** The config with each value's `set` as the vault says now (what the window shows). */
      withVaultState(config) {
        const refresh = (where) => {
          const entries = config[where];
          if (entries === void 0) return void 0;
          return Object.fromEntries(
            Object.entries(entries).map(([key, stored]) => [
              key,
              "value" in stored ? stored : { ...stored, set: this.has(config.id, where, key) }
            ])
          );
        };
        return {
          ...config,
          ...config.env ? { env: refresh("env") } : {},
          ...config.headers ? { headers: refresh("headers") } : {}
        };
      }
    };
  }
});

// src/main/app/mcp-commands.ts
function vaultRefusal(refused) {
  return refused.reason === "plain-text-not-allowed" ? fail("forbidden", refused.message, { owner: "user", detail: { code: "plain-text-key-refused" } }) : fail("storage", refused.message, { owner: "user", detail: { code: "key-storage-unavailable" } });
}
var McpCommands;
var init_mcp_commands = __esm({
  "src/main/app/mcp-commands.ts"() {
    "use strict";
    init_mcp();
    init_mcp_server_schema();
    init_mcp_config_import();
    init_mcp_secrets();
    init_app_result();
    init_read_settings();
    McpCommands = class {
      constructor(store, keys, hub, fileServers = []) {
        this.store = store;
        this.keys = keys;
        this.hub = hub;
        this.secrets = new McpSecrets(keys.vault);
        this.fileServers = fileServers.map((server) => ({ ...server, config: { ...server.config } }));
        keys.addSessionSecrets(this.fileServers.flatMap((server) => mcpSecretValueList(server.secrets)));
      }
      store;
      keys;
      hub;
      secrets;
      /** Servers from the config file, with the user's switches for this session. */
      fileServers;
      /** Starts what is configured (with the core) and applies every later change. */
      sync() {
        this.hub.sync(this.entries());
      }
      saved() {
        return readSettings(this.store).values.mcpServers;
      }
      entries() {
        const saved = this.saved().map(
          (config) => ({
            config: this.secrets.withVaultState(config),
            origin: "settings",
            secrets: this.secrets.resolve(config).values
          })
        );
        const file = this.fileServers.map(
          (server) => ({ config: server.config, origin: "file", secrets: server.secrets })
        );
        return [...saved, ...file];
      }
      /** Saves the whole list (validated by the setting's schema: no value can reach SQLite) and applies it. */
      write(list2) {
        const parsed = mcpServerListSchema.safeParse(list2);
        if (!parsed.success)
          return fail(
            "validation",
            `Invalid MCP server: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`
          );
        const written = this.store.settings.set("mcpServers", parsed.data);
        if (!written.ok) return fail("validation", written.error.message);
        this.sync();
        return ok(true);
      }
      view(serverId) {
        const view = this.hub.view(serverId);
        return view ? ok(view) : notFound("mcp-server");
      }
      /** "Always allow" grants on a server's tools are void once what it runs changed (or it is gone). */
      voidGrants(serverId) {
        const permissions = readSettings(this.store).values.toolPermissions;
        const kept = Object.fromEntries(Object.entries(permissions).filter(([key]) => !key.startsWith(`mcp:${serverId}:`)));
        if (Object.keys(kept).length !== Object.keys(permissions).length) this.store.settings.set("toolPermissions", kept);
      }
      list() {
        return ok(this.hub.views());
      }
      async import({
        text: text3,
        allowPlainTextStorage
      }) {
        const existing = [...this.saved(), ...this.fileServers.map((server) => server.config)];
        const parsed = parseMcpConfigJson(text3, existing);
        if (!parsed.ok) return fail("validation", parsed.error.message, { detail: { code: "mcp-import-invalid" } });
        const report = { ...parsed.report, added: [], skipped: [...parsed.report.skipped] };
        const added = [];
        for (const server of parsed.servers) {
          const stored = await this.secrets.setAll(server.config.id, server.secrets, { allowPlainTextStorage });
          if (!stored.ok) {
            report.skipped.push({ name: server.config.name, reason: stored.message });
            continue;
          }
          added.push(this.secrets.withVaultState(server.config));
          report.added.push(server.config.name);
        }
        if (added.length > 0) {
          const written = this.write([...this.saved(), ...added]);
          if (!written.ok) return written;
        }
        return ok(report);
      }
      async save(request) {
        const list2 = this.saved();
        const index = request.serverId === void 0 ? -1 : list2.findIndex((config2) => config2.id === request.serverId);
        if (request.serverId !== void 0 && index < 0) {
          return this.fileServers.some((server) => server.config.id === request.serverId) ? fail("forbidden", "This server comes from the configuration file Keel was started with: edit that file.", {
            owner: "user"
          }) : notFound("mcp-server");
        }
        const previous = index >= 0 ? list2[index] : void 0;
        const taken = new Set(
          [...list2, ...this.fileServers.map((server) => server.config)].filter((config2) => config2 !== previous).flatMap((config2) => [config2.id, config2.name.toLowerCase()])
        );
        if (taken.has(request.name.toLowerCase()))
          return fail("validation", `A server named "${request.name}" exists already.`, { owner: "user" });
        let id2 = previous?.id ?? mcpServerId(request.name);
        for (let n = 2; !previous && taken.has(id2); n++) id2 = `${mcpServerId(request.name).slice(0, 36)}_${n}`;
        const values2 = (where) => {
          const given = request[where];
          if (given === void 0) return previous?.[where];
          return Object.fromEntries(Object.keys(given).map((key) => [key, { secret: true, set: false }]));
        };
        const config = {
          id: id2,
          name: request.name,
          transport: request.transport,
          ...request.transport === "stdio" ? {
            command: request.command,
            args: request.args ?? [],
            ...request.cwd ? { cwd: request.cwd } : {},
            ...values2("env") ? { env: values2("env") } : {}
          } : { url: request.url, ...values2("headers") ? { headers: values2("headers") } : {} },
          ...request.timeoutMs !== void 0 ? { timeoutMs: request.timeoutMs } : previous?.timeoutMs !== void 0 ? { timeoutMs: previous.timeoutMs } : {},
          ...request.trustReadOnlyHints ?? previous?.trustReadOnlyHints ? { trustReadOnlyHints: true } : {},
          ...request.disabled ?? previous?.disabled ? { disabled: true } : {},
          ...previous?.disabledTools ? { disabledTools: previous.disabledTools } : {},
          ...previous?.extra ? { extra: previous.extra } : {},
          ...previous?.consentedFingerprint ? { consentedFingerprint: previous.consentedFingerprint } : {}
        };
        if (config.transport === "stdio" && !config.command)
          return fail("validation", "A server Keel starts needs a command.", { owner: "user" });
        if (config.transport !== "stdio" && !config.url)
          return fail("validation", "A server Keel connects to needs a URL.", { owner: "user" });
        for (const where of ["env", "headers"]) {
          for (const [key, value] of Object.entries(request[where] ?? {})) {
            if (value === null) continue;
            const stored = await this.secrets.set(id2, where, key, value, {
              allowPlainTextStorage: request.allowPlainTextStorage
            });
            if (!stored.ok) return vaultRefusal(stored);
          }
        }
        await this.secrets.pruneTo(config);
        const next = [...list2];
        if (index >= 0) next[index] = this.secrets.withVaultState(config);
        else next.push(this.secrets.withVaultState(config));
        const written = this.write(next);
        if (!written.ok) return written;
        const view = this.hub.view(id2);
        if (previous && view?.needsConsent) this.voidGrants(id2);
        return this.view(id2);
      }
      async remove({ serverId }) {
        const list2 = this.saved();
        if (!list2.some((config) => config.id === serverId)) return ok({ removed: false });
        const written = this.write(list2.filter((config) => config.id !== serverId));
        if (!written.ok) return written;
        await this.secrets.removeServer(serverId);
        this.hub.forget(serverId);
        this.voidGrants(serverId);
        return ok({ removed: true });
      }
      consent({ serverId, fingerprint }) {
        const view = this.hub.view(serverId);
        if (!view) return notFound("mcp-server");
        if (view.origin === "file" || !view.needsConsent) return ok(view);
        if (view.fingerprint !== fingerprint)
          return fail(
            "validation",
            "What this server runs changed since it was shown: look at it again before allowing it.",
            { owner: "user", detail: { code: "mcp-consent-stale" } }
          );
        if (view.missingValues.length > 0)
          return fail(
            "validation",
            `Enter the missing values first: ${view.missingValues.map((value) => value.key).join(", ")}.`,
            { owner: "user" }
          );
        this.voidGrants(serverId);
        const written = this.write(
          this.saved().map(
            (config) => config.id === serverId ? { ...config, consentedFingerprint: fingerprint } : config
          )
        );
        if (!written.ok) return written;
        return this.view(serverId);
      }
      update({
        serverId,
        disabled,
        timeoutMs,
        trustReadOnlyHints,
        tool
      }) {
        const change = (config) => {
          const next = { ...config };
          if (disabled !== void 0) next.disabled = disabled || void 0;
          if (timeoutMs !== void 0) next.timeoutMs = timeoutMs;
          if (trustReadOnlyHints !== void 0) next.trustReadOnlyHints = trustReadOnlyHints || void 0;
          if (tool) {
            const off = new Set(config.disabledTools ?? []);
            if (tool.enabled) off.delete(tool.name);
            else off.add(tool.name);
            next.disabledTools = off.size > 0 ? [...off].sort() : void 0;
          }
          return JSON.parse(JSON.stringify(next));
        };
        const file = this.fileServers.find((server) => server.config.id === serverId);
        if (file) {
          file.config = change(file.config);
          this.sync();
          return this.view(serverId);
        }
        const list2 = this.saved();
        if (!list2.some((config) => config.id === serverId)) return notFound("mcp-server");
        const written = this.write(list2.map((config) => config.id === serverId ? change(config) : config));
        if (!written.ok) return written;
        return this.view(serverId);
      }
      async restart({ serverId }) {
        if (!await this.hub.restart(serverId)) return notFound("mcp-server");
        return this.view(serverId);
      }
      async secret({
        serverId,
        where,
        key,
        value,
        allowPlainTextStorage
      }) {
        const list2 = this.saved();
        const config = list2.find((candidate) => candidate.id === serverId);
        if (!config) return notFound("mcp-server");
        if (!config[where] || !Object.hasOwn(config[where], key))
          return fail("validation", `This server has no ${where === "env" ? "variable" : "header"} named ${key}.`, {
            owner: "user"
          });
        const stored = value === null ? await this.secrets.clear(serverId, where, key) : await this.secrets.set(serverId, where, key, value, { allowPlainTextStorage });
        if (!stored.ok) return vaultRefusal(stored);
        const written = this.write(
          list2.map((candidate) => candidate.id === serverId ? this.secrets.withVaultState(candidate) : candidate)
        );
        if (!written.ok) return written;
        return this.view(serverId);
      }
      acceptTools({ serverId, tools }) {
        if (!this.hub.view(serverId)) return notFound("mcp-server");
        this.hub.acceptTools(serverId, tools);
        return this.view(serverId);
      }
      stderr({ serverId }) {
        const text3 = this.hub.stderr(serverId);
        return text3 === void 0 ? notFound("mcp-server") : ok({ text: text3 });
      }
    };
  }
});

// src/main/mcp/mcp-call-outcome.ts
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
function classifyCallFailure(error, context) {
  if (context.stopped) {
    return {
      kind: "unknown",
      reason: "stopped",
      message: "Stopped. The server was asked to cancel but may have finished."
    };
  }
  if (error instanceof ProtocolError) return { kind: "rejected", code: error.code, message: error.message };
  const sdkCode = error instanceof SdkError ? error.code : void 0;
  if (sdkCode === SdkErrorCode.RequestTimeout && !context.connectionLost) {
    return {
      kind: "unknown",
      reason: "timeout",
      message: `No answer within ${Math.round(context.timeoutMs / 1e3)} s. The server was asked to cancel but may have finished.`
    };
  }
  if (sdkCode === SdkErrorCode.NotConnected && !context.connectionLost) {
    return { kind: "not-sent", message: "The server is not connected; the call was not sent." };
  }
  const detail = context.lostReason ?? (error instanceof Error ? error.message : String(error));
  if (sdkCode === SdkErrorCode.InvalidResult) {
    return {
      kind: "unknown",
      reason: "connection-lost",
      message: `The server's answer could not be read (${detail}); it may or may not have acted.`
    };
  }
  return {
    kind: "unknown",
    reason: "connection-lost",
    message: `The connection to the server was lost during the call (${detail}); it may or may not have acted.`
  };
}
var init_mcp_call_outcome = __esm({
  "src/main/mcp/mcp-call-outcome.ts"() {
    "use strict";
  }
});

// src/main/mcp/mcp-environment.ts
import { spawn } from "node:child_process";
import { accessSync as accessSync2, constants as constants2, statSync as statSync3 } from "node:fs";
import { isAbsolute, join as join4, resolve as resolvePath } from "node:path";
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";
function childEnvironment(input) {
  const parent = input.parentEnv ?? process.env;
  const env = {};
  for (const key of MCP_INHERITED_ENV_KEYS) {
    const value = parent[key];
    if (value === void 0 || value.startsWith("()")) continue;
    env[key] = value;
  }
  if (input.loginPath) env.PATH = input.loginPath;
  return { ...env, ...input.configured };
}
function readLoginShellPath(options = {}) {
  const platform = options.platform ?? process.platform;
  const shell = options.shell ?? process.env.SHELL;
  if (platform === "win32" || !shell) return Promise.resolve(void 0);
  return new Promise((resolve6) => {
    let out = "";
    let settled = false;
    const finish = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve6(value);
    };
    let child;
    try {
      child = spawn(shell, ["-ilc", `printf '%s%s%s' '${START}' "$PATH" '${END}'`], {
        stdio: ["ignore", "pipe", "ignore"],
        detached: true
      });
    } catch {
      resolve6(void 0);
      return;
    }
    const timer = setTimeout(() => {
      killGroup(child.pid);
      finish(void 0);
    }, options.timeoutMs ?? 5e3);
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.length > 1e6) out = out.slice(-1e5);
    });
    child.on("error", () => finish(void 0));
    child.on("close", () => {
      const start = out.lastIndexOf(START);
      const end2 = out.lastIndexOf(END);
      const path = start >= 0 && end2 > start ? out.slice(start + START.length, end2) : "";
      finish(path.trim() === "" ? void 0 : path);
    });
  });
}
function killGroup(pid) {
  if (pid === void 0) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
  }
}
function loginShellPath() {
  cachedLoginPath ??= readLoginShellPath();
  return cachedLoginPath;
}
function resolveCommand(command, path, options = {}) {
  const platform = options.platform ?? process.platform;
  const windows = platform === "win32";
  const extensions = windows ? ["", ...(options.pathExt ?? process.env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  const hasSlash = command.includes("/") || windows && command.includes("\\");
  if (command === "") return void 0;
  if (isAbsolute(command) || hasSlash) {
    const base = resolvePath(options.cwd ?? process.cwd(), command);
    return extensions.map((ext) => base + ext).find((candidate) => isExecutable(candidate, windows));
  }
  const delimiter = windows ? ";" : ":";
  for (const folder of (path ?? "").split(delimiter)) {
    if (folder === "") continue;
    for (const ext of extensions) {
      const candidate = join4(folder, command + ext);
      if (isExecutable(candidate, windows)) return candidate;
    }
  }
  return void 0;
}
function isExecutable(file, windows) {
  try {
    if (!statSync3(file).isFile()) return false;
    if (!windows) accessSync2(file, constants2.X_OK);
    return true;
  } catch {
    return false;
  }
}
var MCP_INHERITED_ENV_KEYS, START, END, cachedLoginPath;
var init_mcp_environment = __esm({
  "src/main/mcp/mcp-environment.ts"() {
    "use strict";
    MCP_INHERITED_ENV_KEYS = DEFAULT_INHERITED_ENV_VARS;
    START = "__KEEL_PATH_START__";
    END = "__KEEL_PATH_END__";
  }
});

// src/main/mcp/mcp-stderr-ring.ts
function explainingLines(tail) {
  const lines = tail.split(/\r?\n/).map((line) => line.trimEnd()).filter((line) => line.trim() !== "" && !NOISE.some((noise) => noise.test(line)));
  const errors = lines.filter((line) => ERROR_LINE.test(line));
  const unindented = errors.filter((line) => !/^\s/.test(line));
  const picked = unindented.length > 0 ? unindented : errors.length > 0 ? errors : lines.slice(-1);
  const unique = [...new Set(picked.map((line) => cut(line.trim(), LINE_MAX_CHARS)))].slice(-MAX_LINES);
  if (unique.length === 0) return void 0;
  return cut(unique.join(" \u2014 "), MCP_EXPLANATION_MAX_CHARS);
}
function cut(text3, max) {
  return text3.length > max ? `${text3.slice(0, max - 1)}\u2026` : text3;
}
var MCP_STDERR_RING_BYTES, StderrRing, EXPLAIN_TAIL_CHARS, MCP_EXPLANATION_MAX_CHARS, LINE_MAX_CHARS, MAX_LINES, NOISE, ERROR_LINE;
var init_mcp_stderr_ring = __esm({
  "src/main/mcp/mcp-stderr-ring.ts"() {
    "use strict";
    MCP_STDERR_RING_BYTES = 64 * 1024;
    StderrRing = class {
      constructor(capacity = MCP_STDERR_RING_BYTES) {
        this.capacity = capacity;
      }
      capacity;
      chunks = [];
      size = 0;
      /** Bytes dropped from the front so far (the tail says it was cut). */
      dropped = 0;
      push(chunk) {
        let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
        if (data.length >= this.capacity) {
          this.dropped += this.size + data.length - this.capacity;
          data = Buffer.from(data.subarray(data.length - this.capacity));
          this.chunks = [data];
          this.size = data.length;
          return;
        }
        this.chunks.push(data);
        this.size += data.length;
        while (this.size > this.capacity) {
          const first = this.chunks[0];
          if (!first) break;
          const excess = this.size - this.capacity;
          if (first.length <= excess) {
            this.chunks.shift();
            this.size -= first.length;
            this.dropped += first.length;
          } else {
            this.chunks[0] = first.subarray(excess);
            this.size -= excess;
            this.dropped += excess;
          }
        }
      }
      /** The kept bytes as text, newest last (a character cut at the front is dropped). */
      text() {
        const text3 = Buffer.concat(this.chunks, this.size).toString("utf8");
        return this.dropped > 0 ? text3.replace(/^\uFFFD+/, "") : text3;
      }
      /** How many bytes were dropped from the front. */
      droppedBytes() {
        return this.dropped;
      }
      /** The last non-empty line. */
      lastLine() {
        const lines = this.text().split(/\r?\n/).filter((line) => line.trim() !== "");
        return lines.at(-1);
      }
      /**
       * The lines that explain an exit, for a failure reason: see {@link explainingLines}. Only the
       * last few KiB are read.
       */
      explanation() {
        return explainingLines(this.text().slice(-EXPLAIN_TAIL_CHARS));
      }
    };
    EXPLAIN_TAIL_CHARS = 8 * 1024;
    MCP_EXPLANATION_MAX_CHARS = 500;
    LINE_MAX_CHARS = 240;
    MAX_LINES = 3;
    NOISE = [
      /^Node\.js v\d/,
      /^\s+at\s/,
      /^\s*\^+\s*$/,
      /^\s*[{}[\]]\s*$/,
      /^\s*-{3,}\s*$/,
      /^\s*File ".*", line \d+/
    ];
    ERROR_LINE = /^(?:[\w.$]*(?:Error|Exception)\b|error\b|fatal\b|panic:|npm (?:ERR!|error)\b|Traceback\b)|\b(?:E[A-Z]{3,}|error|failed|cannot|could not|not found|denied)\b/i;
  }
});

// src/main/mcp/mcp-message-reader.ts
import { deserializeMessage } from "@modelcontextprotocol/client";
var MCP_MAX_MESSAGE_BYTES, McpMessageTooLarge, McpMessageReader;
var init_mcp_message_reader = __esm({
  "src/main/mcp/mcp-message-reader.ts"() {
    "use strict";
    MCP_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
    McpMessageTooLarge = class extends Error {
      constructor(limit) {
        super(
          `The server sent a message larger than ${Math.round(limit / (1024 * 1024))} MiB; Keel refused it and closed the connection`
        );
        this.limit = limit;
      }
      limit;
      name = "McpMessageTooLarge";
    };
    McpMessageReader = class {
      constructor(maxMessageBytes = MCP_MAX_MESSAGE_BYTES) {
        this.maxMessageBytes = maxMessageBytes;
      }
      maxMessageBytes;
      pending = [];
      pendingBytes = 0;
      /**
       * Feeds a chunk; returns the complete messages it finished (lines that are not JSON are skipped,
       * as the SDK does: some servers print banners to stdout; JSON that is not JSON-RPC comes back as
       * an Error in its place). Throws McpMessageTooLarge.
       */
      push(chunk) {
        const messages = [];
        let rest = chunk;
        for (; ; ) {
          const newline = rest.indexOf(10);
          if (newline === -1) {
            this.pendingBytes += rest.length;
            if (this.pendingBytes > this.maxMessageBytes) {
              this.clear();
              throw new McpMessageTooLarge(this.maxMessageBytes);
            }
            if (rest.length > 0) this.pending.push(rest);
            return messages;
          }
          const head = rest.subarray(0, newline);
          if (this.pendingBytes + head.length > this.maxMessageBytes) {
            this.clear();
            throw new McpMessageTooLarge(this.maxMessageBytes);
          }
          const line = (this.pending.length === 0 ? head : Buffer.concat([...this.pending, head])).toString("utf8").replace(/\r$/, "");
          this.pending = [];
          this.pendingBytes = 0;
          rest = rest.subarray(newline + 1);
          if (line.trim() === "") continue;
          try {
            messages.push(deserializeMessage(line));
          } catch (error) {
            if (!(error instanceof SyntaxError)) messages.push(error instanceof Error ? error : new Error(String(error)));
          }
        }
      }
      clear() {
        this.pending = [];
        this.pendingBytes = 0;
      }
    };
  }
});

// src/main/mcp/mcp-stdio-transport.ts
import { spawn as spawn2 } from "node:child_process";
import {
  SdkError as SdkError2,
  SdkErrorCode as SdkErrorCode2,
  serializeMessage
} from "@modelcontextprotocol/client";
function signalTree(child, pid, signal) {
  try {
    if (POSIX) process.kill(-pid, signal);
    else child.kill(signal);
  } catch {
  }
}
function delay(ms) {
  return new Promise((resolve6) => setTimeout(resolve6, ms).unref());
}
async function waitUntil(done, ms) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await delay(25);
}
var POSIX, KeelStdioTransport;
var init_mcp_stdio_transport = __esm({
  "src/main/mcp/mcp-stdio-transport.ts"() {
    "use strict";
    init_mcp_message_reader();
    POSIX = process.platform !== "win32";
    KeelStdioTransport = class {
      constructor(options) {
        this.options = options;
        this.reader = new McpMessageReader(options.maxMessageBytes ?? MCP_MAX_MESSAGE_BYTES);
      }
      options;
      onclose;
      onerror;
      onmessage;
      child;
      reader;
      exitInfo;
      exited;
      closing;
      closedNotified = false;
      /** The error that made Keel end the connection (a message over the cap), for the failure reason. */
      fatalError;
      get pid() {
        return this.child?.pid;
      }
      get exit() {
        return this.exitInfo;
      }
      start() {
        if (this.child) throw new Error("KeelStdioTransport already started");
        return new Promise((resolve6, reject) => {
          const child = spawn2(this.options.command, [...this.options.args ?? []], {
            cwd: this.options.cwd,
            env: this.options.env,
            stdio: ["pipe", "pipe", "pipe"],
            shell: false,
            // Its own process group, so the whole tree can be signalled (POSIX). On Windows `detached`
            // would open a console window instead.
            detached: POSIX,
            windowsHide: true
          });
          this.child = child;
          this.exited = new Promise((done) => child.once("exit", () => done()));
          child.once("error", (error) => {
            reject(error);
            this.onerror?.(error);
            if (child.pid === void 0) this.notifyClosed();
          });
          child.once("spawn", () => resolve6());
          child.once("exit", (code, signal) => {
            this.exitInfo = { code, signal };
            if (!this.closing) void this.endGroup(false);
          });
          child.once("close", () => this.notifyClosed());
          child.stdin?.on("error", (error) => this.onerror?.(error));
          child.stdout?.on("error", (error) => this.onerror?.(error));
          child.stderr?.on("data", (chunk) => this.options.stderr.push(chunk));
          child.stdout?.on("data", (chunk) => {
            if (this.fatalError) return;
            let messages;
            try {
              messages = this.reader.push(chunk);
            } catch (error) {
              this.fatalError = error instanceof Error ? error : new Error(String(error));
              this.onerror?.(this.fatalError);
              void this.close();
              return;
            }
            for (const message of messages) {
              if (message instanceof Error) this.onerror?.(message);
              else this.onmessage?.(message);
            }
          });
        });
      }
      send(message) {
        return new Promise((resolve6, reject) => {
          const stdin = this.child?.stdin;
          if (!stdin?.writable || this.closing) {
            reject(new SdkError2(SdkErrorCode2.NotConnected, "Not connected"));
            return;
          }
          if (stdin.write(serializeMessage(message))) resolve6();
          else stdin.once("drain", () => resolve6());
        });
      }
      /** Ends the server's whole process tree: stdin closed, then SIGTERM, then SIGKILL (to the group). */
      close() {
        this.closing ??= this.endGroup(true).finally(() => {
          this.reader.clear();
          this.notifyClosed();
        });
        return this.closing;
      }
      async endGroup(closeStdin) {
        const child = this.child;
        const pid = child?.pid;
        if (!child || pid === void 0) return;
        const grace = this.options.gracePeriodMs ?? 2e3;
        if (closeStdin && this.exitInfo === void 0) {
          try {
            child.stdin?.end();
          } catch {
          }
          await Promise.race([this.exited, delay(grace)]);
        }
        if (!this.treeAlive(pid)) return;
        signalTree(child, pid, "SIGTERM");
        await waitUntil(() => !this.treeAlive(pid), grace);
        if (this.treeAlive(pid)) signalTree(child, pid, "SIGKILL");
        await Promise.race([this.exited, delay(grace)]);
      }
      treeAlive(pid) {
        if (!POSIX) return this.exitInfo === void 0;
        try {
          process.kill(-pid, 0);
          return true;
        } catch (error) {
          return error.code === "EPERM";
        }
      }
      notifyClosed() {
        if (this.closedNotified) return;
        this.closedNotified = true;
        this.onclose?.();
      }
    };
  }
});

// src/main/mcp/mcp-transport-factory.ts
import { SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
function stdioTransport(input) {
  const { spec } = input;
  if (!spec.command) throw new Error("No command to run");
  return new KeelStdioTransport({
    command: spec.command,
    args: spec.args,
    cwd: spec.cwd,
    env: childEnvironment({ configured: spec.env, loginPath: input.loginPath }),
    stderr: input.stderr,
    maxMessageBytes: input.maxMessageBytes,
    gracePeriodMs: input.gracePeriodMs
  });
}
function endpoint(spec) {
  if (!spec.url) throw new Error("No URL to connect to");
  return new URL(spec.url);
}
function streamableHttpTransport(spec) {
  return new StreamableHTTPClientTransport(endpoint(spec), { requestInit: { headers: { ...spec.headers } } });
}
function sseTransport(spec) {
  return new SSEClientTransport(endpoint(spec), { requestInit: { headers: { ...spec.headers } } });
}
var init_mcp_transport_factory = __esm({
  "src/main/mcp/mcp-transport-factory.ts"() {
    "use strict";
    init_mcp_environment();
    init_mcp_stdio_transport();
  }
});

// src/main/mcp/mcp-connection.ts
import {
  Client,
  SdkError as SdkError3,
  SdkErrorCode as SdkErrorCode3,
  SdkHttpError,
  StreamableHTTPClientTransport as StreamableHTTPClientTransport2
} from "@modelcontextprotocol/client";
import { mkdirSync as mkdirSync2 } from "node:fs";
import { z as z13 } from "zod";
function describeExit(exit) {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code ?? "unknown"}`;
}
function callResult(result) {
  const structured = result.structuredContent;
  return {
    content: result.content,
    structuredContent: structured !== null && typeof structured === "object" && !Array.isArray(structured) ? structured : void 0,
    isError: result.isError
  };
}
function seconds2(ms) {
  return `${Number((ms / 1e3).toFixed(1))} s`;
}
function reasonOf2(message, retry) {
  return { message, retry };
}
var MCP_DEFAULT_BACKOFF, acceptEverything, toolPageSchema, MAX_TOOL_PAGES, StartFailure, McpConnection;
var init_mcp_connection = __esm({
  "src/main/mcp/mcp-connection.ts"() {
    "use strict";
    init_mcp();
    init_mcp_call_outcome();
    init_mcp_environment();
    init_mcp_stderr_ring();
    init_mcp_transport_factory();
    MCP_DEFAULT_BACKOFF = { initialMs: 1e3, maxMs: 6e4, stableMs: 6e4 };
    acceptEverything = {
      getValidator() {
        return (input) => ({ valid: true, data: input, errorMessage: void 0 });
      }
    };
    toolPageSchema = z13.looseObject({
      tools: z13.array(z13.unknown()),
      nextCursor: z13.string().optional()
    });
    MAX_TOOL_PAGES = 100;
    StartFailure = class extends Error {
      constructor(message, retry, cause) {
        super(message, { cause });
        this.retry = retry;
      }
      retry;
    };
    McpConnection = class {
      constructor(spec, options = {}) {
        this.spec = spec;
        this.options = options;
        this.id = spec.id;
        this.backoff = { ...MCP_DEFAULT_BACKOFF, ...options.backoff };
        this.now = options.now ?? Date.now;
      }
      spec;
      options;
      id;
      state = { state: "stopped" };
      statusListeners = /* @__PURE__ */ new Set();
      toolsListeners = /* @__PURE__ */ new Set();
      stderr = new StderrRing();
      backoff;
      now;
      calls = /* @__PURE__ */ new Set();
      current;
      /** The attempt being started (closed at once by close(), so a hanging server does not hold it up). */
      pending;
      starting;
      generation = 0;
      failures = 0;
      everReady = false;
      closed = false;
      retryTimer;
      status() {
        return this.state;
      }
      onStatus(listener) {
        this.statusListeners.add(listener);
        return () => this.statusListeners.delete(listener);
      }
      onToolsChanged(listener) {
        this.toolsListeners.add(listener);
        return () => this.toolsListeners.delete(listener);
      }
      stderrTail() {
        return this.stderr.text();
      }
      start() {
        if (this.closed) return Promise.resolve();
        this.starting ??= this.connect().finally(() => {
          this.starting = void 0;
        });
        return this.starting;
      }
      async listTools() {
        const session = this.readySession();
        if (!session) throw new Error(`${this.spec.name} is not ready (${this.state.state})`);
        const tools = [];
        const seen = /* @__PURE__ */ new Set();
        let cursor;
        for (let page = 0; page < MAX_TOOL_PAGES; page++) {
          const result = await session.client.request(
            { method: "tools/list", params: cursor === void 0 ? {} : { cursor } },
            toolPageSchema,
            { timeout: this.spec.timeoutMs }
          );
          for (const tool of result.tools) tools.push(tool);
          cursor = result.nextCursor;
          if (cursor === void 0) return tools;
          if (seen.has(cursor)) throw new Error(`${this.spec.name} repeated a tools/list cursor`);
          seen.add(cursor);
        }
        throw new Error(`${this.spec.name} sent more than ${MAX_TOOL_PAGES} pages of tools`);
      }
      async callTool(name, args, options) {
        const session = this.readySession();
        if (!session)
          return {
            kind: "not-sent",
            message: `${this.spec.name} is not connected (${this.describeState()}); the call was not sent.`
          };
        if (options.signal.aborted) return { kind: "not-sent", message: "Stopped before the call was sent." };
        const timeoutMs = options.timeoutMs ?? this.spec.timeoutMs;
        const call = { session, elicit: options.elicit };
        this.calls.add(call);
        try {
          const result = await session.client.callTool(
            { name, arguments: args },
            {
              signal: options.signal,
              timeout: timeoutMs,
              resetTimeoutOnProgress: true,
              maxTotalTimeout: Math.max(timeoutMs, this.spec.maxTotalTimeoutMs),
              onprogress: (progress) => options.onProgress?.({ progress: progress.progress, total: progress.total, message: progress.message })
            }
          );
          return { kind: "result", result: callResult(result) };
        } catch (error) {
          const closed = error instanceof SdkError3 && error.code === SdkErrorCode3.ConnectionClosed;
          return classifyCallFailure(error, {
            stopped: options.signal.aborted,
            connectionLost: session.lost || closed,
            lostReason: session.lost ? session.lostReason : void 0,
            timeoutMs
          });
        } finally {
          this.calls.delete(call);
        }
      }
      async close() {
        this.closed = true;
        clearTimeout(this.retryTimer);
        this.generation++;
        const sessions = [this.current, this.pending].filter((session) => session !== void 0);
        this.current = void 0;
        this.pending = void 0;
        this.setStatus({ state: "stopped" });
        await Promise.all(sessions.map((session) => this.endSession(session, "Keel closed the connection")));
        await this.starting?.catch(() => void 0);
      }
      readySession() {
        return this.state.state === "ready" && this.current && !this.current.lost ? this.current : void 0;
      }
      describeState() {
        return this.state.state === "failed" ? `failed: ${this.state.reason}` : this.state.state;
      }
      async connect() {
        clearTimeout(this.retryTimer);
        const previous = this.current;
        this.current = void 0;
        if (previous) await this.endSession(previous, "restarted");
        if (this.closed) return;
        const generation = ++this.generation;
        this.setStatus({ state: "starting" });
        try {
          const session = await this.open(generation);
          if (this.closed || generation !== this.generation) {
            await this.endSession(session, "Keel closed the connection");
            return;
          }
          session.readyAt = this.now();
          this.current = session;
          const version = session.client.getServerVersion();
          this.setStatus({
            state: "ready",
            protocolVersion: session.client.getNegotiatedProtocolVersion() ?? "unknown",
            serverName: version?.name,
            serverVersion: version?.version
          });
          if (this.everReady) this.fireToolsChanged();
          this.everReady = true;
        } catch (error) {
          if (this.closed || generation !== this.generation) return;
          const failure = error instanceof StartFailure ? error : new StartFailure(error instanceof Error ? error.message : String(error), true);
          this.fail(failure.message, failure.retry);
        }
      }
      /**
       * Spawns or reaches the server and runs `initialize` (falling back from Streamable HTTP to SSE on a
       * 4xx), all within one start deadline: what is left of it after finding the PATH is what
       * `initialize` may take.
       */
      async open(generation) {
        const timeout2 = this.spec.startTimeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS;
        const startedAt = this.now();
        const left = () => Math.max(1, timeout2 - (this.now() - startedAt));
        if (this.spec.transport === "stdio") {
          if (!this.spec.command) throw new StartFailure("No command is configured", false);
          if (this.spec.createCwd && this.spec.cwd) {
            try {
              mkdirSync2(this.spec.cwd, { recursive: true });
            } catch (error) {
              throw new StartFailure(
                `Keel could not make its working folder ${this.spec.cwd} (${error instanceof Error ? error.message : String(error)})`,
                false
              );
            }
          }
          const loginPath = await (this.options.loginPath ?? loginShellPath)();
          const transport = stdioTransport({
            spec: this.spec,
            stderr: this.stderr,
            loginPath,
            maxMessageBytes: this.options.maxMessageBytes,
            gracePeriodMs: this.options.closeGracePeriodMs
          });
          return this.initialize(generation, transport, transport, left(), timeout2);
        }
        if (!this.spec.url) throw new StartFailure("No URL is configured", false);
        try {
          new URL(this.spec.url);
        } catch {
          throw new StartFailure(`Not a URL: ${this.spec.url}`, false);
        }
        if (this.spec.transport === "sse")
          return this.initialize(generation, sseTransport(this.spec), void 0, left(), timeout2);
        try {
          return await this.initialize(generation, streamableHttpTransport(this.spec), void 0, left(), timeout2);
        } catch (error) {
          const cause = error instanceof StartFailure ? error.cause : error;
          const status = cause instanceof SdkHttpError ? cause.status : void 0;
          if (status === void 0 || status < 400 || status >= 500 || status === 401 || this.closed || generation !== this.generation)
            throw error;
          return this.initialize(generation, sseTransport(this.spec), void 0, left(), timeout2);
        }
      }
      /** `timeout`: what is left of the start deadline; `deadline`: the whole of it (for the reason). */
      async initialize(generation, transport, stdio, timeout2, deadline) {
        const client = new Client(this.options.clientInfo ?? { name: "keel", version: "0.1.0" }, {
          // Only what Keel implements: form elicitation (shown to the user or declined). No sampling, no roots.
          capabilities: { elicitation: { form: {} } },
          jsonSchemaValidator: acceptEverything
        });
        const session = {
          generation,
          client,
          transport,
          stdio,
          lost: false,
          lostReason: void 0,
          readyAt: void 0
        };
        client.setRequestHandler("elicitation/create", (request) => this.answerElicitation(session, request));
        client.setNotificationHandler("notifications/tools/list_changed", () => {
          if (session === this.current) this.fireToolsChanged();
        });
        client.onclose = () => this.onSessionClosed(session);
        client.onerror = () => void 0;
        this.pending = session;
        try {
          await client.connect(transport, { timeout: timeout2 });
          return session;
        } catch (error) {
          const reason = this.startFailureReason(session, error, deadline);
          await this.endSession(session, reason.message);
          throw reason;
        } finally {
          if (this.pending === session) this.pending = void 0;
        }
      }
      startFailureReason(session, error, timeout2) {
        const failure = this.describeStartFailure(session, error, timeout2);
        return new StartFailure(failure.message, failure.retry, error);
      }
      describeStartFailure(session, error, timeout2) {
        const code = error?.code;
        if (code === "ENOENT") return reasonOf2(`Command not found: ${this.spec.command ?? ""}`, false);
        if (code === "EACCES") return reasonOf2(`Command not executable: ${this.spec.command ?? ""}`, false);
        const tail = this.stderr.explanation();
        const withTail = (text3) => tail && session.stdio ? `${text3}: ${tail}` : text3;
        if (session.stdio?.fatalError) return reasonOf2(session.stdio.fatalError.message, true);
        if (session.stdio?.exit)
          return reasonOf2(withTail(`It exited before it was ready (${describeExit(session.stdio.exit)})`), true);
        if (error instanceof SdkError3 && error.code === SdkErrorCode3.RequestTimeout) {
          return reasonOf2(withTail(`Did not answer initialize within ${seconds2(timeout2)}`), true);
        }
        if (error instanceof SdkError3 && error.code === SdkErrorCode3.ConnectionClosed && session.stdio) {
          return reasonOf2(withTail("It closed the connection before it was ready"), true);
        }
        if (error instanceof SdkHttpError)
          return reasonOf2(
            `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ""} from ${this.spec.url ?? ""}`,
            true
          );
        return reasonOf2(error instanceof Error ? error.message : String(error), true);
      }
      /** The SDK saw the transport close: a crash or exit (or our own close). */
      onSessionClosed(session) {
        if (session.lost) return;
        session.lost = true;
        session.lostReason = this.lossReason(session);
        if (session !== this.current || this.closed) return;
        this.current = void 0;
        this.fail(session.lostReason, true, session.readyAt);
      }
      lossReason(session) {
        if (session.stdio?.fatalError) return session.stdio.fatalError.message;
        if (session.stdio?.exit) {
          const tail = this.stderr.explanation();
          return `The server exited (${describeExit(session.stdio.exit)})${tail ? `: ${tail}` : ""}`;
        }
        return "The connection closed";
      }
      fail(reason, retry, readyAt) {
        if (readyAt !== void 0 && this.now() - readyAt >= this.backoff.stableMs) this.failures = 0;
        this.failures++;
        if (!retry) {
          this.setStatus({ state: "failed", reason, retryAt: void 0 });
          return;
        }
        const delay2 = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.min(this.failures - 1, 30));
        this.setStatus({ state: "failed", reason, retryAt: this.now() + delay2 });
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.start(), delay2);
        this.retryTimer.unref?.();
      }
      async endSession(session, reason) {
        if (!session.lost) {
          session.lost = true;
          session.lostReason = reason;
        }
        if (session.transport instanceof StreamableHTTPClientTransport2 && session.transport.sessionId) {
          await session.transport.terminateSession().catch(() => void 0);
        }
        await session.client.close().catch(() => void 0);
        await session.stdio?.close();
      }
      /** A server's question during a call goes to that call's form; with none (or several calls running, which is ambiguous) it is declined. */
      async answerElicitation(session, request) {
        const params = request.params;
        if (params.mode === "url") return { action: "decline" };
        const running = [...this.calls].filter((call) => call.session === session);
        const only = running.length === 1 ? running[0] : void 0;
        if (!only?.elicit) return { action: "decline" };
        const answer = await only.elicit({
          from: this.spec.name,
          message: params.message,
          requestedSchema: params.requestedSchema
        });
        return answer.action === "accept" ? { action: "accept", content: answer.content } : { action: answer.action };
      }
      setStatus(status) {
        this.state = status;
        for (const listener of [...this.statusListeners]) listener(status);
      }
      fireToolsChanged() {
        for (const listener of [...this.toolsListeners]) listener();
      }
    };
  }
});

// src/main/mcp/mcp-conformance-client.ts
async function runConformanceClient(url, env, io = { log: (line) => process.stderr.write(`${line}
`) }) {
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? "";
  io.log(`keel conformance client: scenario ${scenario || "(none)"} at ${url}`);
  const connection = new McpConnection(
    {
      id: "conformance",
      name: "Conformance server",
      transport: "http",
      url,
      timeoutMs: 2e4,
      maxTotalTimeoutMs: 25e3,
      startTimeoutMs: 2e4
    },
    // One attempt: a failed start is the result, not something to retry.
    { clientInfo: { name: "keel-conformance-client", version: "0.1.0" }, backoff: { initialMs: 10 * 6e4 } }
  );
  try {
    await connection.start();
    const status = connection.status();
    if (status.state !== "ready") {
      io.log(`not connected: ${status.state === "failed" ? status.reason : status.state}`);
      return 1;
    }
    const tools = await connection.listTools();
    io.log(`tools: ${tools.map((tool) => tool.name).join(", ") || "(none)"}`);
    let failures = 0;
    for (const tool of tools) {
      const args = conformanceArguments(tool);
      const outcome = await connection.callTool(tool.name, args, {
        signal: new AbortController().signal,
        elicit: answerWithDefaults
      });
      io.log(`${tool.name}(${JSON.stringify(args)}) \u2192 ${describe3(outcome)}`);
      if (outcome.kind === "not-sent" || outcome.kind === "unknown") failures++;
    }
    return failures === 0 ? 0 : 1;
  } catch (error) {
    io.log(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await connection.close();
  }
}
function conformanceArguments(tool) {
  if (tool.name === "add_numbers") return { a: 5, b: 3 };
  const properties = tool.inputSchema.properties ?? {};
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.filter((key) => typeof key === "string") : [];
  const args = {};
  for (const key of required) args[key] = sampleValue(properties[key] ?? {});
  return args;
}
function sampleValue(schema) {
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "test";
  }
}
async function answerWithDefaults(request) {
  const properties = request.requestedSchema.properties ?? {};
  const required = new Set(
    Array.isArray(request.requestedSchema.required) ? request.requestedSchema.required : []
  );
  const content = {};
  for (const [key, schema] of Object.entries(properties)) {
    if (!("default" in schema) && !required.has(key)) continue;
    const value = sampleValue(schema);
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") content[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) content[key] = value;
  }
  return { action: "accept", content };
}
function describe3(outcome) {
  switch (outcome.kind) {
    case "result":
      return `${outcome.result.isError ? "error result" : "result"} ${JSON.stringify(outcome.result.content).slice(0, 200)}`;
    case "rejected":
      return `rejected ${outcome.code} ${outcome.message}`;
    case "not-sent":
      return `not sent: ${outcome.message}`;
    case "unknown":
      return `unknown (${outcome.reason}): ${outcome.message}`;
  }
}
var init_mcp_conformance_client = __esm({
  "src/main/mcp/mcp-conformance-client.ts"() {
    "use strict";
    init_mcp_connection();
  }
});

// src/main/mcp/mcp-definition-hash.ts
import { createHash as createHash2 } from "node:crypto";
function sha256Hex(text3) {
  return createHash2("sha256").update(text3, "utf8").digest("hex");
}
function mcpDefinitionHash(tool) {
  return sha256Hex(canonicalJson(tool));
}
var init_mcp_definition_hash = __esm({
  "src/main/mcp/mcp-definition-hash.ts"() {
    "use strict";
    init_canonical_json();
  }
});

// src/main/mcp/mcp-definition-admission.ts
function admitToolDefinitions(listed2, serverName, hash) {
  const tools = [];
  const dropped = [];
  const byName = /* @__PURE__ */ new Map();
  const duplicated = /* @__PURE__ */ new Set();
  listed2.forEach((raw, index) => {
    if (index >= MCP_MAX_TOOLS_PER_SERVER) {
      if (index === MCP_MAX_TOOLS_PER_SERVER)
        dropped.push(`it lists ${listed2.length} tools; Keel keeps the first ${MCP_MAX_TOOLS_PER_SERVER}`);
      return;
    }
    const admitted = admitOne(raw, index, serverName, hash);
    if ("dropped" in admitted) {
      dropped.push(admitted.dropped);
      return;
    }
    const name = admitted.tool.name;
    const first = byName.get(name);
    if (first === void 0) {
      byName.set(name, tools.length);
      tools.push(admitted);
    } else duplicated.add(name);
  });
  for (const name of duplicated) {
    const at = byName.get(name);
    tools[at] = refusedTool(
      name,
      `Tool '${shortName(name)}' of ${serverName} is not offered: the server lists more than one tool named '${shortName(name)}'`
    );
  }
  return { tools, dropped };
}
function admitOne(raw, index, serverName, hash) {
  let name;
  try {
    name = typeof raw === "object" && raw !== null ? raw.name : void 0;
  } catch {
    name = void 0;
  }
  if (typeof name !== "string") return { dropped: `entry ${index + 1} of its tool list has no name` };
  const refuse = (why) => refusedTool(name, `Tool '${shortName(name)}' of ${serverName} is not offered: ${why}`);
  if (name.length === 0 || name.length > MCP_MAX_TOOL_NAME_CHARS)
    return refuse(`its name is ${name.length === 0 ? "empty" : `longer than ${MCP_MAX_TOOL_NAME_CHARS} characters`}`);
  const copied = plainCopy(raw);
  if (!copied.ok) return refuse(copied.reason);
  const tool = copied.value;
  const schema = tool.inputSchema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return refuse("it has no input schema (an object)");
  try {
    const chars = JSON.stringify(tool).length;
    if (chars > MCP_MAX_DEFINITION_CHARS)
      return refuse(
        `its definition is larger than ${MCP_MAX_DEFINITION_CHARS / 1024} KiB (${Math.ceil(chars / 1024)} KiB)`
      );
    return { tool, hash: hash(tool) };
  } catch (error) {
    return refuse(`its definition cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}
function refusedTool(name, reason) {
  return { tool: { name: shortName(name), inputSchema: {} }, hash: "", refused: reason };
}
function shortName(name) {
  return name.length > MCP_MAX_TOOL_NAME_CHARS ? `${name.slice(0, 64)}\u2026` : name;
}
function plainCopy(raw) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, reason: "it is not an object" };
  const root = {};
  const stack = [
    { from: raw, to: root, depth: 1 }
  ];
  try {
    for (let item = stack.pop(); item; item = stack.pop()) {
      const { from, to, depth } = item;
      const source = from;
      const keys = Array.isArray(from) ? Array.from({ length: from.length }, (_, i) => String(i)) : Object.keys(from);
      for (const key of keys) {
        const value = source[key];
        let copy;
        if (value === void 0) {
          if (Array.isArray(from)) return { ok: false, reason: "its definition is not plain JSON" };
          continue;
        }
        if (value === null || typeof value === "string" || typeof value === "boolean") copy = value;
        else if (typeof value === "number") {
          if (!Number.isFinite(value)) return { ok: false, reason: "its definition is not plain JSON" };
          copy = value;
        } else if (typeof value === "object") {
          const prototype = Object.getPrototypeOf(value);
          if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
            return { ok: false, reason: "its definition is not plain JSON" };
          if (depth + 1 > MCP_MAX_DEFINITION_DEPTH)
            return { ok: false, reason: `its definition is nested deeper than ${MCP_MAX_DEFINITION_DEPTH} levels` };
          copy = Array.isArray(value) ? [] : {};
          stack.push({ from: value, to: copy, depth: depth + 1 });
        } else return { ok: false, reason: "its definition is not plain JSON" };
        if (Array.isArray(to)) to.push(copy);
        else Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true });
      }
    }
  } catch (error) {
    return {
      ok: false,
      reason: `its definition cannot be read (${error instanceof Error ? error.message : String(error)})`
    };
  }
  return { ok: true, value: root };
}
var MCP_MAX_DEFINITION_DEPTH, MCP_MAX_DEFINITION_CHARS, MCP_MAX_TOOL_NAME_CHARS, MCP_MAX_TOOLS_PER_SERVER;
var init_mcp_definition_admission = __esm({
  "src/main/mcp/mcp-definition-admission.ts"() {
    "use strict";
    MCP_MAX_DEFINITION_DEPTH = 100;
    MCP_MAX_DEFINITION_CHARS = 256 * 1024;
    MCP_MAX_TOOL_NAME_CHARS = 256;
    MCP_MAX_TOOLS_PER_SERVER = 1e3;
  }
});

// src/main/mcp/mcp-json-schema.ts
import { createHash as createHash3 } from "node:crypto";
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
function ajvFor(dialect) {
  let ajv = instances.get(dialect);
  if (!ajv) {
    ajv = dialect === "2020-12" ? new Ajv2020(OPTIONS) : dialect === "2019-09" ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    instances.set(dialect, ajv);
  }
  return ajv;
}
function schemaDialect(schema) {
  const declared = schema.$schema;
  if (declared === void 0) return { ok: true, dialect: "2020-12" };
  if (typeof declared !== "string")
    return { ok: false, reason: "its schema declares a dialect ($schema) that is not a URI" };
  const uri = declared.trim().replace(/#$/, "").replace(/^http:/, "https:");
  switch (uri) {
    case "https://json-schema.org/draft/2020-12/schema":
      return { ok: true, dialect: "2020-12" };
    case "https://json-schema.org/draft/2019-09/schema":
      return { ok: true, dialect: "2019-09" };
    case "https://json-schema.org/draft-07/schema":
      return { ok: true, dialect: "draft-07" };
    case "https://json-schema.org/draft-06/schema":
      return { ok: true, dialect: "draft-06" };
    default:
      return {
        ok: false,
        reason: `its schema uses a JSON Schema dialect Keel cannot check (${declared}); Keel checks 2020-12, 2019-09, draft-07 and draft-06`
      };
  }
}
function compileJsonSchema(schema) {
  let key;
  try {
    key = createHash3("sha256").update(canonicalJson(schema)).digest("hex");
  } catch {
    return { ok: false, reason: "its schema is not plain JSON" };
  }
  const cached = cache.get(key);
  if (cached) return cached;
  const compiled = compileUncached(schema);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value);
  cache.set(key, compiled);
  return compiled;
}
function compileUncached(schema) {
  const dialect = schemaDialect(schema);
  if (!dialect.ok) return dialect;
  const { $schema: _declared, ...body } = structuredClone(schema);
  const ajv = ajvFor(dialect.dialect);
  let validate;
  try {
    validate = ajv.compile(body);
  } catch (error) {
    const missing = error.missingRef;
    return {
      ok: false,
      reason: typeof missing === "string" ? `its schema refers to ${missing}, which is not inside the schema (Keel never fetches schemas)` : `its schema is not a valid JSON Schema (${error instanceof Error ? error.message : String(error)})`
    };
  } finally {
    ajv.removeSchema(body);
  }
  return {
    ok: true,
    dialect: dialect.dialect,
    check(value, root = "arguments") {
      return validate(value) ? [] : argumentIssues(validate.errors ?? [], value, root);
    }
  };
}
function compileInputSchema(schema) {
  if (schema.type !== void 0 && schema.type !== "object") {
    return { ok: false, reason: `its input schema is not an object schema (type ${JSON.stringify(schema.type)})` };
  }
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) return compiled;
  return {
    ok: true,
    dialect: compiled.dialect,
    schema: {
      jsonSchema: schemaForProviders(schema),
      validate(args) {
        const issues = compiled.check(args);
        return issues.length === 0 ? { ok: true, value: args } : { ok: false, issues };
      }
    }
  };
}
function schemaForProviders(schema) {
  const { $schema: _declared, ...rest } = schema;
  return { ...rest, type: "object" };
}
function argumentIssues(errors, value, root = "arguments") {
  const issues = [];
  const seen = /* @__PURE__ */ new Set();
  for (const error of errors) {
    const issue = issueOf(error, value, root);
    const text3 = `${issue.path}\0${issue.message}`;
    if (seen.has(text3)) continue;
    seen.add(text3);
    issues.push(issue);
    if (issues.length >= MAX_ISSUES) break;
  }
  return issues;
}
function issueOf(error, value, root) {
  const segments = error.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const path = segments.join(".");
  const at = (key) => path ? `${path}.${key}` : key;
  const where = path || root;
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return {
        path: at(String(params.missingProperty)),
        message: `missing required argument '${at(String(params.missingProperty))}'`,
        reason: { kind: "missing" }
      };
    case "dependentRequired":
    case "dependencies":
      return {
        path: at(String(params.missingProperty)),
        message: `missing argument '${at(String(params.missingProperty))}', required when '${at(String(params.property))}' is given`,
        reason: { kind: "missing" }
      };
    case "additionalProperties":
      return {
        path: at(String(params.additionalProperty)),
        message: `unexpected argument '${at(String(params.additionalProperty))}'; this tool does not accept it`,
        reason: { kind: "unexpected" }
      };
    case "unevaluatedProperties":
      return {
        path: at(String(params.unevaluatedProperty)),
        message: `unexpected argument '${at(String(params.unevaluatedProperty))}'; this tool does not accept it`,
        reason: { kind: "unexpected" }
      };
    case "type":
      return {
        path,
        message: `${where}: expected ${String(params.type).replace(/,/g, " or ")}, got ${describeType(valueAt(value, segments))}`,
        reason: { kind: "wrong-type", expected: String(params.type).split(",")[0] ?? "value" }
      };
    case "enum":
      return {
        path,
        message: `${where}: must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(" | ")}`,
        reason: { kind: "allowed-values", values: params.allowedValues.map(shownValue) }
      };
    case "const":
      return {
        path,
        message: `${where}: must be ${JSON.stringify(params.allowedValue)}`,
        reason: { kind: "allowed-values", values: [shownValue(params.allowedValue)] }
      };
    default:
      return {
        path,
        message: `${where}: ${error.message ?? `fails '${error.keyword}'`}`,
        reason: reasonOfKeyword(error.keyword, params)
      };
  }
}
function shownValue(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}
function reasonOfKeyword(keyword, params) {
  const limit = typeof params.limit === "number" ? params.limit : void 0;
  if (limit === void 0) return { kind: "other" };
  switch (keyword) {
    case "minimum":
    case "exclusiveMinimum":
      return { kind: "range", minimum: limit };
    case "maximum":
    case "exclusiveMaximum":
      return { kind: "range", maximum: limit };
    case "maxLength":
      return { kind: "too-long", limit, unit: "characters" };
    case "minLength":
      return { kind: "too-short", limit, unit: "characters" };
    case "maxItems":
      return { kind: "too-long", limit, unit: "items" };
    case "minItems":
      return { kind: "too-short", limit, unit: "items" };
    default:
      return { kind: "other" };
  }
}
function valueAt(root, segments) {
  let value = root;
  for (const segment of segments) {
    if (typeof value !== "object" || value === null) return void 0;
    value = value[segment];
  }
  return value;
}
var MAX_ISSUES, OPTIONS, instances, cache, CACHE_LIMIT;
var init_mcp_json_schema = __esm({
  "src/main/mcp/mcp-json-schema.ts"() {
    "use strict";
    init_argument_issues();
    init_canonical_json();
    MAX_ISSUES = 20;
    OPTIONS = { strict: false, allErrors: true, validateFormats: false, logger: false };
    instances = /* @__PURE__ */ new Map();
    cache = /* @__PURE__ */ new Map();
    CACHE_LIMIT = 512;
  }
});

// src/main/mcp/mcp-result.ts
function mcpResultToKeel(result, options = {}) {
  const forModel = [];
  const parts = [];
  let sentImages = 0;
  let userOnly = 0;
  for (const item of result.content) {
    const onlyUser = isUserOnly(item);
    if (onlyUser) userOnly++;
    const mapped = mapContent(item);
    for (const part of mapped.parts) parts.push(onlyUser ? { ...part, audience: "user" } : part);
    if (onlyUser) continue;
    if (mapped.text !== void 0) forModel.push(mapped.text);
    sentImages += mapped.parts.filter((part) => part.type === "image").length;
  }
  const structured = result.structuredContent;
  if (structured !== void 0) {
    parts.push({ type: "json", value: structured });
    const hasTextCopy = result.content.some((item) => item.type === "text" && !isUserOnly(item));
    if (!hasTextCopy) forModel.push(JSON.stringify(structured));
  }
  const note = outputSchemaNote(structured, options.outputSchema);
  if (note) {
    forModel.push(note);
    parts.push({ type: "text", text: note });
  }
  if (forModel.length === 0) {
    if (sentImages > 0) forModel.push(`[${sentImages} image${sentImages === 1 ? "" : "s"}]`);
    else if (userOnly > 0)
      forModel.push("[The result was shown to the user only; its content is not available to you.]");
    else forModel.push("[The tool returned no content.]");
  }
  return { output: capTextForModel(forModel.join("\n"), MCP_TEXT_BYTES_FOR_MODEL), parts };
}
function mcpErrorText(result) {
  const text3 = result.content.filter((item) => !isUserOnly(item)).map((item) => mapContent(item).text).filter((line) => line !== void 0 && line.trim() !== "").join("\n");
  return text3 ? capTextForModel(text3, MCP_ERROR_BYTES_FOR_MODEL) : "The tool reported an error without saying what went wrong.";
}
function isUserOnly(item) {
  const audience = asRecord(item.annotations)?.audience;
  return Array.isArray(audience) && audience.includes("user") && !audience.includes("assistant");
}
function mapContent(item) {
  const raw = { type: "json", value: item };
  switch (item.type) {
    case "text":
      if (typeof item.text === "string") return { text: item.text, parts: [{ type: "text", text: item.text }] };
      break;
    case "image":
      if (typeof item.data === "string" && typeof item.mimeType === "string") {
        return { text: void 0, parts: [{ type: "image", mimeType: item.mimeType, data: item.data }] };
      }
      break;
    case "audio":
      return { text: `[audio ${mimeOf(item.mimeType)}, ${sizeOf(item.data)}, shown to the user]`, parts: [raw] };
    case "resource_link": {
      const fields = [
        typeof item.name === "string" ? item.name : void 0,
        typeof item.mimeType === "string" ? item.mimeType : void 0
      ].filter(Boolean);
      const description = typeof item.description === "string" && item.description ? `: ${item.description}` : "";
      return {
        text: `[resource link ${String(item.uri)}${fields.length ? ` (${fields.join(", ")})` : ""}${description}; not fetched]`,
        parts: [raw]
      };
    }
    case "resource": {
      const resource = asRecord(item.resource);
      if (!resource) break;
      const uri = String(resource.uri);
      const mime = typeof resource.mimeType === "string" ? resource.mimeType : void 0;
      if (typeof resource.text === "string")
        return { text: `[resource ${uri}${mime ? ` (${mime})` : ""}]
${resource.text}`, parts: [raw] };
      if (typeof resource.blob === "string") {
        if (mime && MODEL_IMAGE_TYPES.has(mime))
          return {
            text: `[resource ${uri} (${mime}): the image follows]`,
            parts: [{ type: "image", mimeType: mime, data: resource.blob }]
          };
        return {
          text: `[resource ${uri} (${mimeOf(mime)}), ${sizeOf(resource.blob)}, shown to the user]`,
          parts: [raw]
        };
      }
      break;
    }
  }
  return { text: `[content of type ${JSON.stringify(item.type)}, shown to the user]`, parts: [raw] };
}
function outputSchemaNote(structured, outputSchema) {
  if (!outputSchema) return void 0;
  if (structured === void 0) return "[Note: the tool declares an output schema but returned no structured result.]";
  const compiled = compileJsonSchema(outputSchema);
  if (!compiled.ok) return `[Note: the structured result could not be checked: ${compiled.reason}.]`;
  const issues = compiled.check(structured, "result");
  if (issues.length === 0) return void 0;
  return `[Note: the structured result does not match the tool's declared output schema (${issues.map((issue) => issue.message).join("; ")}). The action did run.]`;
}
function asRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
}
function mimeOf(value) {
  return typeof value === "string" && value ? value : "of unknown type";
}
function sizeOf(base64) {
  const length = typeof base64 === "string" ? base64.replace(/=+$/, "").length : 0;
  return `${Math.max(1, Math.ceil(length * 3 / 4 / 1024))} KB`;
}
var MCP_TEXT_BYTES_FOR_MODEL, MCP_ERROR_BYTES_FOR_MODEL;
var init_mcp_result = __esm({
  "src/main/mcp/mcp-result.ts"() {
    "use strict";
    init_tool_result_for_model();
    init_mcp_json_schema();
    MCP_TEXT_BYTES_FOR_MODEL = MAX_RESULT_BYTES_FOR_MODEL - 2 * 1024;
    MCP_ERROR_BYTES_FOR_MODEL = 8 * 1024;
  }
});

// src/main/mcp/mcp-tool-adapter.ts
function mcpToolEffect(annotations, trustReadOnlyHints) {
  return trustReadOnlyHints && annotations.readOnlyHint === true ? "none" : "external";
}
function mcpToolAnnotations(tool) {
  const raw = typeof tool.annotations === "object" && tool.annotations !== null ? tool.annotations : {};
  const flag = (key) => typeof raw[key] === "boolean" ? raw[key] : void 0;
  return {
    readOnlyHint: flag("readOnlyHint"),
    destructiveHint: flag("destructiveHint"),
    idempotentHint: flag("idempotentHint"),
    openWorldHint: flag("openWorldHint"),
    title: typeof raw.title === "string" && raw.title ? raw.title : void 0
  };
}
function mcpToolTitle(tool) {
  return typeof tool.title === "string" && tool.title || mcpToolAnnotations(tool).title || tool.name;
}
function toKeelTool(input) {
  const { server, tool, definitionHash, connection, providerName } = input;
  const schema = compileInputSchema(tool.inputSchema);
  if (!schema.ok)
    return { ok: false, reason: `Tool '${tool.name}' of ${server.name} is not offered: ${schema.reason}.` };
  const annotations = mcpToolAnnotations(tool);
  const readOnly = annotations.readOnlyHint === true;
  const title = mcpToolTitle(tool);
  const keelTool = {
    name: providerName,
    title,
    description: typeof tool.description === "string" && tool.description || title,
    schema: schema.schema,
    source: `mcp:${server.id}`,
    grantKey: `mcp:${server.id}:${tool.name}@${definitionHash}`,
    provider: server.name,
    hints: {
      // The spec's pessimistic defaults: destructive and open-world unless the server says otherwise
      // (destructiveness only means something for a tool that is not read-only).
      destructive: readOnly ? annotations.destructiveHint === true : annotations.destructiveHint ?? true,
      openWorld: annotations.openWorldHint ?? true,
      readOnly
    },
    maxTimeoutMs: server.maxTotalTimeoutMs,
    effect: mcpToolEffect(annotations, server.trustReadOnlyHints),
    async call(args, options) {
      const outcome = await connection.callTool(tool.name, args, {
        signal: options.signal,
        timeoutMs: server.timeoutMs,
        ...options.onProgress ? { onProgress: options.onProgress } : {},
        ...options.elicit ? { elicit: options.elicit } : {}
      });
      if (outcome.kind === "unknown" && keelTool.effect === "none") {
        return { ok: false, failure: { kind: "external", message: unknownReason(outcome, server), retryable: false } };
      }
      return keelOutcomeOf(outcome, { server, outputSchema: tool.outputSchema });
    }
  };
  return { ok: true, tool: keelTool };
}
function keelOutcomeOf(outcome, context) {
  const { server } = context;
  switch (outcome.kind) {
    case "result":
      if (outcome.result.isError === true)
        return { ok: false, failure: { kind: "external", message: mcpErrorText(outcome.result), retryable: false } };
      return { ok: true, ...mcpResultToKeel(outcome.result, { outputSchema: context.outputSchema }) };
    case "rejected":
      return {
        ok: false,
        failure: { kind: "external", message: `${server.name} refused the call: ${outcome.message}`, retryable: false }
      };
    case "not-sent":
      return {
        ok: false,
        failure: {
          kind: "external",
          message: `${server.name} could not be reached (${outcome.message}); the tool did not run.`,
          retryable: true
        },
        notRun: true
      };
    case "unknown":
      throw new ToolOutcomeUnknown(unknownReason(outcome, server));
  }
}
function unknownReason(outcome, server) {
  switch (outcome.reason) {
    case "stopped":
      return `Stopped. ${server.name} was asked to cancel but may have finished \u2014 check.`;
    case "timeout":
      return `The call to ${server.name} timed out (no answer ${seconds3(server.timeoutMs)} after its last progress, or ${seconds3(server.maxTotalTimeoutMs)} in all); the server was asked to cancel but may have finished \u2014 check.`;
    case "connection-lost":
      return `The connection to ${server.name} was lost mid-call (${outcome.message}); the server may or may not have done it \u2014 check.`;
  }
}
function seconds3(ms) {
  return `${Math.round(ms / 1e3)} s`;
}
var init_mcp_tool_adapter = __esm({
  "src/main/mcp/mcp-tool-adapter.ts"() {
    "use strict";
    init_tool();
    init_mcp_json_schema();
    init_mcp_result();
  }
});

// src/main/mcp/mcp-hub.ts
import { join as join5 } from "node:path";
function isTool(value) {
  return !("refused" in value);
}
function scrubbingSecrets(tool, secrets) {
  const forms = keyForms(secrets);
  if (forms.length === 0 || tool.effect === "local") return tool;
  const call = tool.call.bind(tool);
  return { ...tool, call: async (input, options) => redactValue(await call(input, options), forms) };
}
function folderNameOf(id2) {
  return id2.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100) || "_";
}
function startTimeoutOf(config) {
  return config.timeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS;
}
function placeholderOf(config, where, key) {
  const stored = config[where]?.[key];
  return stored && "placeholder" in stored ? stored.placeholder : void 0;
}
var McpHub;
var init_mcp_hub = __esm({
  "src/main/mcp/mcp-hub.ts"() {
    "use strict";
    init_mcp();
    init_key_redaction();
    init_mcp_definition_admission();
    init_mcp_secrets();
    init_mcp_tool_adapter();
    McpHub = class {
      constructor(deps) {
        this.deps = deps;
      }
      deps;
      id = "mcp";
      servers = /* @__PURE__ */ new Map();
      listeners = /* @__PURE__ */ new Set();
      closed = false;
      /**
       * Applies the configured servers: new and changed ones (re)start when enabled and agreed to,
       * removed, disabled and not-agreed ones stop. Idempotent: the same entries change nothing.
       */
      sync(entries) {
        if (this.closed) return;
        const wanted = new Map(entries.map((entry) => [entry.config.id, entry]));
        for (const [id2, state] of this.servers) {
          if (!wanted.has(id2)) {
            void this.stop(state);
            this.servers.delete(id2);
          }
        }
        for (const entry of entries) {
          const state = this.servers.get(entry.config.id) ?? this.newState(entry);
          this.servers.set(entry.config.id, state);
          state.entry = entry;
          this.apply(state);
        }
        this.changed();
      }
      /** Restarts one server (the user's Restart; also a failed one before its backoff ends). */
      async restart(serverId) {
        const state = this.servers.get(serverId);
        if (!state) return false;
        void this.stop(state);
        this.apply(state);
        this.changed();
        return true;
      }
      /** The server's stderr tail ('' when it never ran or speaks HTTP). */
      stderr(serverId) {
        const state = this.servers.get(serverId);
        if (!state) return void 0;
        return state.connection?.stderrTail() ?? "";
      }
      /**
       * Accepts the definitions the user reviewed: each tool's hash must still be the one listed now
       * (a definition that changed again while they looked is not accepted). Returns the accepted names.
       */
      acceptTools(serverId, reviewed) {
        const state = this.servers.get(serverId);
        if (!state) return [];
        const accepted = state.listed.filter(
          ({ tool, hash, refused }) => refused === void 0 && reviewed[tool.name] === hash
        );
        const pinned = this.pin(state, accepted);
        this.changed();
        return pinned;
      }
      /** Forgets what the hub knows of a removed server (its pins). */
      forget(serverId) {
        this.deps.pins.removeServer(serverId);
      }
      /** What each server is, runs and offers, for Settings and `keel mcp list`. */
      views() {
        const names = this.providerNames();
        return [...this.servers.values()].map((state) => this.viewOf(state, names));
      }
      view(serverId) {
        const state = this.servers.get(serverId);
        return state ? this.viewOf(state) : void 0;
      }
      list() {
        const names = this.providerNames();
        const tools = [];
        for (const state of this.servers.values()) {
          if (state.status.state !== "ready" || !state.connection) continue;
          const pins = this.deps.pins.forServer(state.entry.config.id);
          const disabled = new Set(state.entry.config.disabledTools ?? []);
          for (const listed2 of state.listed) {
            if (listed2.refused !== void 0 || disabled.has(listed2.tool.name) || pins.get(listed2.tool.name)?.definitionHash !== listed2.hash)
              continue;
            const built = this.build(state, listed2, names);
            if (isTool(built)) tools.push(built);
          }
        }
        return tools;
      }
      /**
       * Resolves once no server is starting and every ready one has listed its tools or failed to (a
       * one-shot turn — `keel chat` — must see the tools before its first round), or after `timeoutMs`
       * (default {@link settleLimitMs}: each server's own start deadline bounds the wait).
       */
      whenSettled(timeoutMs = this.settleLimitMs()) {
        const settled = () => [...this.servers.values()].every(
          (state) => state.status.state !== "starting" && (state.status.state !== "ready" || state.listedOnce || state.listError !== void 0)
        );
        if (settled()) return Promise.resolve();
        return new Promise((resolve6) => {
          const done = () => {
            clearTimeout(timer);
            unsubscribe();
            resolve6();
          };
          const timer = setTimeout(done, timeoutMs);
          const unsubscribe = this.onChanged(() => {
            if (settled()) done();
          });
        });
      }
      /**
       * The longest settling can take: the slowest server's start deadline plus one listing (a page can
       * take its call timeout), and a little for the process to spawn.
       */
      settleLimitMs() {
        let limit = 0;
        for (const { entry } of this.servers.values())
          limit = Math.max(limit, startTimeoutOf(entry.config) + (entry.config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS));
        return limit + 1e3;
      }
      onChanged(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      }
      /** Ends every server (their whole process trees), waiting for each. */
      async close() {
        this.closed = true;
        const closing = [...this.servers.values()].map((state) => this.stop(state));
        this.servers.clear();
        await Promise.allSettled(closing);
      }
      newState(entry) {
        return {
          entry,
          launchKey: void 0,
          connection: void 0,
          unsubscribe: [],
          status: { state: "stopped" },
          listed: [],
          built: /* @__PURE__ */ new Map(),
          listing: 0,
          listedOnce: false,
          listError: void 0
        };
      }
      launchOf(state) {
        const { config, secrets } = state.entry;
        const launch = this.deps.describeLaunch(config);
        const { commandLine, cwd } = launch;
        const timeoutMs = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS;
        const ownFolder = config.transport === "stdio" && !config.cwd && this.deps.serversDir ? join5(this.deps.serversDir, folderNameOf(config.id)) : void 0;
        const spec = {
          id: config.id,
          name: config.name,
          transport: config.transport,
          command: config.command,
          args: config.args,
          cwd: config.cwd || ownFolder,
          createCwd: ownFolder !== void 0,
          env: secrets.env,
          url: config.url,
          headers: secrets.headers,
          timeoutMs,
          maxTotalTimeoutMs: Math.max(timeoutMs, MCP_MAX_TIMEOUT_MS),
          // Its start-up deadline: the timeout the user set for it, else Keel's start default.
          startTimeoutMs: startTimeoutOf(config)
        };
        const key = JSON.stringify([
          spec.transport,
          spec.command,
          spec.args,
          spec.cwd,
          spec.url,
          spec.env,
          spec.headers,
          spec.timeoutMs
        ]);
        return { spec, key, fingerprint: this.deps.fingerprint(config, launch), commandLine, cwd: cwd ?? ownFolder };
      }
      needsConsent(state, fingerprint) {
        return state.entry.origin === "settings" && state.entry.config.consentedFingerprint !== fingerprint;
      }
      missingValues(state) {
        const { config, secrets } = state.entry;
        const missing = [];
        for (const key of Object.keys(config.env ?? {}))
          if (secrets.env[key] === void 0)
            missing.push({ where: "env", key, placeholder: placeholderOf(config, "env", key) });
        for (const key of Object.keys(config.headers ?? {}))
          if (secrets.headers[key] === void 0)
            missing.push({ where: "headers", key, placeholder: placeholderOf(config, "headers", key) });
        return missing;
      }
      /** Brings one server's connection in line with its entry. */
      apply(state) {
        const launch = this.launchOf(state);
        const { config } = state.entry;
        const blocked = config.disabled ? { state: "stopped" } : this.needsConsent(state, launch.fingerprint) ? { state: "needs-consent" } : this.missingValues(state).length > 0 ? {
          state: "failed",
          reason: `Missing values: ${this.missingValues(state).map((m) => m.key).join(", ")}. Enter them in Settings.`,
          retryAt: void 0
        } : void 0;
        if (blocked) {
          void this.stop(state);
          state.status = blocked;
          return;
        }
        if (state.connection && state.launchKey === launch.key) return;
        void this.stop(state);
        const connection = this.deps.connect(launch.spec);
        state.connection = connection;
        state.launchKey = launch.key;
        state.status = connection.status();
        state.unsubscribe.push(
          connection.onStatus((status) => {
            if (state.connection !== connection) return;
            state.status = status;
            if (status.state === "ready") this.refreshSafely(state, connection);
            else if (status.state !== "starting") state.listed = [];
            this.changed();
          }),
          connection.onToolsChanged(() => {
            if (state.connection === connection && connection.status().state === "ready")
              this.refreshSafely(state, connection);
          })
        );
        void connection.start().catch(
          (error) => this.deps.log?.(`MCP server ${config.name}: ${error instanceof Error ? error.message : String(error)}`)
        );
      }
      /** Lists the server's tools again; its very first listing (right after consent) is accepted as agreed. */
      async refresh(state, connection) {
        const listing = ++state.listing;
        let tools;
        try {
          tools = await connection.listTools();
        } catch (error) {
          if (state.connection === connection && listing === state.listing) {
            state.listError = error instanceof Error ? error.message : String(error);
            this.deps.log?.(`MCP server ${state.entry.config.name}: listing its tools failed: ${state.listError}`);
            this.changed();
          }
          return;
        }
        if (state.connection !== connection || listing !== state.listing || this.closed) return;
        const admission = admitToolDefinitions(tools, state.entry.config.name, this.deps.definitionHash);
        for (const dropped of admission.dropped) this.deps.log?.(`MCP server ${state.entry.config.name}: ${dropped}`);
        state.listed = admission.tools;
        state.listedOnce = true;
        state.listError = void 0;
        const serverId = state.entry.config.id;
        const admitted = state.listed.filter((listed2) => listed2.refused === void 0);
        if (admitted.length > 0 && !this.deps.pins.hasAny(serverId)) this.pin(state, admitted);
        this.changed();
      }
      /** Lists again; whatever goes wrong is the server's problem, said in the log, never Keel's crash. */
      refreshSafely(state, connection) {
        this.refresh(state, connection).catch((error) => {
          this.deps.log?.(
            `MCP server ${state.entry.config.name}: its tools could not be read: ${error instanceof Error ? error.message : String(error)}`
          );
        });
      }
      /**
       * Pins these definitions: all in one transaction, else (one the store refuses) one by one, so one
       * definition cannot keep the others from being accepted. One that cannot be stored is refused with
       * the reason. Returns the names pinned.
       */
      pin(state, tools) {
        const serverId = state.entry.config.id;
        const row = ({ tool, hash }) => ({
          toolName: tool.name,
          definitionHash: hash,
          definition: tool
        });
        try {
          this.deps.pins.accept(serverId, tools.map(row));
          return tools.map(({ tool }) => tool.name);
        } catch {
          const pinned = [];
          for (const listed2 of tools) {
            try {
              this.deps.pins.accept(serverId, [row(listed2)]);
              pinned.push(listed2.tool.name);
            } catch (error) {
              const reason = `Tool '${listed2.tool.name}' of ${state.entry.config.name} is not offered: Keel could not store its definition (${error instanceof Error ? error.message : String(error)})`;
              const at = state.listed.indexOf(listed2);
              if (at >= 0)
                state.listed[at] = { tool: { name: listed2.tool.name, inputSchema: {} }, hash: "", refused: reason };
            }
          }
          return pinned;
        }
      }
      /** Every listed tool's provider name, keyed by server and tool (names depend on all servers' tools). */
      providerNames() {
        const refs = [...this.servers.values()].flatMap(
          (state) => state.listed.filter((listed2) => listed2.refused === void 0).map(({ tool }) => ({ serverId: state.entry.config.id, toolName: tool.name }))
        );
        const names = this.deps.providerNames(refs);
        return new Map(refs.map((ref, index) => [`${ref.serverId}\0${ref.toolName}`, names[index]]));
      }
      build(state, listed2, names) {
        const { config } = state.entry;
        const trust = config.trustReadOnlyHints === true;
        const timeoutMs = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS;
        const providerName = names.get(`${config.id}\0${listed2.tool.name}`) ?? listed2.tool.name;
        const key = `${listed2.hash}:${trust}:${timeoutMs}:${config.name}:${providerName}`;
        const cached = state.built.get(listed2.tool.name);
        if (cached && cached.key === key) return cached.tool;
        let built;
        try {
          built = this.deps.toTool({
            server: {
              id: config.id,
              name: config.name,
              trustReadOnlyHints: trust,
              timeoutMs,
              maxTotalTimeoutMs: Math.max(timeoutMs, MCP_MAX_TIMEOUT_MS)
            },
            tool: listed2.tool,
            definitionHash: listed2.hash,
            connection: state.connection,
            providerName
          });
        } catch (error) {
          built = {
            refused: `Tool '${listed2.tool.name}' of ${config.name} is not offered: ${error instanceof Error ? error.message : String(error)}`
          };
        }
        const tool = isTool(built) ? scrubbingSecrets(built, mcpSecretValueList(state.entry.secrets)) : built;
        state.built.set(listed2.tool.name, { key, tool });
        return tool;
      }
      viewOf(state, names = this.providerNames()) {
        const { config } = state.entry;
        const launch = this.launchOf(state);
        const pins = this.deps.pins.forServer(config.id);
        const disabled = new Set(config.disabledTools ?? []);
        const trust = config.trustReadOnlyHints === true;
        const tools = state.listed.map((listed2) => {
          const pin = pins.get(listed2.tool.name);
          const { title: _title, ...annotations } = mcpToolAnnotations(listed2.tool);
          const built = listed2.refused !== void 0 ? { refused: listed2.refused } : state.connection ? this.build(state, listed2, names) : void 0;
          return {
            serverId: config.id,
            name: listed2.tool.name,
            providerName: built && isTool(built) ? built.name : "",
            title: mcpToolTitle(listed2.tool),
            description: typeof listed2.tool.description === "string" ? listed2.tool.description : "",
            annotations,
            pin: !pin ? "new" : pin.definitionHash === listed2.hash ? "accepted" : "changed",
            enabled: !disabled.has(listed2.tool.name),
            definitionHash: listed2.hash,
            definition: listed2.tool,
            ...pin && pin.definitionHash !== listed2.hash ? { acceptedDefinition: pin.definition } : {},
            effect: mcpToolEffect(annotations, trust),
            ...built && !isTool(built) ? { refused: built.refused } : {}
          };
        });
        const offered = tools.filter((tool) => tool.enabled && tool.pin === "accepted" && tool.providerName !== "");
        const definitionChars = offered.reduce((sum, tool) => sum + JSON.stringify(tool.definition).length, 0);
        return {
          config,
          commandLine: launch.commandLine,
          envKeys: Object.keys(config.env ?? {}),
          cwd: launch.cwd,
          needsConsent: this.needsConsent(state, launch.fingerprint),
          fingerprint: launch.fingerprint,
          origin: state.entry.origin,
          missingValues: this.missingValues(state),
          // Ready once its tools are listed: the window stops watching a server it sees ready.
          status: state.status.state !== "ready" || state.listedOnce ? state.status : state.listError !== void 0 ? { state: "failed", reason: `Its tools could not be listed: ${state.listError}`, retryAt: void 0 } : { state: "starting" },
          tools,
          // About four characters a token: an estimate of what the definitions cost every request.
          offered: { tools: offered.length, estimatedTokens: Math.ceil(definitionChars / 4) }
        };
      }
      stop(state) {
        for (const unsubscribe of state.unsubscribe.splice(0)) unsubscribe();
        const connection = state.connection;
        state.connection = void 0;
        state.launchKey = void 0;
        state.listed = [];
        state.listedOnce = false;
        state.listError = void 0;
        state.built.clear();
        state.listing++;
        state.status = { state: "stopped" };
        return connection ? connection.close().catch(() => {
        }) : Promise.resolve();
      }
      changed() {
        for (const listener of this.listeners) {
          try {
            listener();
          } catch {
          }
        }
      }
    };
  }
});

// src/main/mcp/mcp-provider-names.ts
function mcpToolProviderName(serverId, toolName) {
  return mcpProviderToolName(serverId, toolName, sha256Hex);
}
function assignMcpProviderNames(tools) {
  const base = tools.map((tool) => mcpToolProviderName(tool.serverId, tool.toolName));
  const names = [...base];
  for (let length = 8; ; length += 4) {
    const groups = /* @__PURE__ */ new Map();
    names.forEach((name, index) => groups.set(name, [...groups.get(name) ?? [], index]));
    const shared = [...groups.values()].filter((members) => members.length > 1);
    if (shared.length === 0) return names;
    if (length > 48) throw new Error("assignMcpProviderNames: the same (server, tool) pair was given twice");
    for (const members of shared) {
      const keeper = members.filter((index) => names[index] === exactName(tools[index])).sort((a, b) => tools[a].serverId < tools[b].serverId ? -1 : 1)[0];
      for (const index of members) if (index !== keeper) names[index] = hashed(tools[index], base[index], length);
    }
  }
}
function exactName(tool) {
  return `mcp__${tool.serverId}__${tool.toolName}`;
}
function hashed(tool, name, length) {
  const suffix = sha256Hex(`${tool.serverId}\0${tool.toolName}`).slice(0, length);
  return `${name.slice(0, 64 - length - 1)}_${suffix}`;
}
var init_mcp_provider_names = __esm({
  "src/main/mcp/mcp-provider-names.ts"() {
    "use strict";
    init_mcp();
    init_mcp_definition_hash();
  }
});

// src/main/mcp/mcp-server-config.ts
import { createHash as createHash4 } from "node:crypto";
function mcpFingerprint(config, resolvedCommandLine) {
  const covered = config.transport === "stdio" ? {
    transport: config.transport,
    commandLine: [...resolvedCommandLine ?? [config.command ?? "", ...config.args ?? []]],
    cwd: config.cwd ?? null,
    envKeys: Object.keys(config.env ?? {}).sort()
  } : { transport: config.transport, url: config.url ?? "", headerKeys: Object.keys(config.headers ?? {}).sort() };
  return createHash4("sha256").update(canonicalJson({ mcpConsent: 1, ...covered })).digest("hex");
}
var init_mcp_server_config = __esm({
  "src/main/mcp/mcp-server-config.ts"() {
    "use strict";
    init_canonical_json();
    init_mcp_server_schema();
  }
});

// src/main/mcp/mcp-runtime.ts
import { dirname as dirname5, join as join6, resolve as resolve4 } from "node:path";
function mcpServersDir(databasePath) {
  if (databasePath === "" || databasePath === ":memory:" || databasePath.startsWith("file:")) return void 0;
  return join6(dirname5(resolve4(databasePath)), "mcp-servers");
}
function createMcpHub(options) {
  return new McpHub({
    pins: options.pins,
    connect: (spec) => new McpConnection(spec, { loginPath: async () => options.loginPath, ...options.connection }),
    toTool: (input) => {
      const adapted = toKeelTool(input);
      return adapted.ok ? adapted.tool : { refused: adapted.reason };
    },
    definitionHash: mcpDefinitionHash,
    providerNames: assignMcpProviderNames,
    describeLaunch: (config) => describeLaunch(config, options.loginPath),
    fingerprint: (config, launch) => mcpFingerprint(config, launch.argv),
    ...options.log ? { log: options.log } : {},
    serversDir: options.serversDir
  });
}
function describeLaunch(config, loginPath) {
  if (config.transport !== "stdio") return { commandLine: config.url ?? "", cwd: void 0 };
  const command = config.command ?? "";
  const path = loginPath ?? process.env.PATH;
  const resolved = resolveCommand(command, path, config.cwd ? { cwd: config.cwd } : {});
  const argv = [resolved ?? command, ...config.args ?? []];
  const shown = argv.map(quoteForDisplay).join(" ");
  return { commandLine: resolved ? shown : `${shown}  (${command} was not found on PATH)`, argv, cwd: config.cwd };
}
function quoteForDisplay(arg) {
  if (arg !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
var init_mcp_runtime = __esm({
  "src/main/mcp/mcp-runtime.ts"() {
    "use strict";
    init_mcp_connection();
    init_mcp_definition_hash();
    init_mcp_environment();
    init_mcp_hub();
    init_mcp_provider_names();
    init_mcp_server_config();
    init_mcp_tool_adapter();
  }
});

// src/main/mcp/mcp-config-file.ts
import { readFile, stat } from "node:fs/promises";
import { resolve as resolve5 } from "node:path";
function mcpConfigFilePath(flag, env) {
  const chosen = flag?.trim() || env[MCP_CONFIG_ENV]?.trim();
  return chosen ? chosen : void 0;
}
async function loadMcpConfigFile(filePath, options = {}) {
  const path = resolve5(options.cwd ?? process.cwd(), filePath);
  let text3;
  try {
    const info = await stat(path);
    if (!info.isFile())
      return { ok: false, error: { kind: "file-unreadable", path, message: `The MCP config ${path} is not a file.` } };
    if (info.size > MCP_CONFIG_FILE_MAX_BYTES) {
      return {
        ok: false,
        error: {
          kind: "file-too-large",
          path,
          message: `The MCP config ${path} is ${info.size} bytes; the limit is ${MCP_CONFIG_FILE_MAX_BYTES}.`
        }
      };
    }
    text3 = await readFile(path, "utf8");
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT")
      return { ok: false, error: { kind: "file-missing", path, message: `The MCP config ${path} does not exist.` } };
    return {
      ok: false,
      error: {
        kind: "file-unreadable",
        path,
        message: `The MCP config ${path} could not be read (${code ?? "error"}).`
      }
    };
  }
  const parsed = parseMcpConfigJson(text3, options.existing ?? []);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, path, message: `${path}: ${parsed.error.message}` } };
  return {
    ok: true,
    file: {
      path,
      servers: parsed.servers.map((server) => ({ ...server, origin: "file" })),
      report: parsed.report
    }
  };
}
var MCP_CONFIG_ENV, MCP_CONFIG_FILE_MAX_BYTES;
var init_mcp_config_file = __esm({
  "src/main/mcp/mcp-config-file.ts"() {
    "use strict";
    init_mcp_config_import();
    init_mcp_secrets();
    MCP_CONFIG_ENV = "KEEL_MCP_CONFIG";
    MCP_CONFIG_FILE_MAX_BYTES = 1e6;
  }
});

// src/main/mcp/mcp-startup.ts
async function prepareMcpStartup(input) {
  const saved = readSettings(input.store).values.mcpServers;
  const path = mcpConfigFilePath(input.flag, input.env);
  let file;
  if (path) {
    const loaded = await loadMcpConfigFile(path, { cwd: input.cwd, existing: saved });
    if (!loaded.ok) return { ok: false, message: loaded.error.message };
    file = loaded.file;
  }
  const fileServers = file?.servers ?? [];
  const anyStdio = [...saved, ...fileServers.map((server) => server.config)].some(
    (config) => config.transport === "stdio" && !config.disabled
  );
  const loginPath = anyStdio ? await (input.resolveLoginPath ?? loginShellPath)() : void 0;
  return { ok: true, fileServers, loginPath, file };
}
function describeFileReport(file) {
  return [
    ...file.report.skipped.map((skip) => `${file.path}: server "${skip.name}" not used: ${skip.reason}`),
    ...file.report.unresolved.map(
      (value) => `${file.path}: server "${value.server}": ${value.where} ${value.key} is ${value.placeholder}, which Keel does not resolve: set the value in the file`
    )
  ];
}
var init_mcp_startup = __esm({
  "src/main/mcp/mcp-startup.ts"() {
    "use strict";
    init_read_settings();
    init_mcp_config_file();
    init_mcp_environment();
  }
});

// src/cli/mcp-usage.ts
var MCP_USAGE;
var init_mcp_usage = __esm({
  "src/cli/mcp-usage.ts"() {
    "use strict";
    MCP_USAGE = `usage: keel mcp list [--json] [--db FILE] [--mcp-config FILE]
       keel mcp accept <server> [--db FILE] [--mcp-config FILE]
       keel mcp conformance-client <server-url>

  list                 starts the configured MCP servers (saved in Keel's settings and/or from
                       --mcp-config / KEEL_MCP_CONFIG), waits until each is ready or failed, and
                       prints each one's status and tools: the name providers are sent, the effect
                       (asks first, or a trusted read) and the pin state (accepted, changed, new)
  accept <server>      accepts that server's changed and new tool definitions (shows what changed)
  conformance-client   the client the official MCP conformance suite runs (Streamable HTTP)
Exit: 0 done, 1 a server failed or nothing to accept, 2 usage error.`;
  }
});

// src/cli/mcp-command.ts
var mcp_command_exports = {};
__export(mcp_command_exports, {
  openMcpForCli: () => openMcpForCli,
  runMcp: () => runMcp,
  statusText: () => statusText
});
import { parseArgs } from "node:util";
async function runMcp(argv, io) {
  const [sub, ...rest] = argv;
  if (sub === "conformance-client") {
    const url = rest.at(-1);
    if (!url || !/^https?:\/\//.test(url))
      throw new CliUsageError(`conformance-client needs the server URL as its last argument
${MCP_USAGE}`);
    return runConformanceClient(url, io.env);
  }
  if (sub !== "list" && sub !== "accept")
    throw new CliUsageError(
      `${sub === void 0 ? "missing" : `unknown`} mcp command${sub ? ` "${sub}"` : ""}
${MCP_USAGE}`
    );
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { json: { type: "boolean" }, db: { type: "string" }, "mcp-config": { type: "string" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new CliUsageError(`${error.message}
${MCP_USAGE}`);
  }
  const { values: flags, positionals } = parsed;
  if (sub === "accept" && positionals.length !== 1)
    throw new CliUsageError(`accept takes one server (its id or name)
${MCP_USAGE}`);
  if (sub === "list" && positionals.length > 0) throw new CliUsageError(`list takes no server
${MCP_USAGE}`);
  const store = openStoreForCli(flags.db ?? defaultDatabasePath(io.env), { create: true });
  try {
    const session = await openMcpForCli(store, io, flags["mcp-config"]);
    try {
      const views = session.commands.hub.views();
      if (sub === "list") return list(views, io, flags.json === true);
      return await accept(session.commands, views, positionals[0], io);
    } finally {
      await session.close();
    }
  } finally {
    store.close();
  }
}
async function openMcpForCli(store, io, configFlag, keys = new ProviderKeys(io.env, createMemoryKeyVault())) {
  const startup = await prepareMcpStartup({ store, flag: configFlag, env: io.env });
  if (!startup.ok) throw new CliUsageError(startup.message);
  if (startup.file) for (const line of describeFileReport(startup.file)) io.stderr.write(`[keel] ${line}
`);
  const hub = createMcpHub({
    pins: store.mcpPins,
    loginPath: startup.loginPath,
    serversDir: mcpServersDir(store.db.name),
    log: (message) => io.stderr.write(`[keel] ${message}
`)
  });
  const commands = new McpCommands(store, keys, hub, startup.fileServers);
  commands.sync();
  await hub.whenSettled(io.startTimeoutMs);
  return { commands, hub, keys, close: () => hub.close() };
}
function statusText(status) {
  switch (status.state) {
    case "ready":
      return `ready (protocol ${status.protocolVersion}${status.serverName ? `, ${status.serverName}${status.serverVersion ? ` ${status.serverVersion}` : ""}` : ""})`;
    case "failed":
      return `failed: ${status.reason}`;
    case "needs-consent":
      return "not started: agree to run it in Keel\u2019s Settings first";
    default:
      return status.state;
  }
}
function list(views, io, json) {
  if (json) {
    io.stdout.write(`${JSON.stringify(views, null, 2)}
`);
  } else if (views.length === 0) {
    io.stdout.write("No MCP servers are configured (add them in Settings, or pass --mcp-config FILE).\n");
  } else {
    for (const view of views) {
      io.stdout.write(
        `${view.config.name} [${view.config.id}, ${view.origin === "file" ? "from the config file" : "saved"}]: ${statusText(view.status)}
`
      );
      io.stdout.write(`  runs: ${view.commandLine}
`);
      if (view.envKeys.length > 0) io.stdout.write(`  env: ${view.envKeys.join(", ")}
`);
      for (const missing of view.missingValues)
        io.stdout.write(
          `  missing value: ${missing.where} ${missing.key}${missing.placeholder ? ` (${missing.placeholder})` : ""}
`
        );
      for (const tool of view.tools) {
        const effect = tool.effect === "none" ? "trusted read (runs without asking)" : "asks first";
        const state = tool.refused ? `not offered: ${tool.refused}` : !tool.enabled ? "turned off" : tool.pin === "accepted" ? "accepted" : `${tool.pin}: withheld until accepted (keel mcp accept ${view.config.id})`;
        io.stdout.write(`  ${tool.providerName || tool.name}  ${effect}  ${state}
`);
      }
      io.stdout.write(
        `  offered to the model: ${view.offered.tools} tools, about ${view.offered.estimatedTokens} tokens
`
      );
    }
  }
  return views.some((view) => view.status.state === "failed") ? 1 : 0;
}
async function accept(commands, views, which, io) {
  const view = views.find((candidate) => candidate.config.id === which || candidate.config.name === which);
  if (!view)
    throw new CliUsageError(
      `no MCP server "${which}" (servers: ${views.map((candidate) => candidate.config.id).join(", ") || "none"})`
    );
  if (view.status.state !== "ready") {
    io.stderr.write(
      `keel: ${view.config.name} is not running (${statusText(view.status)}): its tools cannot be listed
`
    );
    return 1;
  }
  const pending = view.tools.filter((tool) => tool.pin !== "accepted" && tool.definitionHash !== "");
  if (pending.length === 0) {
    io.stdout.write(`Nothing to accept: every tool of ${view.config.name} is the one accepted.
`);
    return 0;
  }
  for (const tool of pending) {
    io.stdout.write(`${tool.pin === "new" ? "New tool" : "Changed tool"}: ${tool.name}
`);
    for (const line of definitionChanges(tool.acceptedDefinition, tool.definition)) io.stdout.write(`  ${line}
`);
  }
  const result = await commands.acceptTools({
    serverId: view.config.id,
    tools: Object.fromEntries(pending.map((tool) => [tool.name, tool.definitionHash]))
  });
  if (!result.ok) {
    io.stderr.write(`keel: ${result.error.message}
`);
    return 1;
  }
  io.stdout.write(
    `Accepted ${pending.length} tool definition${pending.length === 1 ? "" : "s"} of ${view.config.name}.
`
  );
  return 0;
}
function definitionChanges(before, after) {
  const keys = [.../* @__PURE__ */ new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].sort();
  const lines = [];
  for (const key of keys) {
    const old = before?.[key] === void 0 ? void 0 : JSON.stringify(before[key]);
    const now = after[key] === void 0 ? void 0 : JSON.stringify(after[key]);
    if (old === now) continue;
    if (old !== void 0) lines.push(`- ${key}: ${old}`);
    if (now !== void 0) lines.push(`+ ${key}: ${now}`);
  }
  return lines;
}
var init_mcp_command = __esm({
  "src/cli/mcp-command.ts"() {
    "use strict";
    init_mcp_commands();
    init_key_vault();
    init_provider_keys();
    init_data_dir();
    init_mcp_conformance_client();
    init_mcp_runtime();
    init_mcp_startup();
    init_cli_usage_error();
    init_mcp_usage();
    init_open_store();
  }
});

// src/cli/keel.ts
init_cli_usage_error();

// src/cli/chat-command.ts
import { existsSync as existsSync5 } from "node:fs";
import { parseArgs as parseArgs2 } from "node:util";

// src/shared/ipc/channels.ts
var MAX_IMPORT_FILE_BYTES = 4e9;
var MAX_IMPORT_RECORD_CHARS = 256 * 1024 * 1024;
var MAX_IMPORT_DEPTH = 256;
var MAX_MESSAGE_CHARS = 1e5;

// src/cli/chat-command.ts
init_locale();
init_provider_profiles();
init_key_vault();
init_provider_keys();

// src/shared/locale-pick.ts
init_locale();
function pickLocale(preferred) {
  for (const raw of preferred) {
    const tag = raw.split(".")[0].replace(/_/g, "-").toLowerCase();
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split("-")[0];
    if (language === "pt") return "pt-BR";
    if (language === "es") return "es";
    if (language === "en") return "en";
  }
  return "en";
}
function localeFromEnv(env) {
  const values2 = [env.LC_ALL, env.LC_MESSAGES, env.LANG, env.LANGUAGE?.split(":")[0]].filter(
    (v) => v !== void 0 && v !== "" && v !== "C" && v !== "POSIX" && !v.startsWith("C.")
  );
  return pickLocale(values2);
}

// src/main/app/conversation-commands.ts
init_conversation_settings();

// src/main/db/conversation-settings-store.ts
var ConversationSettingsStore = class {
  constructor(db, clock) {
    this.db = db;
    this.clock = clock;
  }
  db;
  clock;
  get(conversationId) {
    const row = this.db.prepare(
      "SELECT provider, model, system_prompt, max_output_tokens, temperature FROM conversation_settings WHERE conversation_id = ?"
    ).get(conversationId);
    if (!row) return {};
    return compact({
      provider: row.provider ?? void 0,
      model: row.model ?? void 0,
      system: row.system_prompt ?? void 0,
      maxOutputTokens: row.max_output_tokens ?? void 0,
      temperature: row.temperature ?? void 0
    });
  }
  /** Replaces the conversation's settings (all fields). Throws (SqliteError) when it does not exist or a value breaks a CHECK. */
  set(conversationId, settings) {
    this.db.prepare(
      `INSERT INTO conversation_settings (conversation_id, provider, model, system_prompt, max_output_tokens, temperature, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (conversation_id) DO UPDATE SET provider = excluded.provider, model = excluded.model, system_prompt = excluded.system_prompt,
           max_output_tokens = excluded.max_output_tokens, temperature = excluded.temperature, updated_at = excluded.updated_at`
    ).run(
      conversationId,
      settings.provider ?? null,
      settings.model ?? null,
      // An empty prompt is no prompt.
      settings.system?.trim() ? settings.system : null,
      settings.maxOutputTokens ?? null,
      settings.temperature ?? null,
      this.clock()
    );
    return this.get(conversationId);
  }
  /** Applies a validated patch (a value sets, `null` clears, absent keeps) in one transaction. */
  update(conversationId, patch) {
    return this.db.transaction(() => this.set(conversationId, applyPatch(this.get(conversationId), patch))).immediate();
  }
};
function applyPatch(current, patch) {
  const next = { ...current };
  for (const key of ["provider", "model", "system", "maxOutputTokens", "temperature"]) {
    const value = patch[key];
    if (value === null) delete next[key];
    else if (value !== void 0) next[key] = value;
  }
  return compact(next);
}
function compact(settings) {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== void 0));
}
function conversationSettingsOf(store) {
  return new ConversationSettingsStore(store.db, store.clock);
}

// src/main/export/conversation-json.ts
init_fallback_messages();

// src/shared/legacy-notice.ts
function legacyNotice(message) {
  if (message.role !== "assistant" || message.notices.length > 0) return void 0;
  if (message.status === "failed") {
    const kind = message.error?.kind;
    const id2 = kind === "quota-exceeded" ? "quota-exceeded" : kind === "authentication" ? "authentication" : kind === "invalid-arguments" ? "invalid-arguments-twice" : kind === "storage-full" ? "storage-full" : kind === "storage" ? "storage-failed" : "no-answer";
    return { id: id2 };
  }
  if (message.status === "interrupted" && message.interruptReason !== "user-stop") {
    const notRun = callsNotRun(message).map((call) => call.name);
    return notRun.length > 0 ? { id: "truncated-actions-not-run", values: { actions: notRun } } : { id: "truncated" };
  }
  return void 0;
}
function callsNotRun(message) {
  const answered = new Set(message.parts.flatMap((p) => p.type === "tool-result" ? [p.callId] : []));
  return message.parts.flatMap(
    (p) => p.type === "tool-call" && !answered.has(p.callId) ? [{ callId: p.callId, name: p.toolName }] : []
  );
}

// src/shared/tool-card.ts
function cardStateOf(outcome) {
  switch (outcome.status) {
    case "succeeded":
      return outcome.repeated ? "repeated" : "done";
    case "invalid-arguments":
    case "unknown-tool":
      return "invalid";
    case "failed":
      return "failed";
    case "unknown":
      return "unknown";
    case "denied":
      return "denied";
    case "cancelled":
      return "cancelled";
  }
}
function storedOutcomeOf(part) {
  const { outcome } = part;
  if (outcome.status === "failed" && outcome.error.kind === "rejected" && (part.state === "denied" || part.state === "cancelled")) {
    return { callId: part.callId, toolName: part.toolName, status: part.state };
  }
  return outcome;
}
var CARD_SUMMARY_MAX = 200;
function cardSummaryOf(outcome) {
  switch (outcome.status) {
    case "succeeded":
      return outcome.repeated ? `Already done at ${outcome.firstRecordedAt}` : clip(JSON.stringify(outcome.output));
    case "failed":
      return clip(outcome.error.message);
    case "invalid-arguments":
    case "unknown-tool":
    case "unknown":
      return clip(outcome.message);
    case "denied":
    case "cancelled":
      return void 0;
  }
}
function clip(text3) {
  return text3.length > CARD_SUMMARY_MAX ? `${text3.slice(0, CARD_SUMMARY_MAX - 1)}\u2026` : text3;
}

// src/main/export/conversation-json.ts
function exportedConversation(conversation, messages, currentLeafId, files, settings) {
  return {
    id: conversation.id,
    title: conversation.title,
    // For a restore (`keel import`): epoch milliseconds, the settings, each message's turn and times.
    ...conversation.createdAt !== void 0 ? { createdAt: conversation.createdAt } : {},
    ...conversation.updatedAt !== void 0 ? { updatedAt: conversation.updatedAt } : {},
    // Only the store's export (a backup) passes it: a restore keeps the pins.
    ...conversation.pinnedAt !== void 0 ? { pinnedAt: conversation.pinnedAt } : {},
    ...settings ? { settings } : {},
    currentLeafId: currentLeafId ?? null,
    messages: messages.map((message) => ({
      id: message.id,
      parentId: message.parentId ?? null,
      turnId: message.turnId ?? null,
      createdAt: message.createdAt,
      updatedAt: message.updatedAt,
      role: message.role,
      status: message.status,
      interruptReason: message.interruptReason ?? null,
      text: message.parts.map((p) => p.type === "text" ? p.text : "").join(""),
      // A user's files, whole (base64), so nothing of the message is lost; only when there are any.
      ...files?.get(message.id)?.length ? {
        attachments: files.get(message.id).map((file) => ({
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
          dataBase64: file.bytes.toString("base64")
        }))
      } : {},
      ...message.role === "assistant" ? {
        reasoning: message.parts.map((p) => p.type === "reasoning" ? p.text : "").join(""),
        // The notice the user saw with the answer (an older answer's is derived as the window does).
        notices: [...message.notices, ...legacyNotice(message) ? [legacyNotice(message)] : []].map((n) => ({
          id: n.id,
          text: fallbackMessage("en", n.id, n.values)
        })),
        notRunCalls: callsNotRun(message)
      } : {},
      // What a restore needs beyond the readable fields: only when there is any.
      ...message.error ? { error: message.error } : {},
      ...message.notices.length > 0 ? { noticeRefs: message.notices } : {},
      ...message.reasoningMs !== void 0 ? { reasoningMs: message.reasoningMs } : {},
      ...sameParts(message.parts, partsFromReadable(message.parts)) ? {} : { parts: message.parts },
      toolCalls: message.parts.flatMap((p) => {
        if (p.type !== "tool-call") return [];
        const result = message.parts.find((r) => r.type === "tool-result" && r.callId === p.callId);
        const outcome = result?.type === "tool-result" ? storedOutcomeOf(result) : void 0;
        return [
          {
            callId: p.callId,
            name: p.toolName,
            arguments: p.arguments ?? null,
            argumentsText: p.argumentsText,
            state: outcome ? cardStateOf(outcome) : "not-run",
            result: outcome ?? null
          }
        ];
      })
    }))
  };
}
function partsFromReadable(parts) {
  const text3 = parts.map((p) => p.type === "text" ? p.text : "").join("");
  const reasoning = parts.map((p) => p.type === "reasoning" ? p.text : "").join("");
  const calls = parts.flatMap((p) => {
    if (p.type !== "tool-call") return [];
    const result = parts.find((r) => r.type === "tool-result" && r.callId === p.callId);
    return result?.type === "tool-result" ? [
      p,
      {
        type: "tool-result",
        callId: result.callId,
        toolName: result.toolName,
        outcome: storedOutcomeOf(result)
      }
    ] : [p];
  });
  return [
    ...reasoning ? [{ type: "reasoning", text: reasoning }] : [],
    ...calls,
    ...text3 ? [{ type: "text", text: text3 }] : []
  ];
}
function sameParts(a, b) {
  return stableJson(a) === stableJson(b);
}
function stableJson(value) {
  return JSON.stringify(
    value,
    (_key, v) => v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(
      Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    ) : v
  );
}
function exportedGeneration(g) {
  return {
    id: g.id,
    messageId: g.messageId ?? null,
    turnId: g.turnId,
    round: g.round,
    attempt: g.attempt,
    provider: g.provider,
    profile: g.profile,
    model: g.model,
    outcome: g.outcome,
    finishReason: g.finishReason ?? null,
    usage: {
      inputTokens: g.usage.inputTokens ?? null,
      outputTokens: g.usage.outputTokens ?? null,
      estimated: g.usageSource === void 0 ? null : g.usageSource === "estimated",
      reasoningTokens: g.usage.reasoningTokens ?? null,
      cachedInputTokens: g.usage.cachedInputTokens ?? null
    },
    startedAt: g.startedAt,
    endedAt: g.endedAt ?? null,
    rawFinishReason: g.rawFinishReason ?? null,
    error: g.error ?? null
  };
}

// src/main/export/import-records.ts
import { z as z3 } from "zod";

// src/shared/attachment-schema.ts
init_attachments();
import { z as z2 } from "zod";
var attachmentNameSchema = z2.string().trim().min(1).max(MAX_ATTACHMENT_NAME_CHARS).refine(isSafeAttachmentName, UNSAFE_ATTACHMENT_NAME);
var attachmentSchema = z2.strictObject({
  name: attachmentNameSchema,
  mimeType: z2.enum(ATTACHMENT_MIME_TYPES),
  dataBase64: z2.string().min(1).max(MAX_ATTACHMENT_BASE64_CHARS).refine(isBase64, "expected standard base64")
}).superRefine((file, context) => {
  if (!isBase64(file.dataBase64)) return;
  const max = isImageMimeType(file.mimeType) ? MAX_IMAGE_BYTES : MAX_TEXT_FILE_BYTES;
  const size = base64DecodedSize(file.dataBase64);
  if (size > max)
    context.addIssue({
      code: "custom",
      path: ["dataBase64"],
      message: `${file.mimeType} files can be at most ${max} bytes; this one is ${size}`
    });
});
var attachmentsSchema = z2.array(attachmentSchema).max(MAX_ATTACHMENTS).refine(
  (files) => files.reduce((sum, file) => sum + base64DecodedSize(file.dataBase64), 0) <= MAX_ATTACHMENTS_TOTAL_BYTES,
  `the files together can be at most ${MAX_ATTACHMENTS_TOTAL_BYTES} bytes`
);

// src/main/export/import-records.ts
init_attachments();
init_conversation_settings();
init_fallback_messages();
var id = z3.string().min(1).max(200);
var time = z3.union([
  z3.number().int().min(-864e13).max(864e13),
  z3.iso.datetime({ offset: true }).transform((text3) => Date.parse(text3))
]);
var count = z3.number().int().min(0).nullable().optional();
var jsonObject = z3.record(z3.string(), z3.unknown());
function asGiven(schema) {
  return z3.unknown().superRefine((value, ctx) => {
    const checked = schema.safeParse(value);
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });
}
var importedPart = z3.discriminatedUnion("type", [
  z3.object({ type: z3.literal("text"), text: z3.string() }),
  z3.object({ type: z3.literal("reasoning"), text: z3.string() }),
  z3.looseObject({
    type: z3.literal("tool-call"),
    callId: id,
    callIdIsLocal: z3.boolean().default(false),
    toolName: z3.string().min(1).max(256),
    argumentsText: z3.string(),
    arguments: jsonObject.nullable().optional()
  }),
  z3.looseObject({
    type: z3.literal("tool-result"),
    callId: id,
    toolName: z3.string().min(1).max(256),
    outcome: z3.looseObject({ status: z3.string().min(1) })
  }),
  z3.object({ type: z3.literal("replay"), provider: z3.string().min(1).max(200), item: jsonObject })
]);
var importedToolCall = z3.object({
  callId: id,
  name: z3.string().min(1).max(256),
  arguments: jsonObject.nullable().optional(),
  argumentsText: z3.string().optional(),
  result: asGiven(z3.looseObject({ status: z3.string().min(1) })).nullable().optional()
});
var importedAttachment = z3.object({
  name: attachmentNameSchema,
  mimeType: z3.enum(ATTACHMENT_MIME_TYPES),
  size: z3.number().int().min(1),
  dataBase64: z3.base64()
});
var importedMessage = z3.object({
  /** Absent in a hand-made file: a new id is given. */
  id: id.optional(),
  /** Absent: the message follows the one before it in the file (a linear conversation). */
  parentId: id.nullable().optional(),
  turnId: id.nullable().optional(),
  createdAt: time.optional(),
  updatedAt: time.optional(),
  role: z3.enum(["user", "assistant", "system"]),
  status: z3.enum(["streaming", "complete", "interrupted", "failed"]).optional(),
  interruptReason: z3.enum(["user-stop", "network", "provider-error", "app-crash", "window-closed"]).nullable().optional(),
  error: z3.object({ kind: z3.string(), message: z3.string() }).loose().optional(),
  text: z3.string().max(1e7),
  reasoning: z3.string().max(1e7).optional(),
  toolCalls: z3.array(importedToolCall).optional(),
  attachments: z3.array(importedAttachment).optional(),
  noticeRefs: z3.array(
    z3.object({
      id: z3.string().refine(isFallbackMessageId, "not a notice this version knows"),
      values: z3.record(z3.string(), z3.unknown()).optional()
    })
  ).optional(),
  reasoningMs: z3.number().int().min(0).optional(),
  /** The stored parts, when the readable fields do not rebuild them exactly. */
  parts: z3.array(asGiven(importedPart)).optional()
});
var importedConversation = z3.object({
  id,
  title: z3.string().max(1e3),
  createdAt: time.optional(),
  updatedAt: time.optional(),
  /** When it was pinned (the store's export only). */
  pinnedAt: time.optional(),
  settings: conversationSettingsSchema.optional(),
  currentLeafId: id.nullable().optional(),
  messages: z3.array(importedMessage).max(1e6)
});
var outcomes = ["running", "complete", "truncated", "provider-error", "network", "user-stop", "app-crash"];
var finishReasons = ["stop", "tool-calls", "length", "content-filter", "error", "other"];
var importedGeneration = z3.object({
  id: id.optional(),
  messageId: id.nullable().optional(),
  turnId: id,
  round: z3.number().int().min(1),
  attempt: z3.number().int().min(1),
  provider: z3.string().min(1).max(200),
  /** The provider profile the call went to (exports before profiles: absent, the wire id). */
  profile: z3.string().min(1).max(200).optional(),
  model: z3.string().max(500),
  outcome: z3.enum(outcomes),
  finishReason: z3.enum(finishReasons).nullable().optional(),
  usage: z3.object({
    inputTokens: count,
    outputTokens: count,
    estimated: z3.boolean().nullable().optional(),
    reasoningTokens: count,
    cachedInputTokens: count
  }),
  startedAt: time.optional(),
  endedAt: time.nullable().optional(),
  rawFinishReason: z3.string().nullable().optional(),
  error: z3.object({ kind: z3.string(), message: z3.string() }).loose().nullable().optional()
});
var importedMeasurement = z3.object({
  id: z3.number().int().min(1),
  kind: z3.enum(["height", "weight", "body-fat", "waist", "resting-heart-rate"]),
  value: z3.number(),
  unit: z3.enum(["cm", "m", "in", "ft", "kg", "lb", "%", "bpm"]),
  canonicalValue: z3.number(),
  /** Raw epoch ms; an older export has only `measuredAt` (ISO). */
  takenAt: z3.number().int().optional(),
  measuredAt: z3.iso.datetime({ offset: true }).nullable().optional(),
  takenAtOffsetMin: z3.number().int().min(-1439).max(1439).nullable().optional(),
  measuredAtLocal: z3.string().nullable().optional(),
  precision: z3.enum(["day", "instant"]).optional(),
  recordedAt: time.optional(),
  /** The ledger entry whose tool call stored it (null: the user's own, or its conversation is gone). */
  createdByLedgerKey: z3.string().min(1).max(1e3).nullable().optional()
});
var importedLedgerEntry = z3.object({
  key: z3.string().min(1).max(1e3),
  tool: z3.string().min(1).max(256),
  state: z3.enum(["succeeded", "failed", "unknown"]),
  callIds: z3.array(id),
  turnId: id,
  createdAt: time.optional(),
  recordedAt: z3.iso.datetime({ offset: true }).nullable().optional(),
  conversationId: id.optional(),
  arguments: z3.unknown().optional(),
  output: z3.unknown().optional(),
  error: z3.object({ kind: z3.string(), message: z3.string() }).loose().nullable().optional(),
  updatedAt: time.optional()
});
var CONVERSATION_EXPORT_FORMAT = "keel-conversation";
var CONVERSATION_EXPORT_VERSION = 1;

// src/main/export/conversation-markdown.ts
var WORDS = {
  en: {
    you: "You",
    assistant: "Assistant",
    exported: (date) => `Exported from Keel on ${date}`,
    model: "Model",
    systemPrompt: "System prompt",
    reasoning: "Reasoning",
    tool: "Tool",
    interrupted: "This answer was interrupted.",
    failed: "This answer failed.",
    untitled: "Conversation"
  },
  "pt-BR": {
    you: "Voc\xEA",
    assistant: "Assistente",
    exported: (date) => `Exportado do Keel em ${date}`,
    model: "Modelo",
    systemPrompt: "Prompt de sistema",
    reasoning: "Racioc\xEDnio",
    tool: "Ferramenta",
    interrupted: "Esta resposta foi interrompida.",
    failed: "Esta resposta falhou.",
    untitled: "Conversa"
  },
  es: {
    you: "T\xFA",
    assistant: "Asistente",
    exported: (date) => `Exportado de Keel el ${date}`,
    model: "Modelo",
    systemPrompt: "Prompt del sistema",
    reasoning: "Razonamiento",
    tool: "Herramienta",
    interrupted: "Esta respuesta se interrumpi\xF3.",
    failed: "Esta respuesta fall\xF3.",
    untitled: "Conversaci\xF3n"
  }
};
function conversationMarkdown(input) {
  const words = WORDS[input.locale];
  const lines = [
    `# ${oneLine(input.conversation.title) || words.untitled}`,
    "",
    `_${words.exported(new Date(input.exportedAt).toISOString().slice(0, 10))}_`,
    ""
  ];
  if (input.settings.system)
    lines.push(`> **${words.systemPrompt}:** ${input.settings.system.split("\n").join("\n> ")}`, "");
  for (const message of input.messages) {
    if (message.role === "system") continue;
    const text3 = message.parts.map((p) => p.type === "text" ? p.text : "").join("");
    if (message.role === "user") {
      lines.push(`## ${words.you}`, "", text3, "");
      continue;
    }
    const model = modelOf(message, input.generationsByTurn);
    lines.push(`## ${words.assistant}${model ? ` \xB7 ${model}` : ""}`, "");
    const reasoning = message.parts.map((p) => p.type === "reasoning" ? p.text : "").join("");
    if (reasoning.trim())
      lines.push("<details>", `<summary>${words.reasoning}</summary>`, "", reasoning, "", "</details>", "");
    for (const part of message.parts) {
      if (part.type !== "tool-call") continue;
      const result = message.parts.find((r) => r.type === "tool-result" && r.callId === part.callId);
      const state = result?.type === "tool-result" ? cardStateOf(storedOutcomeOf(result)) : "not-run";
      lines.push(`- ${words.tool}: \`${part.toolName}\` ${inlineCode(part.argumentsText || "{}")} \u2014 ${state}`);
    }
    if (message.parts.some((p) => p.type === "tool-call")) lines.push("");
    if (text3) lines.push(text3, "");
    if (message.status === "interrupted") lines.push(`_${words.interrupted}_`, "");
    if (message.status === "failed") lines.push(`_${words.failed}_`, "");
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}
`;
}
function modelOf(message, generationsByTurn) {
  const last = message.turnId ? generationsByTurn.get(message.turnId)?.at(-1) : void 0;
  return last ? `${last.model}` : void 0;
}
function oneLine(text3) {
  return text3.replace(/\s+/g, " ").trim();
}
function inlineCode(text3) {
  const flat = oneLine(text3);
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${longest > 0 ? " " : ""}${flat}${longest > 0 ? " " : ""}${fence}`;
}

// src/main/app/conversation-commands.ts
init_app_result();
init_read_settings();

// src/main/settings/saved-profiles.ts
init_provider_config();
function resolveSavedProfile(settings, keys, env, id2, overrides) {
  return resolveProfile(id2, { saved: settings.values.providers, savedKey: keys.saved(id2), env, overrides });
}
function defaultProfileId(settings, keys, env) {
  return resolveDefaultProvider(env, settings.values.activeProvider ?? void 0, {
    profiles: settings.values.providers,
    isReadyAndConfigured: (id2) => {
      const profile = resolveSavedProfile(settings, keys, env, id2);
      return profile?.configured === true && notReadyReason(profile) === void 0;
    }
  });
}

// src/main/app/conversation-commands.ts
var DEFAULTS_KEY = "conversationDefaults";
var ConversationCommands = class {
  constructor(store, env, keys) {
    this.store = store;
    this.env = env;
    this.keys = keys;
  }
  store;
  env;
  keys;
  get settings() {
    return conversationSettingsOf(this.store);
  }
  /** The saved defaults for new conversations. */
  savedDefaults() {
    return readSettings(this.store).values[DEFAULTS_KEY];
  }
  /** The provider and model a new conversation starts with: the saved default, else the default provider and its model. */
  defaultChoice() {
    const saved = this.savedDefaults();
    if (saved.provider && saved.model) return { provider: saved.provider, model: saved.model };
    const provider = defaultProfileId(readSettings(this.store), this.keys, this.env);
    return { provider, model: this.modelOf(provider) };
  }
  /** A provider profile's configured model ('' for an unknown profile). */
  modelOf(provider) {
    return resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider)?.connection.model ?? "";
  }
  view(conversationId, pending = {}) {
    const own = conversationId !== void 0 ? this.settings.get(conversationId) : pending;
    const saved = this.savedDefaults();
    const choice = this.defaultChoice();
    const provider = own.provider ?? choice.provider;
    const generation = generationDefaultsFor(
      resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider)?.api ?? provider
    );
    return {
      conversationId: conversationId ?? null,
      own,
      saved,
      defaults: {
        ...choice,
        system: saved.system ?? "",
        maxOutputTokens: generation.maxOutputTokens ?? null,
        temperature: generation.temperature,
        maxTemperature: generation.maxTemperature
      },
      effective: {
        provider,
        model: own.model ?? choice.model,
        system: own.system ?? saved.system ?? "",
        maxOutputTokens: own.maxOutputTokens ?? generation.maxOutputTokens ?? null,
        temperature: own.temperature ?? null
      }
    };
  }
  get(request) {
    if (request.conversationId !== void 0 && !this.store.conversations.getConversation(request.conversationId))
      return notFound("conversation");
    return ok(this.view(request.conversationId));
  }
  update(request) {
    if (!this.store.conversations.getConversation(request.conversationId)) return notFound("conversation");
    this.settings.update(request.conversationId, request.patch);
    return ok(this.view(request.conversationId));
  }
  updateDefaults(request) {
    const next = applyPatch(this.savedDefaults(), request.patch);
    if (next.system !== void 0 && next.system.trim() === "") delete next.system;
    const written = this.store.settings.set(DEFAULTS_KEY, next);
    if (!written.ok) return fail("validation", written.error.message);
    return ok(this.view(void 0));
  }
  /**
   * The fields a turn takes from its conversation: its own settings (or, for a conversation the turn
   * creates, the ones chosen before the first message), then the saved defaults. An explicit provider
   * in the request (the CLI's flag) wins, and then the conversation's model is not imposed on it.
   *
   * A conversation's own entry is never swapped for another: if it was removed since, the turn is
   * refused as an unknown provider (the user picks another), rather than sending the history to
   * whatever the default is now. Only a saved default that no longer exists falls back.
   */
  turnSettings(conversationId, pending, explicitProvider) {
    const own = conversationId !== void 0 ? this.settings.get(conversationId) : pending ?? {};
    const saved = this.savedDefaults();
    const exists = (provider) => resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider) !== void 0;
    const choice = (() => {
      if (own.provider)
        return explicitProvider === void 0 || explicitProvider === own.provider ? { provider: own.provider, model: own.model } : void 0;
      if (saved.provider && saved.model && (explicitProvider === void 0 || explicitProvider === saved.provider) && exists(saved.provider))
        return { provider: saved.provider, model: saved.model };
      return void 0;
    })();
    return {
      ...choice ? { provider: choice.provider, ...choice.model ? { model: choice.model } : {} } : {},
      ...own.system ?? saved.system ? { system: own.system ?? saved.system } : {},
      ...own.maxOutputTokens !== void 0 ? { maxOutputTokens: own.maxOutputTokens } : {},
      ...own.temperature !== void 0 ? { temperature: own.temperature } : {}
    };
  }
  /**
   * A turn created a conversation: it keeps what was chosen before its first message, and the
   * entry (profile id) and model that turn used (a later change of the default does not move it).
   */
  adopt(conversationId, pending, used) {
    this.settings.set(conversationId, {
      ...pending,
      provider: pending?.provider ?? used.provider,
      model: pending?.model ?? used.model
    });
  }
  export(request) {
    const conversation = this.store.conversations.getConversation(request.conversationId);
    if (!conversation) return notFound("conversation");
    const messages = this.store.conversations.getMessages(conversation.id);
    const calls = this.store.generations.listForConversation(conversation.id);
    const generationsByTurn = new Map(
      this.store.conversations.turnIdsInOrder(conversation.id).map((turnId) => [turnId, calls.get(turnId) ?? []])
    );
    const settings = this.settings.get(conversation.id);
    const exportedAt = this.store.clock();
    const base = fileNameOf(conversation.title, conversation.id);
    if (request.format === "markdown") {
      const chosen = readSettings(this.store).values.language;
      const locale = request.locale ?? (chosen === "system" ? localeFromEnv(this.env) : chosen);
      return ok({
        fileName: `${base}.md`,
        mimeType: "text/markdown",
        text: conversationMarkdown({ conversation, messages, generationsByTurn, settings, locale, exportedAt })
      });
    }
    const json = {
      format: CONVERSATION_EXPORT_FORMAT,
      version: CONVERSATION_EXPORT_VERSION,
      exportedAt: new Date(exportedAt).toISOString(),
      conversation: {
        ...exportedConversation(conversation, messages),
        createdAt: new Date(conversation.createdAt).toISOString(),
        updatedAt: new Date(conversation.updatedAt).toISOString(),
        settings
      },
      generations: [...generationsByTurn.values()].flat().map(exportedGeneration)
    };
    return ok({ fileName: `${base}.json`, mimeType: "application/json", text: `${JSON.stringify(json, null, 2)}
` });
  }
};
function fileNameOf(title, id2) {
  const slug = title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return slug || `conversation-${id2.slice(0, 8)}`;
}

// src/main/app/turn-setup.ts
init_provider_id();

// src/shared/date-preamble.ts
init_time_zone();
var WORDS2 = {
  en: {
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December"
    ],
    sentence: (date, iso, zone) => `Today is ${date} (${iso}). The user's time zone is ${zone}; dates and times the user gives are in it unless they say otherwise.`
  },
  "pt-BR": {
    weekdays: ["domingo", "segunda-feira", "ter\xE7a-feira", "quarta-feira", "quinta-feira", "sexta-feira", "s\xE1bado"],
    months: [
      "janeiro",
      "fevereiro",
      "mar\xE7o",
      "abril",
      "maio",
      "junho",
      "julho",
      "agosto",
      "setembro",
      "outubro",
      "novembro",
      "dezembro"
    ],
    sentence: (date, iso, zone) => `Hoje \xE9 ${date} (${iso}). O fuso hor\xE1rio do usu\xE1rio \xE9 ${zone}; as datas e horas que o usu\xE1rio informar est\xE3o nesse fuso, salvo se ele disser outra coisa.`
  },
  es: {
    weekdays: ["domingo", "lunes", "martes", "mi\xE9rcoles", "jueves", "viernes", "s\xE1bado"],
    months: [
      "enero",
      "febrero",
      "marzo",
      "abril",
      "mayo",
      "junio",
      "julio",
      "agosto",
      "septiembre",
      "octubre",
      "noviembre",
      "diciembre"
    ],
    sentence: (date, iso, zone) => `Hoy es ${date} (${iso}). La zona horaria del usuario es ${zone}; las fechas y horas que indique el usuario est\xE1n en ella, salvo que diga otra cosa.`
  }
};
function datePreamble(input) {
  const words = WORDS2[input.locale];
  const today = localDayAt(input.now, input.timeZone);
  const weekday = words.weekdays[today.weekday] ?? "";
  const month = words.months[today.month - 1] ?? "";
  const date = input.locale === "en" ? `${weekday}, ${today.day} ${month} ${today.year}` : `${weekday}, ${today.day} de ${month} de ${today.year}`;
  const iso = `${String(today.year).padStart(4, "0")}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
  const zone = `${input.timeZone} (UTC${offsetText(utcOffsetMinutes(input.now, input.timeZone), "\u2212")})`;
  return words.sentence(date, iso, zone);
}
function systemPrompt(preamble, userPrompt) {
  const own = userPrompt?.trim() ?? "";
  return own === "" ? preamble : `${preamble}

${own}`;
}

// src/main/app/turn-setup.ts
init_well_formed_text();
init_provider_profiles();

// src/main/harness/store-turn-recorder.ts
init_attachments();
init_provider_id();
init_tool_result_for_model();

// src/main/harness/deferred-finalizations.ts
var RETRY_MS = 2e3;
var deferredByStore = /* @__PURE__ */ new WeakMap();
function deferFinalization(store, writer, end2, details = {}) {
  let entry = deferredByStore.get(store);
  if (!entry) deferredByStore.set(store, entry = { messages: /* @__PURE__ */ new Map(), timer: void 0 });
  entry.messages.set(writer.messageId, { writer, end: end2, details });
  if (!entry.timer) {
    entry.timer = setInterval(() => retryDeferredFinalizations(store), RETRY_MS);
    entry.timer.unref?.();
  }
}
function retryDeferredFinalizations(store) {
  const entry = deferredByStore.get(store);
  if (!entry) return 0;
  if (store.db.open && store.db.inTransaction) return entry.messages.size;
  if (store.db.open) {
    for (const [messageId, deferred] of entry.messages) {
      if (deferred.writer.isFinished || deferred.writer.finalize(deferred.end, deferred.details).ok)
        entry.messages.delete(messageId);
    }
  }
  if (entry.messages.size === 0 || !store.db.open) {
    if (entry.timer) clearInterval(entry.timer);
    entry.timer = void 0;
  }
  return store.db.open ? entry.messages.size : 0;
}

// src/main/harness/store-turn-recorder.ts
init_turn_storage_error();
var UnknownConversationError = class extends Error {
  name = "UnknownConversationError";
};
var INTERRUPTED_MARK = "\n\n[This answer was interrupted before it finished.]";
var CONTINUE_PROMPT = "Your previous answer was cut off by the length limit. Continue it exactly where it stopped, without repeating anything already written and without any preamble.";
var MessageActionError = class extends Error {
  name = "MessageActionError";
};
function createStoreTurnRecorder(store) {
  let writer;
  let turnId = "";
  let messageId = "";
  let roundOffset = 0;
  const mustWriter = () => {
    if (!writer) throw new Error("TurnRecorder: begin() was not called");
    return writer;
  };
  return {
    begin({ conversationId, userText, action, attachments }) {
      retryDeferredFinalizations(store);
      let conversation = conversationId ? store.conversations.getConversation(conversationId) : void 0;
      if (conversationId && !conversation)
        throw new UnknownConversationError(`no conversation with id ${conversationId}`);
      conversation ??= storing(() => store.conversations.createConversation({ title: titleFrom(userText) }));
      const id2 = conversation.id;
      if (action) {
        const begun = beginAction(store, id2, userText, action, attachments ?? []);
        writer = begun.writer;
        turnId = begun.turnId;
        messageId = writer.messageId;
        roundOffset = Math.max(0, ...store.generations.listForTurn(turnId).map((g) => g.round));
        return { conversationId: id2, turnId, messageId, history: begun.history };
      }
      const earlier = store.conversations.getMessages(id2);
      const files = attachments ?? [];
      const started = storing(
        () => store.conversations.startTurn({
          conversationId: id2,
          userText,
          ...files.length > 0 ? { attachments: files } : {}
        })
      );
      turnId = started.turn.id;
      writer = storing(() => store.conversations.startAssistantMessage({ conversationId: id2, turnId }));
      messageId = writer.messageId;
      const history = historyFromMessages(store, earlier);
      history.push({
        role: "user",
        text: userText,
        ...files.length > 0 ? { attachments: files.map(historyAttachmentOf) } : {}
      });
      return { conversationId: id2, turnId, messageId, history };
    },
    appendText(delta) {
      mustWriter().appendText(delta);
    },
    appendReasoning(delta) {
      mustWriter().appendReasoning(delta);
    },
    recordToolRound(round) {
      throwIfFailed(mustWriter().addReplay(round.provider, round.replay));
      for (const call of round.toolCalls) {
        throwIfFailed(
          mustWriter().addPart({
            type: "tool-call",
            callId: call.callId,
            callIdIsLocal: call.callIdIsLocal,
            toolName: call.name,
            argumentsText: call.argumentsText,
            arguments: call.arguments
          })
        );
      }
    },
    recordReplay(provider, items) {
      throwIfFailed(mustWriter().addReplay(provider, items));
    },
    recordToolResult(result, outcome, preview) {
      throwIfFailed(
        mustWriter().addPart({
          type: "tool-result",
          callId: result.callId,
          toolName: result.name,
          outcome,
          sent: {
            content: result.content,
            isError: result.isError,
            ...result.images ? { images: result.images } : {}
          },
          ...preview ? { preview } : {}
        })
      );
    },
    startGeneration({ round, attempt, provider, profile, model }) {
      return storing(
        () => store.generations.start({ turnId, messageId, round: round + roundOffset, attempt, provider, profile, model }).id
      );
    },
    finishGeneration(id2, input) {
      const error = input.result?.error;
      storing(
        () => store.generations.finish(id2, {
          outcome: generationOutcome(input.aborted, input.result),
          finishReason: input.result?.finishReason ?? null,
          rawFinishReason: input.result?.rawFinishReason ?? null,
          // Everything the live diagnostics showed, so a reopened answer shows the same.
          ...error ? {
            error: {
              kind: error.kind,
              message: error.message,
              ...error.status ?? input.status ? { status: error.status ?? input.status } : {},
              ...error.requestId ?? input.requestId ? { requestId: error.requestId ?? input.requestId } : {}
            }
          } : {},
          usage: input.usage,
          usageSource: input.estimated ? "estimated" : "reported"
        })
      );
    },
    finish({ status, interruptReason, error, notices, reasoningMs }) {
      const end2 = status === "complete" ? { status: "complete" } : status === "interrupted" ? {
        status: "interrupted",
        reason: interruptReason === "app-crash" || !interruptReason ? "provider-error" : interruptReason
      } : { status: "failed", error: error ?? { kind: "unknown", message: "The turn failed" } };
      const details = { notices, reasoningMs };
      const written = mustWriter().finalize(end2, details);
      if (!written.ok) {
        deferFinalization(store, mustWriter(), end2, details);
        throw new TurnStorageError(written.error);
      }
    }
  };
}
function beginAction(store, conversationId, userText, action, files) {
  const target = store.conversations.getMessage(action.messageId);
  if (!target || target.conversationId !== conversationId)
    throw new MessageActionError(`no message ${action.messageId} in conversation ${conversationId}`);
  if (action.kind === "edit") {
    if (target.role !== "user") throw new MessageActionError("only a question can be edited");
    const parentId = target.parentId ?? null;
    const history2 = historyFromMessages(store, parentId === null ? [] : store.conversations.getPath(parentId));
    const started = storing(
      () => store.conversations.startTurn({
        conversationId,
        userText,
        parentId,
        ...files.length > 0 ? { attachments: files } : {}
      })
    );
    const writer2 = storing(
      () => store.conversations.startAssistantMessage({
        conversationId,
        turnId: started.turn.id,
        parentId: started.message.id
      })
    );
    history2.push({
      role: "user",
      text: userText,
      ...files.length > 0 ? { attachments: files.map(historyAttachmentOf) } : {}
    });
    return { writer: writer2, turnId: started.turn.id, history: history2 };
  }
  if (target.role !== "assistant" || !target.turnId || target.status === "streaming")
    throw new MessageActionError("only a finished answer can be regenerated or continued");
  const turnId = target.turnId;
  if (action.kind === "regenerate") {
    const question = target.parentId ? store.conversations.getMessage(target.parentId) : void 0;
    if (question?.role !== "user") throw new MessageActionError("this answer has no question to answer again");
    const history2 = historyFromMessages(store, store.conversations.getPath(question.id));
    const writer2 = storing(
      () => store.conversations.startAssistantMessage({ conversationId, turnId, parentId: question.id })
    );
    return { writer: writer2, turnId, history: history2 };
  }
  const path = store.conversations.getPath(target.id).map((m) => m.id === target.id ? { ...m, status: "complete", interruptReason: void 0 } : m);
  const history = historyFromMessages(store, path);
  history.push({ role: "user", text: CONTINUE_PROMPT });
  const writer = storing(() => store.conversations.resumeAssistantMessage(target.id));
  if (!writer) throw new MessageActionError("this answer cannot be continued");
  return { writer, turnId, history };
}
function throwIfFailed(result) {
  if (!result.ok) throw new TurnStorageError(result.error);
}
function titleFrom(text3) {
  const line = text3.trim().split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}\u2026` : line || "New conversation";
}
function generationOutcome(aborted, result) {
  if (aborted) return "user-stop";
  if (!result) return "provider-error";
  if (result.error)
    return result.error.kind === "network" || result.error.kind === "truncated" || result.error.kind === "unreachable" ? "network" : "provider-error";
  if (!result.complete || result.truncated) return "truncated";
  return "complete";
}
function sentOf(part) {
  if (part.sent) return part.sent;
  const forModel = toolResultForModel(storedOutcomeOf(part));
  return { content: JSON.stringify(forModel.content), isError: forModel.isError };
}
function historyFromMessages(store, messages) {
  const history = [];
  const conversationId = messages[0]?.conversationId;
  const files = conversationId === void 0 ? /* @__PURE__ */ new Map() : store.attachments.withBytesByMessage(conversationId);
  for (const message of messages) {
    if (message.role === "user") {
      const text3 = message.parts.map((p) => p.type === "text" ? p.text : "").join("");
      const attachments = (files.get(message.id) ?? []).flatMap(storedHistoryAttachment);
      history.push({ role: "user", text: text3, ...attachments.length > 0 ? { attachments } : {} });
      continue;
    }
    if (message.role !== "assistant" || message.status === "streaming") continue;
    const provider = providerOfMessage(store, message);
    const answered = new Set(message.parts.flatMap((p) => p.type === "tool-result" ? [p.callId] : []));
    const called = new Set(message.parts.flatMap((p) => p.type === "tool-call" ? [p.callId] : []));
    let round = { role: "assistant", provider, text: "", toolCalls: [], replay: [] };
    let results = [];
    const flush = () => {
      if (round.text.length > 0 || round.toolCalls.length > 0) history.push(round);
      if (results.length > 0) history.push({ role: "tool-results", results });
      round = { role: "assistant", provider, text: "", toolCalls: [], replay: [] };
      results = [];
    };
    for (const part of message.parts) {
      if (part.type === "text") {
        if (results.length > 0) flush();
        round.text += part.text;
      } else if (part.type === "replay") {
        if (results.length > 0) flush();
        if (part.provider === provider) round.replay.push(part.item);
      } else if (part.type === "tool-call" && answered.has(part.callId)) {
        if (results.length > 0) flush();
        round.toolCalls.push({
          callId: part.callId,
          callIdIsLocal: part.callIdIsLocal,
          name: part.toolName,
          argumentsText: part.argumentsText,
          arguments: part.arguments
        });
      } else if (part.type === "tool-result" && called.has(part.callId)) {
        const sent = sentOf(part);
        results.push({
          callId: part.callId,
          name: part.toolName,
          content: sent.content,
          isError: sent.isError,
          ...sent.images ? { images: sent.images } : {}
        });
      }
    }
    if (message.status === "interrupted" && round.text.length > 0)
      round.text = round.text.replace(/\s+$/, "") + INTERRUPTED_MARK;
    flush();
  }
  return history;
}
function historyAttachmentOf(file) {
  return file.kind === "image" ? {
    kind: "image",
    name: file.name,
    mimeType: file.mimeType,
    data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length).toString("base64")
  } : { kind: "text", name: file.name, text: file.text };
}
function storedHistoryAttachment(file) {
  const checked = checkAttachment(file.name, file.mimeType, file.bytes);
  return checked.ok ? [historyAttachmentOf(checked.attachment)] : [];
}
function providerOfMessage(store, message) {
  const generation = message.turnId ? store.generations.listForTurn(message.turnId).find((g) => g.messageId === message.id) : void 0;
  return generation && isProviderId(generation.provider) ? generation.provider : "openai-chat";
}

// src/main/harness/stream-model-round.ts
init_http_response_meta();

// src/main/providers/framing/framing-limits.ts
var DEFAULT_FRAMING_LIMITS = {
  maxEventChars: 16 * 1024 * 1024,
  maxDocumentChars: 1024 * 1024
};
function describeBreach(breach) {
  const limit = describeChars(breach.limit);
  switch (breach.what) {
    case "sse-line-or-event":
      return `sent an SSE line or event over the ${limit} limit`;
    case "json-array-element":
      return `sent a JSON array element over the ${limit} limit`;
    case "json-document":
      return `sent a JSON document over the ${limit} limit`;
    case "leading-whitespace":
      return `sent more whitespace before its first character than the ${limit} limit`;
  }
}
function describeChars(n) {
  const mib = n / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB (${n} characters)` : `${n}-character`;
}

// src/main/providers/framing/json-array-framer.ts
var JsonArrayFramer = class {
  constructor(onElement, maxElementChars = Number.POSITIVE_INFINITY) {
    this.onElement = onElement;
    this.maxElementChars = maxElementChars;
  }
  onElement;
  maxElementChars;
  depth = 0;
  inString = false;
  escaped = false;
  opened = false;
  /** The closing `]` arrived. */
  closed = false;
  /** Characters that are neither JSON structure nor whitespace where an element should start. */
  garbage = false;
  /** An element was longer than the limit. */
  overLimit = false;
  /** Characters examined (work meter for the linearity tests). */
  scannedChars = 0;
  pieces = [];
  /** Characters of the unfinished element held in `pieces`. */
  elementChars = 0;
  inElement = false;
  /** Characters of an unfinished element held across reads. */
  get heldChars() {
    return this.elementChars;
  }
  push(text3) {
    if (this.overLimit) return;
    this.scannedChars += text3.length;
    let start = this.inElement ? 0 : -1;
    for (let i = 0; i < text3.length; i++) {
      const c = text3.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
        continue;
      }
      if (this.depth === 0) {
        if (isWhitespace(c)) continue;
        if (!this.opened) {
          if (c === 91) this.opened = true;
          else this.garbage = true;
          continue;
        }
        if (this.closed) {
          this.garbage = true;
          continue;
        }
        if (c === 44) continue;
        if (c === 93) {
          this.closed = true;
          continue;
        }
        if (c === 123) {
          this.depth = 1;
          this.inElement = true;
          start = i;
          continue;
        }
        this.garbage = true;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) this.depth++;
      else if (c === 125 || c === 93) {
        this.depth--;
        if (this.depth === 0) {
          if (this.elementChars + (i + 1 - start) > this.maxElementChars) {
            this.refuse();
            return;
          }
          this.pieces.push(text3.slice(start, i + 1));
          const element = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join("");
          this.pieces = [];
          this.elementChars = 0;
          this.inElement = false;
          start = -1;
          this.onElement(element);
        }
      }
    }
    if (this.inElement && start >= 0) {
      this.elementChars += text3.length - start;
      if (this.elementChars > this.maxElementChars) {
        this.refuse();
        return;
      }
      this.pieces.push(text3.slice(start));
    }
  }
  /** The text of an element cut by the end of the body, if any. */
  takeUnfinished() {
    if (!this.inElement || this.overLimit) return void 0;
    const rest = this.pieces.join("");
    this.pieces = [];
    this.elementChars = 0;
    this.inElement = false;
    return rest;
  }
  refuse() {
    this.overLimit = true;
    this.pieces = [];
    this.elementChars = 0;
  }
};
function isWhitespace(c) {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

// src/main/providers/framing/sse-framer.ts
import { createParser } from "eventsource-parser";
var LF = 10;
var CR = 13;
var SseFramer = class {
  /**
   * @param sink receives each event; an object with a method rather than a callback made per
   * parser, so the call is the same function for every turn (its optimized code is kept).
   */
  constructor(sink, onLimit, maxChars) {
    this.sink = sink;
    this.onLimit = onLimit;
    this.maxChars = maxChars;
    this.lease = leaseParser(this, 2 * maxChars);
    this.parser = this.lease.parser;
  }
  sink;
  onLimit;
  maxChars;
  lease;
  parser;
  /** The last read ended with a CR (already passed on as LF): a leading LF of the next read is its pair. */
  pendingCr = false;
  /** Length of the unfinished last line, already fed to the library. */
  lineChars = 0;
  flushing = false;
  stopped = false;
  ended = false;
  /** Lines that were not part of the protocol (unknown fields, a bad `retry`). */
  garbage = false;
  /** Characters this framer's own scans examined (work meter for the linearity tests). */
  scannedChars = 0;
  /** From the library: one event. */
  dispatch(event) {
    if (this.stopped) return;
    if (event.data.length > this.maxChars) this.stop();
    else this.sink.onEvent(event.event, event.data, this.flushing);
  }
  /** From the library: a line it could not read, or its buffer limit. */
  error(error) {
    if (error.type === "max-buffer-size-exceeded") this.stop();
    else this.garbage = true;
  }
  /** Characters of an unfinished line held across reads. */
  get heldLineChars() {
    return this.lineChars;
  }
  push(text3) {
    if (this.stopped || this.ended) return;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text3.charCodeAt(0) === LF) text3 = text3.slice(1);
    }
    if (text3.length === 0) return;
    this.scannedChars += text3.length;
    if (text3.indexOf("\r") !== -1) {
      this.scannedChars += text3.length;
      if (text3.charCodeAt(text3.length - 1) === CR) this.pendingCr = true;
      text3 = text3.split("\r\n").join("\n");
      if (text3.indexOf("\r") !== -1) text3 = text3.replaceAll("\r", "\n");
    }
    const cut2 = this.firstLineOverLimit(text3);
    if (cut2 === void 0) {
      this.parser.feed(text3);
      return;
    }
    if (cut2 > 0) this.parser.feed(text3.slice(0, cut2));
    this.stop();
  }
  /** The body ended: a last event without its blank line is dispatched, flagged `atEof`. */
  end() {
    if (this.stopped || this.ended) return;
    this.flushing = true;
    this.parser.feed("\n\n");
    this.flushing = false;
    this.ended = true;
    returnParser(this.lease);
  }
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.onLimit();
  }
  /**
   * Where the first line longer than the limit starts in `text` (LF-only), or undefined; keeps
   * `lineChars` current. Looks only at the first and last line of a read no longer than the limit
   * (a line wholly inside it cannot be too long), so the cost is far below one pass.
   */
  firstLineOverLimit(text3) {
    const max = this.maxChars;
    const first = text3.indexOf("\n");
    if (first === -1) {
      this.scannedChars += text3.length;
      if (this.lineChars + text3.length > max) return 0;
      this.lineChars += text3.length;
      return void 0;
    }
    this.scannedChars += first + 1;
    if (this.lineChars + first > max) return 0;
    if (text3.length > max) {
      for (let start = first + 1; ; ) {
        const next = text3.indexOf("\n", start);
        if (next === -1) break;
        this.scannedChars += next + 1 - start;
        if (next - start > max) return start;
        start = next + 1;
      }
    }
    const last = text3.lastIndexOf("\n");
    this.scannedChars += text3.length - last;
    if (text3.length - last - 1 > max) return last + 1;
    this.lineChars = text3.length - last - 1;
    return void 0;
  }
};
var idleParsers = [];
var MAX_IDLE_PARSERS = 4;
function leaseParser(framer, maxBufferSize) {
  const index = idleParsers.findIndex((lease2) => lease2.maxBufferSize === maxBufferSize);
  if (index !== -1) {
    const lease2 = idleParsers[index];
    idleParsers.splice(index, 1);
    lease2.framer = framer;
    return lease2;
  }
  const lease = {
    parser: void 0,
    maxBufferSize,
    framer
  };
  lease.parser = createParser({
    onEvent: (event) => lease.framer?.dispatch(event),
    onError: (error) => lease.framer?.error(error),
    maxBufferSize
  });
  return lease;
}
function returnParser(lease) {
  lease.framer = void 0;
  lease.parser.reset();
  if (idleParsers.length < MAX_IDLE_PARSERS) idleParsers.push(lease);
}

// src/main/providers/framing/body-framer.ts
var BodyFramer = class {
  constructor(sink, options) {
    this.sink = sink;
    this.options = options;
    this.limits = { ...DEFAULT_FRAMING_LIMITS, ...definedOnly(options.limits) };
  }
  sink;
  options;
  decoder = new TextDecoder("utf-8");
  limits;
  mode = "sniffing";
  /** Blank text before the first significant character, kept whole for the framer that follows. */
  blankParts = [];
  blankChars = 0;
  sse;
  arrayFramer;
  documentParts = [];
  documentChars = 0;
  sniffScanned = 0;
  ended = false;
  /** The limit that was crossed; from then on input is ignored. */
  breach;
  /** Lines or characters that were not part of the protocol (unknown SSE fields, stray text). */
  get garbage() {
    return (this.sse?.garbage ?? false) || (this.arrayFramer?.garbage ?? false);
  }
  get halted() {
    return this.breach !== void 0;
  }
  /** Characters held across reads (a blank prefix, an unfinished line, element or document). */
  get heldChars() {
    return this.blankChars + this.documentChars + (this.sse?.heldLineChars ?? 0) + (this.arrayFramer?.heldChars ?? 0);
  }
  /** Characters examined by the framing scans so far (work meter for the linearity tests). */
  get scannedChars() {
    return this.sniffScanned + (this.sse?.scannedChars ?? 0) + (this.arrayFramer?.scannedChars ?? 0);
  }
  push(bytes) {
    if (this.ended) throw new Error("BodyFramer: push after end");
    if (this.breach) return;
    const text3 = this.decoder.decode(bytes, { stream: true });
    if (text3.length > 0) this.route(text3);
  }
  end() {
    if (this.ended) return;
    this.ended = true;
    if (this.breach) return;
    const rest = this.decoder.decode();
    if (rest.length > 0) this.route(rest);
    if (this.breach) return;
    switch (this.mode) {
      case "sse":
        this.sse.end();
        break;
      case "document":
        this.sink.onDocument(this.documentParts.join(""));
        break;
      case "json-array": {
        const unfinished = this.arrayFramer.takeUnfinished();
        if (unfinished !== void 0) this.sink.onEvent(void 0, unfinished, true);
        break;
      }
      case "sniffing":
        break;
    }
  }
  route(text3) {
    if (this.mode === "sniffing") {
      const first = firstSignificantIndex(text3);
      const blank = first === -1 ? text3.length : first;
      this.sniffScanned += first === -1 ? text3.length : first + 1;
      if (this.blankChars + blank > this.limits.maxDocumentChars) {
        this.stop({ what: "leading-whitespace", limit: this.limits.maxDocumentChars });
        return;
      }
      if (first === -1) {
        this.blankParts.push(text3);
        this.blankChars += text3.length;
        return;
      }
      this.startMode(text3.charCodeAt(first));
      if (this.blankParts.length > 0) {
        this.blankParts.push(text3);
        text3 = this.blankParts.join("");
        this.blankParts = [];
        this.blankChars = 0;
      }
    }
    switch (this.mode) {
      case "sse":
        this.sse.push(text3);
        break;
      case "json-array":
        this.arrayFramer.push(text3);
        if (this.arrayFramer.overLimit) this.stop({ what: "json-array-element", limit: this.limits.maxEventChars });
        break;
      case "document":
        if (this.documentChars + text3.length > this.limits.maxDocumentChars) {
          this.documentParts = [];
          this.documentChars = 0;
          this.stop({ what: "json-document", limit: this.limits.maxDocumentChars });
          return;
        }
        this.documentChars += text3.length;
        this.documentParts.push(text3);
        break;
    }
  }
  startMode(firstChar) {
    if (firstChar === 123) this.mode = "document";
    else if (firstChar === 91 && this.options.allowJsonArray) {
      this.mode = "json-array";
      this.arrayFramer = new JsonArrayFramer(
        (element) => this.sink.onEvent(void 0, element, false),
        this.limits.maxEventChars
      );
    } else {
      this.mode = "sse";
      this.sse = new SseFramer(
        this.sink,
        () => this.stop({ what: "sse-line-or-event", limit: this.limits.maxEventChars }),
        this.limits.maxEventChars
      );
    }
  }
  stop(breach) {
    if (this.breach) return;
    this.breach = breach;
    this.blankParts = [];
    this.blankChars = 0;
    this.sink.onLimit(breach);
  }
};
function firstSignificantIndex(text3) {
  for (let i = 0; i < text3.length; i++) {
    const c = text3.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9 && c !== 65279) return i;
  }
  return -1;
}
function definedOnly(limits) {
  const out = {};
  if (limits?.maxEventChars !== void 0) out.maxEventChars = limits.maxEventChars;
  if (limits?.maxDocumentChars !== void 0) out.maxDocumentChars = limits.maxDocumentChars;
  return out;
}

// src/main/providers/stream-parser.ts
init_provider_registry();

// src/main/providers/turn-accumulator.ts
init_json_depth();
init_text_pieces();
init_wire_access();
init_object_array();
var TurnAccumulator = class {
  constructor(provider, localIdPrefix) {
    this.provider = provider;
    this.localIdPrefix = localIdPrefix;
  }
  provider;
  localIdPrefix;
  pendingEvents = emptyObjectArray();
  textParts = new TextPieces();
  reasoningParts = new TextPieces();
  calls = [];
  callsByKey = /* @__PURE__ */ new Map();
  localIdCount = 0;
  usage = {
    inputTokens: void 0,
    outputTokens: void 0,
    reasoningTokens: void 0,
    cachedInputTokens: void 0
  };
  finishReason = null;
  rawFinishReason = null;
  endSignal = false;
  /** The provider said the output was cut for length, whatever else it reported. */
  outputCut = false;
  error;
  /** The response was an HTTP error (or a plain error document): there never was a stream. */
  failedBeforeStream = false;
  result;
  replay = [];
  responseId;
  model;
  /** Events produced since the last call, in order. */
  drainEvents() {
    if (this.pendingEvents.length === 0) return EMPTY;
    const out = this.pendingEvents;
    this.pendingEvents = emptyObjectArray();
    return out;
  }
  get hasText() {
    return !this.textParts.isEmpty;
  }
  get hasReasoning() {
    return !this.reasoningParts.isEmpty;
  }
  get hasError() {
    return this.error !== void 0;
  }
  get isFailedBeforeStream() {
    return this.failedBeforeStream;
  }
  get hasEndSignal() {
    return this.endSignal;
  }
  get toolCallCount() {
    return this.calls.length;
  }
  appendText(delta) {
    if (delta.length === 0) return;
    this.textParts.push(delta);
    this.pendingEvents.push({ type: "text-delta", delta });
  }
  appendReasoning(delta) {
    if (delta.length === 0) return;
    this.reasoningParts.push(delta);
    this.pendingEvents.push({ type: "reasoning-delta", delta });
  }
  /** A call id for a provider that sent none: unique within this parser, stable across read splits. */
  newLocalCallId(scope) {
    this.localIdCount++;
    return `${this.localIdPrefix}${scope ? `${scope}_` : ""}${this.localIdCount}`;
  }
  /**
   * Opens a call under `key`. Returns the existing call when the key is already open (compatible
   * servers repeat the id and name on every fragment: that is the same call, not a new one).
   */
  openToolCall(key, providerCallId, name) {
    const existing = this.callsByKey.get(key);
    if (existing && !existing.closed) return existing;
    const callIdIsLocal = providerCallId === void 0 || providerCallId.length === 0;
    const sameId = callIdIsLocal ? void 0 : this.calls.find((c) => !c.callIdIsLocal && c.callId === providerCallId);
    if (sameId) {
      this.fail({
        kind: "malformed",
        message: `The stream started tool call ${providerCallId} a second time`,
        retryable: false,
        status: void 0,
        code: void 0,
        retryAfterMs: void 0,
        requestId: void 0
      });
      return sameId;
    }
    const call = {
      key,
      callId: callIdIsLocal ? this.newLocalCallId() : providerCallId,
      callIdIsLocal,
      name,
      fragments: new TextPieces(),
      wholeText: void 0,
      wholeObject: void 0,
      emptyMeansEmptyObject: false,
      closed: false
    };
    this.calls.push(call);
    this.callsByKey.set(key, call);
    this.pendingEvents.push({ type: "tool-call-start", callId: call.callId, name });
    return call;
  }
  /** Like {@link openToolCall} but with an id the adapter generated itself (marked local). */
  openToolCallWithLocalId(key, localId, name) {
    const call = this.openToolCall(key, localId, name);
    call.callIdIsLocal = true;
    return call;
  }
  toolCall(key) {
    return this.callsByKey.get(key);
  }
  /** Moves a call to another key (a proxy that renames an item mid-stream keeps one call). */
  rekeyToolCall(call, key) {
    this.callsByKey.set(key, call);
  }
  appendToolArguments(call, delta) {
    if (delta.length === 0 || call.closed) return;
    call.fragments.push(delta);
    this.pendingEvents.push({ type: "tool-call-delta", callId: call.callId, delta });
  }
  /**
   * The provider restated the whole argument text (authoritative over the fragments). `asObject`:
   * the same arguments as the object the provider sent (the text is then its JSON serialization).
   */
  setToolArguments(call, text3, asObject2) {
    if (call.closed) return;
    if (call.fragments.isEmpty && text3.length > 0) {
      this.pendingEvents.push({ type: "tool-call-delta", callId: call.callId, delta: text3 });
    }
    call.wholeText = text3;
    call.wholeObject = asObject2;
  }
  closeToolCall(call) {
    if (call.closed) return;
    call.closed = true;
    this.pendingEvents.push({ type: "tool-call-end", callId: call.callId });
  }
  openToolCalls() {
    return this.calls.filter((c) => !c.closed);
  }
  setFinish(finishReason, rawFinishReason) {
    this.finishReason = finishReason;
    this.rawFinishReason = rawFinishReason;
  }
  /**
   * The provider ended the output for length (`length`, `max_tokens`, `MAX_TOKENS`, `incomplete`).
   * Kept apart from the finish reason, which an error overrides: the turn stays `truncated`.
   */
  markOutputCut() {
    this.outputCut = true;
  }
  get currentFinishReason() {
    return this.finishReason;
  }
  /** Overwrites the usage fields that are known in `partial` (providers send running totals). */
  mergeUsage(partial) {
    for (const key of USAGE_KEYS) {
      const value = partial[key];
      if (value !== void 0) this.usage[key] = value;
    }
  }
  /** Records an error; the first one is kept (later ones are usually its echo, e.g. `response.failed`). */
  fail(error) {
    if (this.error) return;
    this.error = error;
    this.pendingEvents.push({ type: "error", error });
  }
  failBeforeStream(error) {
    this.failedBeforeStream = true;
    this.fail(error);
    this.setFinish("error", null);
  }
  /** The provider's positive end-of-turn signal arrived. */
  markEndSignal() {
    this.endSignal = true;
  }
  /**
   * Builds the turn result (once) and queues the final `finish` event.
   * @param truncationIsError report a missing end signal as a `truncated` error (Google's rule).
   * @param garbage bytes that were not the protocol were seen.
   */
  finishTurn(options) {
    if (this.result) return this.result;
    const openCall = this.calls.some((c) => !c.closed);
    if (!this.endSignal && !this.error && !this.failedBeforeStream) {
      if (options.garbage) {
        this.fail({
          kind: "malformed",
          message: `The ${options.providerLabel} stream held data that is not its protocol and ended without its end-of-turn signal`,
          retryable: false,
          status: void 0,
          code: void 0,
          retryAfterMs: void 0,
          requestId: void 0
        });
      } else if (options.truncationIsError) {
        this.fail({
          kind: "truncated",
          message: `The ${options.providerLabel} stream ended before its end-of-turn signal`,
          retryable: true,
          status: void 0,
          code: void 0,
          retryAfterMs: void 0,
          requestId: void 0
        });
      }
    }
    const truncated = this.failedBeforeStream ? false : !this.endSignal || this.finishReason === "length" || this.outputCut || openCall;
    const toolCalls = this.calls.map((call) => {
      let text3 = call.wholeText ?? call.fragments.text();
      if (call.emptyMeansEmptyObject && text3.trim().length === 0) text3 = "{}";
      return {
        callId: call.callId,
        callIdIsLocal: call.callIdIsLocal,
        name: call.name,
        argumentsText: text3,
        arguments: !call.closed ? void 0 : call.wholeObject && text3 === call.wholeText && !valueExceedsDepth(call.wholeObject) ? call.wholeObject : parseArgumentsObject(text3),
        closed: call.closed
      };
    });
    this.result = {
      provider: this.provider,
      complete: this.endSignal,
      truncated,
      finishReason: this.finishReason,
      rawFinishReason: this.rawFinishReason,
      text: this.textParts.text(),
      reasoning: this.reasoningParts.text(),
      toolCalls,
      usage: { ...this.usage },
      error: this.error,
      replay: this.replay,
      responseId: this.responseId,
      model: this.model
    };
    this.pendingEvents.push({
      type: "finish",
      finishReason: this.finishReason,
      rawFinishReason: this.rawFinishReason,
      usage: { ...this.usage },
      complete: this.endSignal,
      truncated
    });
    return this.result;
  }
};
var EMPTY = [];
var USAGE_KEYS = ["inputTokens", "outputTokens", "reasoningTokens", "cachedInputTokens"];
function parseArgumentsObject(text3) {
  const object = asObject(tryParseJson(text3));
  return object === void 0 || valueExceedsDepth(object) ? void 0 : object;
}

// src/main/providers/stream-parser.ts
init_wire_access();

// src/main/providers/payload-shapes.ts
init_object_array();
var FIRST_SAMPLES = 24;
var LAST_SAMPLES = 8;
var MAX_KEPT_SHAPES = 64;
var PayloadSampler = class {
  first = emptyObjectArray();
  /** A ring of the last payloads (`NONE` where there is none yet). */
  last = new Array(LAST_SAMPLES).fill(NONE);
  lastCount = 0;
  sample(payload) {
    if (this.first.length < FIRST_SAMPLES) this.first.push(payload);
    else this.last[this.lastCount++ & LAST_SAMPLES - 1] = payload;
  }
  /** The turn's first payloads, and forgets them. */
  takeFirst() {
    const payloads = this.first.slice();
    this.first.length = 0;
    return payloads;
  }
  /** The turn's last payloads (not in order), and forgets them. */
  takeLast() {
    const payloads = this.last.filter((payload) => payload !== NONE);
    this.last.fill(NONE);
    this.lastCount = 0;
    return payloads;
  }
};
var NONE = {};
var PayloadShapes = class {
  kept = [];
  signatures = /* @__PURE__ */ new Set();
  /** Keeps the shape of each payload not kept yet (while there is room); returns the shapes it kept. */
  keep(payloads) {
    const added = [];
    for (const payload of payloads) {
      if (this.kept.length >= MAX_KEPT_SHAPES) break;
      const signature = signatureOf(payload);
      if (signature === void 0 || this.signatures.has(signature)) continue;
      this.signatures.add(signature);
      const shape = JSON.parse(signature);
      this.kept.push(shape);
      added.push(shape);
    }
    return added;
  }
};
var MAX_SHAPE_CHARS = 16 * 1024;
function signatureOf(payload) {
  let signature;
  try {
    signature = JSON.stringify(payload, shapeValue);
  } catch {
    return void 0;
  }
  return signature.length <= MAX_SHAPE_CHARS ? signature : void 0;
}
var PROTOCOL_KEYS = /* @__PURE__ */ new Set([
  "type",
  "event_type",
  "object",
  "role",
  "status",
  "finish_reason",
  "finishReason",
  "stop_reason",
  "jsonPath"
]);
function shapeValue(key, value) {
  if (typeof value === "string") return PROTOCOL_KEYS.has(key) ? value : "x";
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : 0.5;
  return value;
}

// src/main/providers/stream-parser.ts
init_classify_provider_error();
function createStreamParser(provider, options = {}) {
  let anchor = ANCHORS.get(provider);
  if (anchor === void 0) {
    anchor = anchorParser(provider);
    ANCHORS.set(provider, anchor);
  }
  return new ProviderStreamParser(provider, options, anchor);
}
var ANCHORS = /* @__PURE__ */ new Map();
function anchorParser(provider) {
  const parser = new ProviderStreamParser(provider, { localIdPrefix: "anchor_" }, void 0);
  parser.anchorShapes();
  return parser;
}
var ProviderStreamParser = class {
  constructor(provider, options, anchor) {
    this.options = options;
    this.anchor = anchor;
    this.accumulator = new TurnAccumulator(provider, options.localIdPrefix ?? "keel_call_");
    this.adapter = providerAdapterFactory(provider)(this.accumulator);
    const status = options.response?.status ?? 200;
    this.httpOk = status >= 200 && status < 300;
    this.framer = new BodyFramer(this, { allowJsonArray: this.adapter.allowJsonArrayBody, limits: options.limits });
  }
  options;
  anchor;
  accumulator;
  adapter;
  framer;
  httpOk;
  corrupt = false;
  corruptAfterEnd = false;
  ended = false;
  /** This turn's first and last payloads, whose shapes the anchor keeps at the end (see {@link ANCHORS}). */
  sampler = new PayloadSampler();
  /** The anchor's own (see {@link ANCHORS}): the payload shapes and the objects made by replaying them. */
  shapes = new PayloadShapes();
  anchored = [];
  get halted() {
    return this.framer.halted;
  }
  push(bytes) {
    if (this.ended) throw new Error("StreamParser: push after end");
    this.framer.push(bytes);
    return this.accumulator.drainEvents();
  }
  end() {
    if (this.ended) throw new Error("StreamParser: end called twice");
    this.ended = true;
    const { accumulator, adapter, framer, httpOk, options } = this;
    framer.end();
    if (!httpOk && !accumulator.hasError) {
      accumulator.failBeforeStream(adapter.errorFromDocument(void 0, options.response));
    }
    if (httpOk && !accumulator.isFailedBeforeStream && !framer.halted) adapter.handleEnd();
    const result = accumulator.finishTurn({
      truncationIsError: adapter.truncationIsError,
      garbage: framer.garbage || this.corruptAfterEnd,
      providerLabel: adapter.label
    });
    try {
      this.anchor?.keepShapes(this.sampler);
    } catch {
    }
    return { events: accumulator.drainEvents(), result };
  }
  /** See {@link ANCHORS}: makes the objects whose maps must outlive a turn, and keeps them. */
  anchorShapes() {
    this.framer.push(ANCHOR_COMMENT);
    const acc = this.accumulator;
    acc.appendText(" ");
    acc.appendReasoning(" ");
    const call = acc.openToolCall("anchor", "anchor", "anchor");
    acc.appendToolArguments(call, " ");
    acc.closeToolCall(call);
    const events = acc.drainEvents();
    const finished = new TurnAccumulator(acc.provider, "anchor_");
    const result = finished.finishTurn({ truncationIsError: false, garbage: false, providerLabel: "anchor" });
    this.anchored.push(...events, result, ...finished.drainEvents());
  }
  /**
   * See {@link ANCHORS}: keeps the shapes of a finished turn's first and last payloads; the new
   * first ones are also handled by this parser's adapter, as a turn would (their strings are empty).
   */
  keepShapes(sampler) {
    const first = this.shapes.keep(sampler.takeFirst());
    this.shapes.keep(sampler.takeLast());
    for (const shape of first) this.adapter.handlePayload(shape, void 0);
    this.anchored.push(...this.accumulator.drainEvents());
  }
  /** BodyFrameSink: one SSE event or JSON-array element. */
  onEvent(name, data, atEof) {
    if (!this.httpOk) return;
    const payload = asObject(tryParseJson(data));
    if (payload !== void 0) {
      this.sampler.sample(payload);
      this.adapter.handlePayload(payload, name);
      return;
    }
    const { accumulator, adapter } = this;
    if (adapter.handleSentinel(data)) return;
    if (atEof) return;
    if (accumulator.hasEndSignal) {
      this.corruptAfterEnd = true;
      return;
    }
    if (!this.corrupt) {
      this.corrupt = true;
      accumulator.fail(
        classifyMalformed(adapter, `The ${adapter.label} stream held an event that is not a JSON object`, void 0)
      );
    }
  }
  /** BodyFrameSink: the whole body was one JSON document. */
  onDocument(text3) {
    const { accumulator, adapter, options } = this;
    const document = tryParseJson(text3);
    if (document === void 0) {
      accumulator.failBeforeStream(
        classifyMalformed(adapter, `The ${adapter.label} response was not valid JSON`, options.response)
      );
      return;
    }
    accumulator.failBeforeStream(adapter.errorFromDocument(document, options.response));
  }
  /** BodyFrameSink: a size limit was crossed. */
  onLimit(breach) {
    const { accumulator, adapter, options } = this;
    const error = classifyMalformed(
      adapter,
      `The ${adapter.label} response ${describeBreach(breach)}; reading stopped`,
      options.response
    );
    if (!this.httpOk || breach.what === "json-document" || breach.what === "leading-whitespace")
      accumulator.failBeforeStream(error);
    else accumulator.fail(error);
  }
};
var ANCHOR_COMMENT = new TextEncoder().encode(": anchor\n");
function classifyMalformed(_adapter, message, meta) {
  const status = meta?.status;
  if (status !== void 0 && (status < 200 || status >= 300)) {
    return classifyProviderError({ status, codes: [], message: `${message} (HTTP ${status})` });
  }
  return {
    kind: "malformed",
    message,
    retryable: false,
    status: void 0,
    code: void 0,
    retryAfterMs: void 0,
    requestId: void 0
  };
}
async function parseStreamBody(provider, body, options = {}) {
  const parser = createStreamParser(provider, options);
  const events = [];
  const emit = (batch) => {
    for (const event of batch) {
      events.push(event);
      options.onEvent?.(event);
    }
  };
  let readError;
  try {
    for await (const chunk of body) {
      emit(parser.push(chunk));
      if (parser.halted) break;
    }
  } catch (error) {
    readError = error;
  }
  const final = parser.end();
  let result = final.result;
  if (readError !== void 0 && !result.complete && (!result.error || result.error.kind === "truncated")) {
    const error = {
      kind: "network",
      message: `The connection failed while reading the ${provider} stream: ${readError instanceof Error ? readError.message : String(readError)}`,
      retryable: true,
      status: void 0,
      code: void 0,
      retryAfterMs: void 0,
      requestId: void 0
    };
    result = { ...result, error, truncated: true };
    const finish = final.events.filter((e) => e.type === "finish");
    emit(final.events.filter((e) => e.type !== "finish" && e.type !== "error"));
    emit([{ type: "error", error }, ...finish]);
    return { events, result };
  }
  emit(final.events);
  return { events, result };
}

// src/main/harness/stream-model-round.ts
var DEFAULT_STALL_TIMEOUT_MS = 6e4;
var OUTPUT_EVENTS = /* @__PURE__ */ new Set([
  "text-delta",
  "reasoning-delta",
  "tool-call-start",
  "tool-call-delta",
  "tool-call-end"
]);
var PROGRESS = {
  "text-delta": true,
  "reasoning-delta": true,
  "tool-call-start": true,
  "tool-call-delta": true,
  "tool-call-end": true,
  finish: true,
  error: true
};
var TURN_DEADLINE_CODE = "keel-turn-deadline";
var MAX_TIMER_MS = 2 ** 31 - 1;
async function streamModelRound(options) {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const stallMs = options.stallTimeoutMs ?? options.idleTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const controller = new AbortController();
  let ending;
  let headersArrived = false;
  const endRound = (why) => {
    if (ending || controller.signal.aborted) return;
    ending = why;
    controller.abort(new Error(`round ended: ${why}`));
  };
  let progressed = false;
  const firstProgressMs = options.firstProgressTimeoutMs ?? stallMs * 5;
  let firstProgressTimer = setTimeout(
    () => endRound("stall"),
    Math.min(Math.max(firstProgressMs, 0), MAX_TIMER_MS)
  );
  let stallTimer;
  const armStall = () => {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = setTimeout(() => endRound("stall"), Math.min(Math.max(stallMs, 0), MAX_TIMER_MS));
  };
  let deadlineTimer;
  const armDeadline = (ms) => {
    deadlineTimer = setTimeout(
      () => ms > MAX_TIMER_MS ? armDeadline(ms - MAX_TIMER_MS) : endRound("deadline"),
      Math.min(ms, MAX_TIMER_MS)
    );
  };
  const onUserAbort = () => controller.abort(options.signal.reason);
  let outputForwarded = false;
  const forward = (events) => {
    let progress = false;
    for (const event of events) {
      if (OUTPUT_EVENTS.has(event.type)) outputForwarded = true;
      if (PROGRESS[event.type]) progress = true;
      options.onEvent(event);
    }
    if (progress && !ending) {
      if (!progressed) {
        progressed = true;
        clearTimeout(firstProgressTimer);
        firstProgressTimer = void 0;
      }
      armStall();
    }
  };
  const finish = (result2, status, requestId2) => {
    if (stallTimer) clearTimeout(stallTimer);
    if (firstProgressTimer) clearTimeout(firstProgressTimer);
    if (deadlineTimer) clearTimeout(deadlineTimer);
    options.signal.removeEventListener("abort", onUserAbort);
    return { result: result2, outputForwarded, aborted: options.signal.aborted, status, requestId: requestId2, startedAt, endedAt: now() };
  };
  const transportError = (cause) => {
    if (options.signal.aborted) return void 0;
    if (ending === "stall")
      return progressed || !headersArrived ? stallError(stallMs, headersArrived) : networkError(
        `No answer began within ${seconds(firstProgressMs)} s (only keep-alives arrived); the request was aborted`
      );
    if (ending === "deadline") return deadlineError(options.deadlineAt - startedAt);
    if (!headersArrived && NO_CONNECTION.has(causeCode(cause) ?? ""))
      return unreachableError(describe(cause), causeCode(cause));
    return networkError(describe(cause));
  };
  const nothingArrived = (error) => {
    const parser2 = createStreamParser(options.provider, { localIdPrefix: options.localIdPrefix });
    return finish(withError(parser2.end().result, error), void 0, void 0);
  };
  if (options.deadlineAt !== void 0) {
    const left = options.deadlineAt - startedAt;
    if (left <= 0) return nothingArrived(options.signal.aborted ? void 0 : deadlineError(left));
    armDeadline(left);
  }
  if (options.signal.aborted) onUserAbort();
  else options.signal.addEventListener("abort", onUserAbort, { once: true });
  let response;
  try {
    armStall();
    response = await (options.fetch ?? fetch)(options.request.url, {
      method: "POST",
      headers: options.request.headers,
      body: JSON.stringify(options.request.body),
      signal: controller.signal
    });
  } catch (cause) {
    return nothingArrived(transportError(cause));
  }
  headersArrived = true;
  const meta = { status: response.status, headers: response.headers };
  const requestId = requestIdFromHeaders(meta);
  const parser = createStreamParser(options.provider, { response: meta, localIdPrefix: options.localIdPrefix });
  let failure;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (; ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!progressed && !ending) armStall();
        forward(parser.push(value));
        if (parser.halted) {
          endRound("over-limit");
          break;
        }
      }
    } catch (cause) {
      failure = transportError(cause);
    }
    if (ending || failure || options.signal.aborted) await reader.cancel().catch(() => {
    });
  }
  const end2 = parser.end();
  const result = withError(end2.result, failure);
  if (failure && result.error === failure) {
    forward(end2.events.filter((event) => event.type !== "finish"));
    forward([{ type: "error", error: failure }]);
    forward(end2.events.filter((event) => event.type === "finish"));
  } else forward(end2.events);
  return finish(result, response.status, requestId ?? result.error?.requestId);
}
function withError(result, error) {
  if (!error || result.complete || result.error && result.error.kind !== "truncated") return result;
  return { ...result, error, truncated: true };
}
var NO_CONNECTION = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT"
]);
function unreachableError(message, code) {
  return {
    kind: "unreachable",
    message,
    retryable: true,
    status: void 0,
    code,
    retryAfterMs: void 0,
    requestId: void 0
  };
}
function causeCode(cause) {
  const inner = cause instanceof Error ? cause.cause : void 0;
  if (inner && typeof inner === "object") {
    if ("code" in inner && typeof inner.code === "string") return inner.code;
    const errors = inner.errors;
    if (Array.isArray(errors)) {
      for (const e of errors) if (e && typeof e === "object" && "code" in e && typeof e.code === "string") return e.code;
    }
  }
  return void 0;
}
function networkError(message) {
  return {
    kind: "network",
    message,
    retryable: true,
    status: void 0,
    code: void 0,
    retryAfterMs: void 0,
    requestId: void 0
  };
}
function stallError(stallMs, headersArrived) {
  const what = headersArrived ? "only keep-alives or nothing arrived" : "the response headers never arrived";
  return networkError(`No progress for ${seconds(stallMs)} s (${what}); the request was aborted`);
}
function deadlineError(roundMs) {
  return {
    kind: "timeout",
    message: `The round passed its deadline (${seconds(Math.max(roundMs, 0))} s after it started); the request was aborted`,
    retryable: false,
    status: void 0,
    // Keel's own turn deadline (not the provider's 408): the harness tells the user so.
    code: TURN_DEADLINE_CODE,
    retryAfterMs: void 0,
    requestId: void 0
  };
}
function seconds(ms) {
  return String(Math.round(ms) / 1e3);
}
function describe(cause) {
  if (cause instanceof Error) {
    const inner = cause.cause;
    const code = inner && typeof inner === "object" && "code" in inner ? String(inner.code) : void 0;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}

// src/main/app/turn-setup.ts
init_provider_config();
init_key_redaction();
init_provider_keys();
init_read_settings();

// src/main/app/user-time-zone.ts
init_time_zone();
function processTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
function resolveUserTimeZone(env, systemZone = processTimeZone()) {
  const configured = env.KEEL_TIME_ZONE;
  return (configured !== void 0 ? canonicalTimeZone(configured) : void 0) ?? (systemZone !== void 0 ? canonicalTimeZone(systemZone) : void 0) ?? "UTC";
}

// src/main/app/turn-setup.ts
var ProviderNotReadyError = class extends Error {
  constructor(provider, reason, profileName, keyVariable) {
    super(notReadyMessage(provider, reason, profileName, keyVariable));
    this.provider = provider;
    this.reason = reason;
    this.profileName = profileName;
    this.keyVariable = keyVariable;
  }
  provider;
  reason;
  profileName;
  keyVariable;
  name = "ProviderNotReadyError";
};
function notReadyMessage(provider, reason, name, keyVariable) {
  const who = name ? `${name} (${provider})` : `"${provider}"`;
  switch (reason) {
    case "unknown-provider":
      return `unknown provider "${provider}": set one up in Settings, or name another with --provider (nothing was sent)`;
    case "no-key":
      return `${who} needs an API key and none is set: ${keyVariable ? `set ${keyVariable}, or ` : ""}save one in Settings (nothing was sent)`;
    case "no-base-url":
      return `${who} has no server address: set its base URL in Settings (nothing was sent)`;
    case "no-model":
      return `${who} has no model chosen: pick one in Settings, or name one with --model (nothing was sent)`;
  }
}
function resolveTurnProfile(input) {
  const settings = readSettings(input.store);
  const id2 = input.request.provider ?? defaultProfileId(settings, input.keys, input.env);
  const profile = resolveSavedProfile(settings, input.keys, input.env, id2, {
    model: input.request.model,
    baseUrl: input.request.baseUrl
  });
  if (!profile) return { ok: false, error: new ProviderNotReadyError(id2, "unknown-provider", void 0, void 0) };
  const reason = notReadyReason(profile);
  if (reason) {
    const stored = Object.hasOwn(settings.values.providers, id2) ? settings.values.providers[id2] : void 0;
    return {
      ok: false,
      error: new ProviderNotReadyError(
        id2,
        reason,
        profile.name,
        profileKeyVariable(id2, stored) ?? PROVIDER_PRESETS[profile.preset].keyVariable
      )
    };
  }
  return { ok: true, profile };
}
function ownName(profile) {
  if (isProviderId(profile.id)) return void 0;
  return profile.preset === "custom" && profile.name === PROVIDER_PRESETS.custom.name ? void 0 : profile.name;
}
function prepareTurn(input) {
  const { store, env, keys, request, io } = input;
  const settings = readSettings(store).values;
  const resolved = resolveTurnProfile(input);
  if (!resolved.ok) throw resolved.error;
  const { connection, api: provider, id: profileId } = resolved.profile;
  const secrets = [...new Set([...keys.all(), connection.apiKey].filter((key) => key.length > 0))];
  const forms = keyForms(secrets);
  const alwaysAllowed = new Set(
    Object.entries(settings.toolPermissions).flatMap(
      ([tool, permission]) => permission === "always-allow" ? [tool] : []
    )
  );
  const locale = request.locale ?? (settings.language === "system" ? localeFromEnv(env) : settings.language);
  const timeZone = resolveUserTimeZone(env);
  const options = {
    conversationId: request.conversationId,
    userText: wellFormed(request.text),
    action: request.action,
    userAttachments: request.attachments,
    provider,
    // Failure messages name the profile as the user does, and open its entry in Settings.
    profile: { id: profileId, name: ownName(resolved.profile) },
    connection,
    locale,
    // The store's clock is the tools' clock: "today" in the preamble is the day the tools see.
    system: systemPrompt(datePreamble({ now: store.clock(), timeZone, locale }), request.system),
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    timeZone,
    signal: io.signal,
    approver: io.approver,
    elicit: io.elicit,
    alwaysAllowed,
    onEvent: (event) => io.onEvent(redactValue(event, forms)),
    recorder: redactingRecorder(createStoreTurnRecorder(store), secrets),
    // The tool list is fixed at the start of the turn.
    tools: input.tools.snapshot(),
    fetch: redactingFetch(input.fetch ?? ((url, init) => fetch(url, init)), secrets),
    streamRound: sanitizingStreamRound(streamModelRound, secrets),
    maxRounds: request.maxRounds ?? settings.maxToolRounds,
    idleTimeoutMs: input.idleTimeoutMs ?? positiveNumber(env.KEEL_IDLE_TIMEOUT_MS),
    turnTimeoutMs: input.turnTimeoutMs ?? positiveNumber(env.KEEL_TURN_TIMEOUT_MS) ?? settings.turnTimeoutSeconds * 1e3,
    retryPolicy: input.retryPolicy,
    runId: io.runId
  };
  return { options, provider, profileId, connection };
}
function positiveNumber(text3) {
  const value = Number(text3);
  return text3 !== void 0 && Number.isFinite(value) && value > 0 ? value : void 0;
}

// src/cli/chat-command.ts
init_data_dir();

// src/main/harness/approval.ts
var approveAll = async () => "approve";

// src/main/harness/run-turn.ts
init_settings();
init_user_message_parts();

// src/main/harness/execute-tool-calls.ts
init_tool_result_for_model();

// src/main/harness/expand-parallel-wrapper.ts
init_wire_access();
var WRAPPER_NAMES = /* @__PURE__ */ new Set(["multi_tool_use.parallel", "parallel"]);
var RECIPIENT_PREFIX = "functions.";
function expandParallelWrapper(call, declaredTools) {
  if (!WRAPPER_NAMES.has(call.name) || declaredTools.has(call.name) || !call.arguments) return void 0;
  const uses = asArray(call.arguments.tool_uses);
  if (!uses || uses.length === 0) return void 0;
  const inner = [];
  for (const [index, entry] of uses.entries()) {
    const use = asObject(entry);
    const recipient = asString(use?.recipient_name);
    const parameters = asObject(use?.parameters);
    if (!recipient?.startsWith(RECIPIENT_PREFIX) || !parameters) return void 0;
    const name = recipient.slice(RECIPIENT_PREFIX.length);
    if (!declaredTools.has(name)) return void 0;
    inner.push({
      callId: `${call.callId}_${index}`,
      callIdIsLocal: true,
      name,
      argumentsText: JSON.stringify(parameters),
      arguments: parameters,
      closed: true
    });
  }
  return inner;
}

// src/main/harness/turn-context.ts
init_fallback_messages();
init_request_history();

// src/main/providers/reduce-tool-schema.ts
var MAX_SCHEMA_DEPTH = 100;
var MAX_SCHEMA_NODES = 2e4;
var SINGLE = [
  "additionalProperties",
  "additionalItems",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema"
];
var MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
var LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
var DYNAMIC_REFS = ["$dynamicRef", "$recursiveRef"];
var OverBudget = class extends Error {
};
function reduceToolSchema(schema, rules) {
  const size = measure(schema);
  if (size.depth > MAX_SCHEMA_DEPTH)
    return { ok: false, reason: `its input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep` };
  if (size.nodes > MAX_SCHEMA_NODES)
    return { ok: false, reason: `its input schema has more than ${MAX_SCHEMA_NODES} parts` };
  try {
    return { ok: true, schema: reduceTop(schema, rules, rules.refsInlined ? "inline" : "keep") };
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
  }
  try {
    return { ok: true, schema: reduceTop(schema, rules, "loosen") };
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    return { ok: false, reason: "its input schema is too large for this provider" };
  }
}
function reduceTop(schema, rules, refs) {
  const budget = { nodes: 0 };
  const reduced = reduceNode(schema, { root: schema, rules, refs, budget }, 0, []);
  const top = typeof reduced === "object" && reduced !== null && !Array.isArray(reduced) ? { ...reduced } : {};
  for (const keyword of rules.topLevelForbidden) delete top[keyword];
  if (refs !== "keep") {
    delete top.$defs;
    delete top.definitions;
  }
  top.type = "object";
  return top;
}
function reduceNode(node, walk, depth, refStack) {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  if (++walk.budget.nodes > MAX_SCHEMA_NODES || depth > MAX_SCHEMA_DEPTH) throw new OverBudget();
  const source = node;
  const out = {};
  for (const [key, value] of Object.entries(source)) {
    if (SINGLE.includes(key) || key === "items" && !Array.isArray(value))
      out[key] = reduceNode(value, walk, depth + 1, refStack);
    else if (key === "items" || LIST.includes(key))
      out[key] = Array.isArray(value) ? value.map((item) => reduceNode(item, walk, depth + 1, refStack)) : value;
    else if (MAP.includes(key) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const map = {};
      for (const [name, sub] of Object.entries(value)) map[name] = reduceNode(sub, walk, depth + 1, refStack);
      out[key] = map;
    } else out[key] = value;
  }
  if (walk.rules.arrayItemsRequired && isArraySchema(out) && out.items === void 0) out.items = {};
  if (walk.refs === "keep") return out;
  for (const keyword of DYNAMIC_REFS) delete out[keyword];
  const ref = out.$ref;
  if (ref === void 0) return out;
  delete out.$ref;
  if (walk.refs === "loosen" || typeof ref !== "string" || refStack.includes(ref)) return out;
  const target = resolvePointer(walk.root, ref);
  if (target === void 0) return out;
  const inlined = reduceNode(target, walk, depth + 1, [...refStack, ref]);
  if (typeof inlined !== "object" || inlined === null || Array.isArray(inlined)) return out;
  const targetSchema = { ...inlined };
  delete targetSchema.$defs;
  delete targetSchema.definitions;
  const constraints = Object.keys(out).filter((key) => !ANNOTATIONS.has(key));
  if (constraints.length === 0) return { ...targetSchema, ...out };
  return { ...out, allOf: [...Array.isArray(out.allOf) ? out.allOf : [], targetSchema] };
}
var ANNOTATIONS = /* @__PURE__ */ new Set([
  "description",
  "title",
  "default",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly"
]);
function isArraySchema(node) {
  return node.type === "array" || Array.isArray(node.type) && node.type.includes("array");
}
function resolvePointer(root, ref) {
  if (!ref.startsWith("#")) return void 0;
  const pointer = ref.slice(1);
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return void 0;
  let value = root;
  for (const raw of pointer.slice(1).split("/")) {
    let segment;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return void 0;
    }
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, segment)) return void 0;
    value = value[segment];
  }
  return value;
}
function measure(value) {
  let depth = 0;
  let nodes = 0;
  const stack = [[value, 1]];
  while (stack.length > 0) {
    const [current, level] = stack.pop();
    if (typeof current !== "object" || current === null) continue;
    nodes++;
    if (level > depth) depth = level;
    if (depth > MAX_SCHEMA_DEPTH || nodes > MAX_SCHEMA_NODES) break;
    for (const child of Object.values(current)) stack.push([child, level + 1]);
  }
  return { depth, nodes };
}

// src/main/providers/fit-tools-to-provider.ts
function fitToolsToProvider(tools, rules) {
  const leftOut = [];
  const shortened = [];
  const accepted = [];
  const names = /* @__PURE__ */ new Set();
  for (const tool of tools) {
    if (!rules.namePattern.test(tool.name) || names.has(tool.name)) {
      leftOut.push({ name: tool.name, reason: { kind: "name-not-accepted" } });
      continue;
    }
    const schema = reduceToolSchema(tool.inputSchema, rules);
    if (!schema.ok) {
      leftOut.push({ name: tool.name, reason: { kind: "schema-not-accepted", detail: schema.reason } });
      continue;
    }
    names.add(tool.name);
    const description = rules.maxDescriptionChars === void 0 ? tool.description : shortenText(tool.description, rules.maxDescriptionChars);
    if (description !== tool.description) shortened.push(tool.name);
    accepted.push({ name: tool.name, description, inputSchema: schema.schema, own: tool.own });
  }
  const ordered = [...accepted.filter((tool) => tool.own), ...accepted.filter((tool) => !tool.own)];
  const max = rules.maxTools ?? ordered.length;
  const sent = ordered.slice(0, max);
  for (const tool of ordered.slice(max)) leftOut.push({ name: tool.name, reason: { kind: "over-limit", max } });
  return {
    tools: sent.map(({ own: _own, ...tool }) => tool),
    leftOut,
    shortened: shortened.filter((name) => sent.some((tool) => tool.name === name))
  };
}
function shortenText(text3, max) {
  if (text3.length <= max) return text3;
  if (max <= 0) return "";
  let end2 = max - 1;
  const last = text3.charCodeAt(end2 - 1);
  if (last >= 55296 && last <= 56319) end2--;
  return `${text3.slice(0, end2)}\u2026`;
}

// src/main/harness/turn-context.ts
init_provider_registry();
init_tool();

// src/main/harness/retry-policy.ts
init_http_response_meta();
var DEFAULT_RETRY_POLICY = { maxAttempts: 3, baseDelayMs: 1e3, maxDelayMs: 2e4 };
function nextRetryDelayMs(options) {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  if (options.aborted || options.outputForwarded || !options.error.retryable) return void 0;
  if (options.attempt >= policy.maxAttempts) return void 0;
  const serverWait = options.error.retryAfterMs;
  if (serverWait !== void 0 && serverWait <= MAX_RETRY_AFTER_MS) return serverWait;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (options.attempt - 1));
  const random = options.random ?? Math.random;
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

// src/main/harness/turn-context.ts
function endReasoning(context) {
  const since = context.progress.reasoningSince;
  if (since === void 0) return;
  context.progress.reasoningMs += Math.max(0, context.now() - since);
  context.progress.reasoningSince = void 0;
}
function showNotice(context, notice) {
  context.progress.notices.push(notice);
  const titleOf = titlesOf(context.tools.list());
  context.emit({
    type: "notice",
    id: notice.id,
    text: fallbackMessage(context.locale, notice.id, notice.values, titleOf),
    ...notice.values ? { values: notice.values } : {}
  });
}
function setCallState(context, call, state, extra = {}) {
  context.emit({ type: "tool-call", callId: call.callId, name: call.name, state, ...extra });
}
function createTurnContext(options, begun, startedAt) {
  const offered = options.tools.list().map((tool) => {
    const { $schema: _dialect, ...inputSchema } = tool.inputJsonSchema;
    return { name: tool.name, description: tool.description, inputSchema, own: tool.source === BUILTIN_SOURCE };
  });
  const fitted = fitToolsToProvider(offered, providerDefinition(options.provider).toolRules);
  const toolDefinitions = fitted.tools;
  return {
    provider: options.provider,
    profile: options.profile,
    connection: options.connection,
    locale: options.locale,
    system: options.system,
    timeZone: options.timeZone,
    signal: options.signal,
    recorder: options.recorder,
    tools: options.tools,
    approver: options.approver,
    elicit: options.elicit,
    alwaysAllowed: options.alwaysAllowed ?? /* @__PURE__ */ new Set(),
    toolDefinitions,
    leftOutTools: fitted.leftOut,
    declaredToolNames: new Set(toolDefinitions.map((tool) => tool.name)),
    streamRound: options.streamRound ?? streamModelRound,
    fetch: options.fetch,
    now: options.now ?? Date.now,
    random: options.random,
    retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
    stallTimeoutMs: options.idleTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    deadlineAt: options.turnTimeoutMs === void 0 ? void 0 : startedAt + options.turnTimeoutMs,
    turnTimeoutMs: options.turnTimeoutMs,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    turn: { conversationId: begun.conversationId, turnId: begun.turnId, messageId: begun.messageId },
    questionIndex: lastUserIndex(
      begun.history,
      options.action?.kind === "continue" ? lastUserIndex(begun.history) - 1 : begun.history.length - 1
    ),
    emit: options.onEvent,
    progress: {
      history: [...begun.history],
      shownText: "",
      notices: [],
      invalidStreak: /* @__PURE__ */ new Map(),
      previousRoundHadToolFailure: false,
      reasoningMs: 0,
      reasoningSince: void 0
    }
  };
}

// src/main/harness/execute-tool-calls.ts
var MAX_CARD_OUTPUT_CHARS = 16e3;
async function executeToolCalls(context, calls) {
  const results = [];
  let invalidTwice = false;
  let hadFailure = false;
  for (const call of calls) {
    const inner = expandParallelWrapper(call, context.declaredToolNames);
    if (inner) {
      const innerRun = await executeToolCalls(context, inner);
      invalidTwice ||= innerRun.invalidTwice;
      hadFailure ||= innerRun.hadFailure;
      const combined = innerRun.results.map((r) => ({
        tool: r.name,
        ok: !r.isError,
        result: JSON.parse(r.content)
      }));
      const outcome2 = {
        status: "succeeded",
        callId: call.callId,
        toolName: call.name,
        kind: "read",
        output: combined,
        repeated: false,
        idempotencyKey: void 0
      };
      const result2 = {
        callId: call.callId,
        name: call.name,
        content: JSON.stringify(combined),
        isError: innerRun.results.some((r) => r.isError)
      };
      results.push(result2);
      context.recorder.recordToolResult(result2, outcome2);
      setCallState(context, call, "done", { argumentsText: call.argumentsText, summary: `${inner.length} calls` });
      continue;
    }
    const { outcome, preview } = await runOne(context, call);
    if (outcome.status === "invalid-arguments" || outcome.status === "unknown-tool") {
      const streak = (context.progress.invalidStreak.get(call.name) ?? 0) + 1;
      context.progress.invalidStreak.set(call.name, streak);
      if (streak >= 2) invalidTwice = true;
    } else context.progress.invalidStreak.delete(call.name);
    if (outcome.status === "failed" || outcome.status === "unknown") hadFailure = true;
    const result = { callId: call.callId, name: call.name, ...toolResultMessage(outcome) };
    results.push(result);
    context.recorder.recordToolResult(result, outcome, preview);
    const summary = cardSummaryOf(outcome);
    setCallState(context, call, cardStateOf(outcome), {
      argumentsText: call.argumentsText,
      ...summary !== void 0 ? { summary } : {},
      ...outcome.status === "succeeded" && JSON.stringify(outcome.output).length <= MAX_CARD_OUTPUT_CHARS ? { output: outcome.output } : {},
      // Why the arguments were refused, for the card to say in the user's language (defect 14).
      ...outcome.status === "invalid-arguments" ? { issues: outcome.issues } : {}
    });
  }
  return { results, invalidTwice, hadFailure };
}
async function runOne(context, call) {
  const base = { callId: call.callId, toolName: call.name };
  if (context.signal.aborted) return { outcome: { ...base, status: "cancelled" } };
  const request = {
    conversationId: context.turn.conversationId,
    turnId: context.turn.turnId,
    callId: call.callId,
    toolName: call.name,
    arguments: call.arguments,
    argumentsText: call.argumentsText,
    timeZone: context.timeZone
  };
  const prepared = context.tools.prepareToolCall(request);
  if (prepared.status !== "ready") return { outcome: prepared };
  const { preview } = prepared;
  const { tool } = prepared;
  if (tool.effect !== "none" && !prepared.alreadyRecorded && !context.alwaysAllowed.has(tool.grantKey)) {
    setCallState(context, call, "awaiting-approval", { argumentsText: call.argumentsText });
    const approvalId = `${context.turn.turnId}:${call.callId}`;
    const args = call.arguments ?? {};
    const allowAlways = tool.hints?.destructive !== true;
    context.emit({
      type: "approval-request",
      approvalId,
      callId: call.callId,
      name: call.name,
      arguments: args,
      title: tool.title,
      ...tool.provider ? { provider: tool.provider } : {},
      ...tool.hints ? { hints: tool.hints } : {},
      ...preview ? { preview } : {},
      allowAlways
    });
    const decision = await context.approver(
      { approvalId, callId: call.callId, name: call.name, arguments: args, grantKey: tool.grantKey, allowAlways },
      context.signal
    );
    if (context.signal.aborted) return { outcome: { ...base, status: "cancelled" }, preview };
    if (decision === "deny") return { outcome: { ...base, status: "denied" }, preview };
    if (decision === "always" && allowAlways) context.alwaysAllowed.add(tool.grantKey);
  }
  setCallState(context, call, "running", { argumentsText: call.argumentsText });
  const outcome = await context.tools.executeToolCall(request, {
    signal: context.signal,
    onProgress: ({ progress, total, message }) => context.emit({
      type: "tool-progress",
      callId: call.callId,
      progress,
      ...total !== void 0 ? { total } : {},
      ...message !== void 0 ? { message } : {}
    }),
    ...context.elicit ? { elicit: (elicitation) => context.elicit(elicitation, call.callId, context.signal) } : {}
  });
  return { outcome, preview };
}

// src/shared/error-notice.ts
init_fallback_messages();

// src/shared/provider-display-name.ts
var NAMES_BY_ID = {
  "openai-responses": "OpenAI",
  anthropic: "Anthropic",
  gemini: "Google Gemini",
  "gemini-interactions": "Google Gemini",
  openai: "OpenAI",
  ollama: "Ollama",
  lmstudio: "LM Studio",
  "lm-studio": "LM Studio",
  openrouter: "OpenRouter"
};
function nameFromAddress(url) {
  const host = url.hostname.toLowerCase();
  if (host === "api.openai.com") return "OpenAI";
  if (host === "api.anthropic.com") return "Anthropic";
  if (host === "generativelanguage.googleapis.com") return "Google Gemini";
  if (host === "openrouter.ai" || host.endsWith(".openrouter.ai")) return "OpenRouter";
  if (url.port === "11434") return "Ollama";
  if (url.port === "1234") return "LM Studio";
  return void 0;
}
function parse(baseUrl) {
  if (!baseUrl) return void 0;
  try {
    return new URL(baseUrl);
  } catch {
    return void 0;
  }
}
function hostOf2(baseUrl) {
  const url = parse(baseUrl);
  if (!url) return void 0;
  return url.port ? `${url.hostname}:${url.port}` : url.hostname;
}
function providerDisplayName(about) {
  const own = about.name?.trim();
  if (own) return own;
  const url = parse(about.baseUrl);
  const byAddress = url ? nameFromAddress(url) : void 0;
  if (byAddress) return byAddress;
  return Object.hasOwn(NAMES_BY_ID, about.providerId) ? NAMES_BY_ID[about.providerId] : void 0;
}

// src/shared/error-notice.ts
function noticeForProviderError(error, about) {
  const named = providerDisplayName(about);
  const host = hostOf2(about.baseUrl);
  const base = { provider: named ?? host ?? about.providerId, providerId: about.providerId };
  const detail = providerSentence(error);
  const withDetail = (values2) => detail ? { ...values2, detail } : values2;
  const ref = (id2, values2 = base) => ({ id: id2, values: values2 });
  switch (error.kind) {
    case "unreachable":
      return named ? ref("unreachable", { ...base, host: host ?? about.baseUrl ?? "?" }) : ref("unreachable-address", { ...base, host: host ?? about.baseUrl ?? "?" });
    case "network":
      return ref("connection-lost");
    case "authentication":
      return ref(about.apiKeySet ? "key-rejected" : "key-missing", withDetail(base));
    case "quota-exceeded":
      return ref("quota-exceeded", withDetail(base));
    case "rate-limit": {
      const wait = error.waitMs ?? error.retryAfterMs;
      return wait !== void 0 && wait > 0 ? ref("rate-limited-wait", { ...base, seconds: Math.ceil(wait / 1e3) }) : ref("rate-limited");
    }
    case "model-not-found":
      return ref("model-not-found", withDetail({ ...base, model: about.model }));
    case "context-too-long":
      return ref("context-too-long", withDetail(base));
    case "content-filter":
      return ref("content-filtered", withDetail(base));
    case "overloaded":
      return ref("overloaded");
    case "server":
      return ref("server-error", withDetail(base));
    case "timeout":
      return ref("provider-timeout");
    case "invalid-request":
      return error.status === 404 ? ref("endpoint-not-found", { ...base, host: host ?? about.baseUrl ?? "?" }) : ref("bad-request", withDetail(base));
    case "provider":
    case "truncated":
    case "malformed":
      return { id: "no-answer" };
  }
}
function providerSentence(error) {
  const said = error.providerMessage?.replace(/\s+/g, " ").trim();
  if (!said) return void 0;
  return said.length > MAX_DETAIL_CHARS ? `${said.slice(0, MAX_DETAIL_CHARS - 1)}\u2026` : said;
}

// src/main/providers/image-refusal.ts
var NO_VISION = /\b(image|images|vision|multimodal|multi-modal|image_url|input_image)\b/i;
function isImageRefusal(error) {
  const refused = error.kind === "invalid-request" || error.kind === "provider" && error.status !== void 0 && error.status >= 400 && error.status < 500;
  return refused && NO_VISION.test(error.message);
}

// src/main/providers/turn-verdict.ts
function mayRunToolCalls(result) {
  return result.complete && !result.truncated && result.error === void 0 && result.finishReason === "tool-calls" && result.toolCalls.length > 0 && result.toolCalls.every((call) => call.closed);
}

// src/main/harness/judge-round.ts
var end = (ending) => ({ kind: "end", ...ending });
function judgeRound(facts) {
  const { result } = facts;
  const calls = result.toolCalls;
  const hasCalls = calls.length > 0;
  if (facts.stopped) {
    return end({
      status: "interrupted",
      interruptReason: "user-stop",
      notice: void 0,
      error: void 0,
      unrunCalls: hasCalls ? "cancelled" : void 0
    });
  }
  const error = result.error;
  const cutMidAnswer = error !== void 0 && (error.kind === "network" || error.kind === "truncated") && (hasCalls || facts.outputForwarded);
  if (error && !cutMidAnswer) {
    const classified = noticeForProviderError(
      error,
      facts.about ?? { providerId: result.provider, baseUrl: void 0, model: result.model ?? "", apiKeySet: true }
    );
    const notice = error.code === TURN_DEADLINE_CODE ? { id: "turn-timeout", values: { seconds: Math.round((facts.turnTimeoutMs ?? 0) / 1e3) } } : facts.imagesSent && isImageRefusal(error) ? { id: "images-not-supported" } : classified.id === "no-answer" && facts.previousRoundHadToolFailure ? { id: "tool-failed-no-answer" } : classified;
    const stored = { kind: error.kind, message: error.message };
    return facts.textShown ? end({
      status: "interrupted",
      interruptReason: error.kind === "network" || error.kind === "truncated" ? "network" : "provider-error",
      notice,
      error: stored,
      unrunCalls: hasCalls ? "not-run" : void 0
    }) : end({
      status: "failed",
      interruptReason: void 0,
      notice,
      error: stored,
      unrunCalls: hasCalls ? "not-run" : void 0
    });
  }
  if (calls.length > facts.maxCallsPerRound) {
    return end({
      status: "failed",
      interruptReason: void 0,
      notice: { id: "too-many-tool-calls", values: { count: calls.length, max: facts.maxCallsPerRound } },
      error: {
        kind: "too-many-tool-calls",
        message: `The model asked for ${calls.length} actions in one answer; at most ${facts.maxCallsPerRound} are run`
      },
      unrunCalls: "not-run"
    });
  }
  if (!result.complete || result.truncated) {
    return end({
      status: "interrupted",
      interruptReason: result.complete ? "provider-error" : "network",
      // A length finish is the output limit, not a failure: the message says so (and Continue keys on it).
      notice: hasCalls ? { id: "truncated-actions-not-run", values: { actions: calls.map((c) => c.name) } } : result.finishReason === "length" ? { id: "length-limit" } : { id: "truncated" },
      error: cutMidAnswer ? { kind: error.kind, message: error.message } : void 0,
      unrunCalls: hasCalls ? "not-run" : void 0
    });
  }
  if (!mayRunToolCalls(result)) {
    return end({
      status: "complete",
      interruptReason: void 0,
      notice: hasCalls ? { id: "not-executed-unconfirmed", values: { actions: calls.map((c) => c.name) } } : void 0,
      error: void 0,
      unrunCalls: hasCalls ? "not-run" : void 0
    });
  }
  return { kind: "run-calls" };
}
function judgeRoundLimit(round, maxRounds) {
  if (round <= maxRounds) return void 0;
  return end({
    status: "failed",
    interruptReason: void 0,
    notice: { id: "max-rounds", values: { max: maxRounds } },
    error: { kind: "max-rounds", message: `Stopped after ${maxRounds} tool rounds` },
    unrunCalls: void 0
  });
}
function judgeAfterCalls(facts) {
  if (facts.stopped)
    return end({
      status: "interrupted",
      interruptReason: "user-stop",
      notice: void 0,
      error: void 0,
      unrunCalls: void 0
    });
  if (facts.invalidTwice) {
    return end({
      status: "failed",
      interruptReason: void 0,
      notice: { id: "invalid-arguments-twice" },
      error: { kind: "invalid-arguments", message: "The model sent invalid arguments twice in a row" },
      unrunCalls: void 0
    });
  }
  return void 0;
}

// src/main/harness/stream-round-with-retries.ts
init_fallback_messages();
init_provider_registry();

// src/main/harness/cancellable-sleep.ts
function cancellableSleep(ms, signal) {
  return new Promise((resolve6) => {
    if (signal.aborted) return resolve6(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve6(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve6(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

// src/main/harness/estimate-usage.ts
function estimateUsage(requestBody, outputText) {
  const input = JSON.stringify(requestBody ?? "").length;
  return {
    inputTokens: Math.ceil(input / 4),
    outputTokens: Math.ceil(outputText.length / 4),
    reasoningTokens: void 0,
    cachedInputTokens: void 0
  };
}
function isReportedUsage(usage) {
  return usage.inputTokens !== void 0 && usage.outputTokens !== void 0;
}
var NOT_BILLED = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  reasoningTokens: void 0,
  cachedInputTokens: void 0
});
function neverGenerated(outcome) {
  const error = outcome.result.error;
  if (!error || outcome.aborted || outcome.outputForwarded) return false;
  if (outcome.result.usage.inputTokens !== void 0 || outcome.result.usage.outputTokens !== void 0) return false;
  return outcome.status === void 0 ? error.kind === "unreachable" : outcome.status >= 400;
}
function completeEstimate(partial, estimate) {
  return {
    inputTokens: partial?.inputTokens ?? estimate.inputTokens,
    outputTokens: partial?.outputTokens ?? estimate.outputTokens,
    reasoningTokens: partial?.reasoningTokens,
    cachedInputTokens: partial?.cachedInputTokens
  };
}

// src/main/harness/stream-round-with-retries.ts
var MAX_TOOL_CALLS_PER_ROUND = 64;
async function streamRoundWithRetries(context, round) {
  const { emit, recorder, progress, signal } = context;
  for (let attempt = 1; ; attempt++) {
    emit({ type: "round-start", round, attempt });
    const request = buildProviderRequest(context.provider, {
      connection: context.connection,
      system: context.system,
      history: progress.history,
      currentQuestion: context.questionIndex,
      tools: context.toolDefinitions,
      maxOutputTokens: context.maxOutputTokens,
      temperature: context.temperature
    });
    let needsBreak = round > 1 && progress.shownText.length > 0 && !progress.shownText.endsWith("\n\n");
    let outputText = "";
    const shownCallIds = /* @__PURE__ */ new Set();
    let outcome;
    const generationId = recorder.startGeneration({
      round,
      attempt,
      provider: context.provider,
      profile: context.profile?.id ?? context.provider,
      model: context.connection.model,
      startedAt: context.now()
    });
    try {
      outcome = await context.streamRound({
        provider: context.provider,
        request,
        fetch: context.fetch,
        signal,
        stallTimeoutMs: context.stallTimeoutMs,
        deadlineAt: context.deadlineAt,
        localIdPrefix: `${context.turn.turnId}_r${round}a${attempt}_`,
        now: context.now,
        onEvent: (event) => {
          switch (event.type) {
            case "text-delta": {
              endReasoning(context);
              let delta = event.delta;
              if (needsBreak) {
                delta = (progress.shownText.endsWith("\n") ? "\n" : "\n\n") + delta;
                needsBreak = false;
              }
              progress.shownText += delta;
              outputText += event.delta;
              emit({ type: "stream", round, event: { type: "text-delta", delta } });
              recorder.appendText(delta);
              return;
            }
            case "reasoning-delta":
              progress.reasoningSince ??= context.now();
              outputText += event.delta;
              emit({ type: "stream", round, event });
              recorder.appendReasoning(event.delta);
              return;
            case "tool-call-start":
              endReasoning(context);
              outputText += event.name;
              if (shownCallIds.size >= MAX_TOOL_CALLS_PER_ROUND) return;
              shownCallIds.add(event.callId);
              emit({ type: "stream", round, event });
              setCallState(context, event, "preparing");
              return;
            case "tool-call-delta":
              outputText += event.delta;
              if (shownCallIds.has(event.callId)) emit({ type: "stream", round, event });
              return;
            case "tool-call-end":
              if (shownCallIds.has(event.callId)) emit({ type: "stream", round, event });
              return;
            default:
              emit({ type: "stream", round, event });
          }
        }
      });
    } finally {
      endReasoning(context);
      const rejected = outcome !== void 0 && neverGenerated(outcome);
      const reported = rejected || outcome !== void 0 && isReportedUsage(outcome.result.usage);
      const usage = rejected ? NOT_BILLED : reported && outcome ? outcome.result.usage : completeEstimate(outcome?.result.usage, estimateUsage(request.body, outputText));
      recorder.finishGeneration(generationId, {
        endedAt: context.now(),
        aborted: outcome?.aborted ?? signal.aborted,
        result: outcome?.result,
        usage,
        estimated: !reported,
        status: outcome?.status,
        requestId: outcome?.requestId
      });
      emit({ type: "usage", round, attempt, usage, estimated: !reported });
    }
    const error = outcome.result.error;
    if (!error || outcome.aborted) return { outcome, shownCallIds };
    emit({
      type: "diagnostics",
      round,
      attempt,
      kind: error.kind,
      status: error.status ?? outcome.status,
      requestId: error.requestId ?? outcome.requestId,
      providerMessage: error.message
    });
    const delay2 = nextRetryDelayMs({
      error,
      attempt,
      outputForwarded: outcome.outputForwarded,
      aborted: signal.aborted,
      policy: context.retryPolicy,
      random: context.random
    });
    if (delay2 === void 0) return { outcome, shownCallIds };
    for (const call of outcome.result.toolCalls)
      if (shownCallIds.has(call.callId)) setCallState(context, call, "not-run");
    emit({
      type: "retry-scheduled",
      attempt: attempt + 1,
      delayMs: delay2,
      reason: error.kind,
      message: fallbackMessage(context.locale, "retrying", { seconds: Math.ceil(delay2 / 1e3) })
    });
    if (!await cancellableSleep(delay2, signal)) return void 0;
  }
}

// src/main/harness/run-turn.ts
init_turn_storage_error();

// src/main/harness/stop-cause.ts
var WindowGoneStop = class extends Error {
  name = "WindowGoneStop";
  constructor(message = "no window is left to show the answer") {
    super(message);
  }
};
function stopReasonOf(signal) {
  return signal.reason instanceof WindowGoneStop ? "window-closed" : "user-stop";
}

// src/main/harness/left-out-tools-notice.ts
function leftOutToolsNotices(leftOut, provider) {
  const notices = [];
  const overLimit = leftOut.filter((tool) => tool.reason.kind === "over-limit");
  const first = overLimit[0];
  if (first && first.reason.kind === "over-limit") {
    notices.push({
      id: "tools-over-limit",
      values: { actions: overLimit.map((tool) => tool.name), count: overLimit.length, max: first.reason.max, provider }
    });
  }
  const refused = leftOut.filter((tool) => tool.reason.kind !== "over-limit");
  if (refused.length > 0)
    notices.push({ id: "tools-not-accepted", values: { actions: refused.map((tool) => tool.name), provider } });
  return notices;
}

// src/main/harness/run-turn.ts
init_provider_registry();
var DEFAULT_MAX_ROUNDS = SETTING_DEFINITIONS.maxToolRounds.defaultValue;
async function runTurn(options) {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const begun = options.recorder.begin({
    conversationId: options.conversationId,
    userText: options.userText,
    action: options.action,
    attachments: options.userAttachments
  });
  const context = createTurnContext(options, begun, startedAt);
  context.emit({
    type: "run-start",
    runId: options.runId ?? `run_${begun.turnId}`,
    conversationId: begun.conversationId,
    turnId: begun.turnId,
    messageId: begun.messageId,
    provider: options.provider,
    model: options.connection.model
  });
  const providerName = providerDisplayName({
    providerId: options.profile?.id ?? options.provider,
    baseUrl: options.connection.baseUrl,
    name: options.profile?.name
  }) ?? providerDefinition(options.provider).label;
  for (const notice of leftOutToolsNotices(context.leftOutTools, providerName)) showNotice(context, notice);
  let ending;
  let storageError2;
  try {
    ending = await loop(context, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  } catch (error) {
    if (!(error instanceof TurnStorageError)) {
      ending = {
        kind: "end",
        status: context.progress.shownText.length > 0 ? "interrupted" : "failed",
        interruptReason: context.progress.shownText.length > 0 ? "provider-error" : void 0,
        notice: { id: "no-answer" },
        error: { kind: "internal", message: error instanceof Error ? error.message : String(error) },
        unrunCalls: void 0
      };
    } else {
      storageError2 = error.storage;
      ending = storageEnding(error);
    }
  }
  if (ending.interruptReason === "user-stop") ending = { ...ending, interruptReason: stopReasonOf(options.signal) };
  if (ending.notice) showNotice(context, ending.notice);
  try {
    const { notices, reasoningMs } = context.progress;
    options.recorder.finish({
      status: ending.status,
      interruptReason: ending.interruptReason,
      error: ending.error,
      notices,
      reasoningMs: reasoningMs > 0 ? Math.round(reasoningMs) : void 0
    });
  } catch (error) {
    if (!(error instanceof TurnStorageError)) throw error;
    if (!storageError2) showNotice(context, storageEnding(error).notice);
    storageError2 ??= error.storage;
  }
  const status = ending.status === "complete" ? "completed" : ending.status;
  context.emit({
    type: "run-end",
    status,
    conversationId: begun.conversationId,
    messageId: begun.messageId,
    ...ending.interruptReason ? { interruptReason: ending.interruptReason } : {}
  });
  return {
    status,
    conversationId: begun.conversationId,
    messageId: begun.messageId,
    turnId: begun.turnId,
    interruptReason: ending.interruptReason,
    storageError: storageError2
  };
}
async function loop(context, maxRounds) {
  const { progress, recorder, signal } = context;
  for (let round = 1; ; round++) {
    const limited = judgeRoundLimit(round, maxRounds);
    if (limited) return limited;
    const streamed = await streamRoundWithRetries(context, round);
    if (!streamed)
      return {
        kind: "end",
        status: "interrupted",
        interruptReason: "user-stop",
        notice: void 0,
        error: void 0,
        unrunCalls: void 0
      };
    const { outcome, shownCallIds } = streamed;
    const result = outcome.result;
    const verdict = judgeRound({
      result,
      stopped: outcome.aborted || signal.aborted,
      outputForwarded: outcome.outputForwarded,
      textShown: progress.shownText.length > 0,
      previousRoundHadToolFailure: progress.previousRoundHadToolFailure,
      maxCallsPerRound: MAX_TOOL_CALLS_PER_ROUND,
      turnTimeoutMs: context.turnTimeoutMs,
      about: {
        providerId: context.profile?.id ?? context.provider,
        name: context.profile?.name,
        baseUrl: context.connection.baseUrl,
        model: context.connection.model,
        apiKeySet: context.connection.apiKey.length > 0
      },
      imagesSent: progress.history.some((message) => message.role === "user" && hasImages(message))
    });
    const roundMessage = assistantRound(context, result);
    if (verdict.kind === "end") {
      const state = verdict.unrunCalls;
      if (state && result.toolCalls.length <= MAX_TOOL_CALLS_PER_ROUND) {
        recorder.recordToolRound(roundMessage);
      } else if (verdict.status === "complete" && result.replay.length > 0) {
        recorder.recordReplay(context.provider, result.replay);
      }
      if (state) {
        for (const call of result.toolCalls)
          if (shownCallIds.has(call.callId))
            setCallState(context, call, state, state === "not-run" ? { argumentsText: call.argumentsText } : {});
      }
      return verdict;
    }
    recorder.recordToolRound(roundMessage);
    progress.history.push(roundMessage);
    const executed = await executeToolCalls(context, result.toolCalls);
    progress.history.push({ role: "tool-results", results: executed.results });
    progress.previousRoundHadToolFailure = executed.hadFailure;
    const after = judgeAfterCalls({ stopped: signal.aborted, invalidTwice: executed.invalidTwice });
    if (after) return after;
  }
}
function assistantRound(context, result) {
  return {
    role: "assistant",
    provider: context.provider,
    text: result.text,
    toolCalls: result.toolCalls.map((call) => ({
      callId: call.callId,
      callIdIsLocal: call.callIdIsLocal,
      name: call.name,
      argumentsText: call.argumentsText,
      arguments: call.arguments
    })),
    replay: result.replay
  };
}
function storageEnding(error) {
  const full = error.storage.kind === "full";
  return {
    kind: "end",
    status: "failed",
    interruptReason: void 0,
    notice: { id: full ? "storage-full" : "storage-failed" },
    error: { kind: full ? "storage-full" : "storage", message: error.storage.message },
    unrunCalls: void 0
  };
}

// src/cli/chat-command.ts
init_provider_config();

// src/main/tools/tool-registry.ts
init_json_depth();

// src/shared/tool-outcome.ts
function kindOfEffect(effect) {
  return effect === "none" ? "read" : "write";
}

// src/main/tools/tool-registry.ts
init_clock();
init_sqlite_error();

// src/main/ledger/apply-once.ts
init_sqlite_error();
var EffectFailed = class extends Error {
  constructor(failure) {
    super(failure.message);
    this.failure = failure;
  }
  failure;
  name = "EffectFailed";
};
function isStorageTrouble(error) {
  if (!isSqliteError(error)) return false;
  const kind = toStorageError(error).kind;
  return kind !== "constraint" && kind !== "unknown";
}
function applyOnce(db, ledger, request, effect) {
  try {
    return db.transaction(() => {
      if (!ledger.turnBelongsTo(request.turnId, request.conversationId)) return { kind: "unknown-turn" };
      const existing = ledger.findByKey(request.idempotencyKey);
      if (existing) return { kind: "repeated", entry: rememberCall(ledger, existing, request) };
      const entryId = ledger.insertClaim({ ...request });
      ledger.addCall(entryId, request.callId, request.now);
      let result;
      try {
        result = db.transaction(() => {
          const outcome = effect(entryId);
          if (!outcome.ok) throw new EffectFailed(outcome.failure);
          return outcome;
        })();
      } catch (error) {
        if (!db.inTransaction || isStorageTrouble(error)) throw error;
        result = { ok: false, failure: error instanceof EffectFailed ? error.failure : internalFailure(error) };
      }
      if (result.ok) ledger.markSucceeded(entryId, JSON.stringify(result.output), request.now);
      else ledger.markFailed(entryId, result.failure, request.now);
      return { kind: "applied", entry: mustFind(ledger, entryId) };
    }).immediate();
  } catch (error) {
    return { kind: "storage-error", error: toStorageError(error) };
  }
}
function claimOnce(db, ledger, request) {
  try {
    return db.transaction(() => {
      if (!ledger.turnBelongsTo(request.turnId, request.conversationId)) return { kind: "unknown-turn" };
      const existing = ledger.findByKey(request.idempotencyKey);
      if (existing) return { kind: "repeated", entry: rememberCall(ledger, existing, request) };
      const entryId = ledger.insertClaim({ ...request });
      ledger.addCall(entryId, request.callId, request.now);
      return { kind: "claimed", entry: mustFind(ledger, entryId) };
    }).immediate();
  } catch (error) {
    return { kind: "storage-error", error: toStorageError(error) };
  }
}
function recordExternalResult(db, ledger, entryId, result, now) {
  try {
    const entry = db.transaction(() => {
      if (result.ok) ledger.markSucceeded(entryId, JSON.stringify(result.output), now);
      else ledger.markFailed(entryId, result.failure, now);
      return mustFind(ledger, entryId);
    }).immediate();
    return { ok: true, entry };
  } catch (error) {
    return { ok: false, error: toStorageError(error) };
  }
}
function rememberCall(ledger, entry, request) {
  ledger.addCall(entry.id, request.callId, request.now);
  return entry.callIds.includes(request.callId) ? entry : { ...entry, callIds: [...entry.callIds, request.callId] };
}
function mustFind(ledger, id2) {
  const entry = ledger.findById(id2);
  if (!entry) throw new Error(`ledger entry ${id2} vanished inside its own transaction`);
  return entry;
}
function internalFailure(error) {
  const detail = error instanceof Error ? error.message : String(error);
  return {
    kind: "internal",
    message: `The tool failed unexpectedly (${detail}). Nothing was changed.`,
    retryable: false
  };
}

// src/main/tools/tool-registry.ts
init_canonical_json();

// src/main/ledger/idempotency-key.ts
init_canonical_json();
import { createHash } from "node:crypto";
var KEY_FORMAT_VERSION = 1;
function computeIdempotencyKey(input) {
  const material = canonicalJson({
    v: KEY_FORMAT_VERSION,
    conversationId: input.conversationId,
    turnId: input.turnId,
    tool: input.toolName,
    arguments: input.canonicalArguments,
    ...input.source !== void 0 ? { source: input.source } : {}
  });
  return createHash("sha256").update(material, "utf8").digest("hex");
}

// src/main/tools/tool-registry.ts
init_argument_issues();

// src/main/tools/builtin/keel-tool-source.ts
init_tool();

// src/main/tools/zod-tool-schema.ts
init_argument_issues();
import { z as z6 } from "zod";
function zodToolSchema(name, schema) {
  const jsonSchema = z6.toJSONSchema(schema, { io: "input" });
  if (jsonSchema.type !== "object" || jsonSchema.additionalProperties !== false) {
    throw new Error(`tool '${name}' must take a strict object (unknown keys rejected)`);
  }
  const allowedKeys = Object.keys(jsonSchema.properties ?? {});
  return {
    jsonSchema,
    validate(args) {
      const parsed = schema.safeParse(args, { reportInput: true });
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: toArgumentIssues(parsed.error, allowedKeys) };
    }
  };
}

// src/main/tools/builtin/delete-measurement.ts
import { z as z8 } from "zod";

// src/main/tools/define-tool.ts
function defineTool(tool) {
  return tool;
}

// src/main/tools/builtin/measurement-schemas.ts
init_measurement();
import { z as z7 } from "zod";
var UNITS_BY_KIND_TEXT = MEASUREMENT_KINDS.map(
  (kind) => `${kind}: ${MEASUREMENT_KIND_INFO[kind].units.join(" | ")}`
).join("; ");
var measurementKindSchema = z7.enum(MEASUREMENT_KINDS, {
  error: (issue) => issue.input === void 0 ? void 0 : `unknown measurement kind ${JSON.stringify(issue.input)}; use one of: ${MEASUREMENT_KINDS.join(", ")}`
}).describe(`The kind of measurement: ${MEASUREMENT_KINDS.join(", ")}.`);
function measurementView(measurement) {
  return {
    id: measurement.id,
    kind: measurement.kind,
    value: measurement.value,
    unit: measurement.unit,
    // Rounded for reading only (0.01 kg / cm / % / bpm); the stored canonical value is exact.
    canonicalValue: Math.round(measurement.canonicalValue * 100) / 100,
    canonicalUnit: measurement.canonicalUnit,
    // A stored time that is not a real date (written before dates were checked) reads as null, never an error.
    takenAt: takenAtText(measurement),
    recordedAt: isoStringOrNull(measurement.recordedAt)
  };
}
function kindLabel(kind) {
  return MEASUREMENT_KIND_INFO[kind].label;
}

// src/main/tools/builtin/delete-measurement.ts
var deleteMeasurementSchema = z8.strictObject({
  id: z8.number().int().positive().describe("The id of the measurement, as returned by list_measurements or get_measurement.")
});
function createDeleteMeasurementTool(deps) {
  return defineTool({
    name: "delete_measurement",
    title: "Delete measurement",
    titles: { "pt-BR": "Apagar medida", es: "Borrar medida" },
    effect: "local",
    description: "Delete one recorded measurement by its id. Find the id with list_measurements or get_measurement first; never guess an id.",
    inputSchema: deleteMeasurementSchema,
    preview(input) {
      const row = deps.measurements.get(input.id);
      return row ? { status: "found", value: measurementView(row) } : { status: "missing" };
    },
    handler(input, context) {
      const deleted = deps.measurements.softDelete(input.id, { deletedByLedgerId: context.ledgerEntryId });
      if (!deleted) {
        return {
          ok: false,
          failure: {
            kind: "not-found",
            message: `There is no measurement with id ${input.id} (it may have been deleted already). Use list_measurements to find the right id.`,
            retryable: false
          }
        };
      }
      return { ok: true, output: { deleted: measurementView(deleted) } };
    }
  });
}

// src/main/tools/builtin/get-measurement.ts
import { z as z9 } from "zod";
var getMeasurementSchema = z9.strictObject({ kind: measurementKindSchema });
function createGetMeasurementTool(deps) {
  return defineTool({
    name: "get_measurement",
    title: "Read measurement",
    titles: { "pt-BR": "Ler medida", es: "Leer medida" },
    effect: "none",
    description: "Get the user's most recent measurement of one kind (the latest by date taken). Returns null when none is recorded.",
    inputSchema: getMeasurementSchema,
    handler(input) {
      const latest = deps.measurements.latest(input.kind);
      const output = latest ? { kind: input.kind, latest: measurementView(latest) } : { kind: input.kind, latest: null, note: `No ${kindLabel(input.kind)} has been recorded yet.` };
      return { ok: true, output };
    }
  });
}

// src/main/tools/builtin/list-measurements.ts
import { z as z11 } from "zod";

// src/main/tools/builtin/measurement-dates.ts
init_measurement();
init_time_zone();
import { z as z10 } from "zod";
var DAY_MS3 = 864e5;
var DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
var dateTimeWithOffset = z10.iso.datetime({ offset: true });
var localDateTime = z10.iso.datetime({ local: true });
function parseDateArgument(text3, argumentName) {
  const trimmed = text3.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const epochMs = Date.UTC(Number(y), Number(m) - 1, Number(d));
    if (new Date(epochMs).toISOString().slice(0, 10) !== trimmed) {
      return { ok: false, message: `${argumentName} '${text3}' is not a real calendar date` };
    }
    return {
      ok: true,
      date: {
        precision: "day",
        day: { year: Number(y), month: Number(m), day: Number(d) },
        epochMs,
        normalized: trimmed
      }
    };
  }
  if (dateTimeWithOffset.safeParse(trimmed).success) {
    const epochMs = Date.parse(trimmed);
    if (Number.isNaN(epochMs)) return { ok: false, message: `${argumentName} '${text3}' is not a real date-time` };
    return { ok: true, date: { epochMs, precision: "instant", normalized: new Date(epochMs).toISOString() } };
  }
  if (localDateTime.safeParse(trimmed).success) {
    return {
      ok: false,
      message: `${argumentName} '${text3}' has no time zone; add one (e.g. '${trimmed}Z' or '${trimmed}-03:00') or give only the date (YYYY-MM-DD)`
    };
  }
  return {
    ok: false,
    message: `${argumentName} '${text3}' is not a date; use YYYY-MM-DD or an ISO 8601 date-time with a time zone (2024-05-01T07:30:00Z)`
  };
}
function checkMeasurementDate(epochMs, argumentName, text3, now) {
  switch (measurementTimeProblem(epochMs, now)) {
    case "not-a-time":
      return `${argumentName} '${text3}' is not a real date`;
    case "too-early":
      return `${argumentName} '${text3}' is before 1900`;
    case "in-the-future":
      return `${argumentName} '${text3}' is in the future (now is ${new Date(now).toISOString()}); measurements can only be recorded for today or earlier`;
    default:
      return void 0;
  }
}
function resolveTakenAt(date, timeZone) {
  const takenAt = date.precision === "day" ? localMidnight(date.day, timeZone) : date.epochMs;
  return { takenAt, offsetMin: utcOffsetMinutes(takenAt, timeZone) };
}
function startOfRange(date, timeZone) {
  if (date.precision === "day") return { instant: localMidnight(date.day, timeZone), wallClock: date.epochMs };
  return { instant: date.epochMs, wallClock: date.epochMs + utcOffsetMs(date.epochMs, timeZone) };
}
function endOfRange(date, timeZone) {
  if (date.precision === "day")
    return { instant: localMidnight(nextDay(date.day), timeZone) - 1, wallClock: date.epochMs + DAY_MS3 - 1 };
  return { instant: date.epochMs, wallClock: date.epochMs + utcOffsetMs(date.epochMs, timeZone) };
}

// src/main/tools/builtin/list-measurements.ts
var DEFAULT_LIST_LIMIT = 20;
var MAX_LIST_LIMIT = 200;
var dateText = (which) => z11.string().optional().describe(
  `${which} of the range, inclusive: a calendar date (2024-05-01, the user's local day) or an ISO 8601 date-time with time zone.`
);
var listMeasurementsSchema = z11.strictObject({
  kind: measurementKindSchema.optional().describe("Only this kind; omit for all kinds."),
  from: dateText("Start"),
  to: dateText("End"),
  limit: z11.number().int().min(1).max(MAX_LIST_LIMIT).optional().describe(`How many to return, newest first (default ${DEFAULT_LIST_LIMIT}, at most ${MAX_LIST_LIMIT}).`)
}).transform((raw, context) => {
  let from;
  let to;
  if (raw.from !== void 0) {
    const parsed = parseDateArgument(raw.from, "from");
    if (!parsed.ok) context.addIssue({ code: "custom", path: ["from"], message: parsed.message });
    else from = parsed.date;
  }
  if (raw.to !== void 0) {
    const parsed = parseDateArgument(raw.to, "to");
    if (!parsed.ok) context.addIssue({ code: "custom", path: ["to"], message: parsed.message });
    else to = parsed.date;
  }
  if (from !== void 0 && to !== void 0 && from.precision === to.precision && from.epochMs > to.epochMs) {
    context.addIssue({ code: "custom", path: ["from"], message: `from '${raw.from}' is after to '${raw.to}'` });
  }
  return { kind: raw.kind, from, to, limit: raw.limit ?? DEFAULT_LIST_LIMIT };
});
function createListMeasurementsTool(deps) {
  return defineTool({
    name: "list_measurements",
    title: "List measurements",
    titles: { "pt-BR": "Listar medidas", es: "Listar medidas" },
    effect: "none",
    description: "List the user's recorded measurements, newest first, optionally of one kind and within a date range. Use it to find ids before deleting and to answer questions about trends.",
    inputSchema: listMeasurementsSchema,
    handler(input, context) {
      const from = input.from && startOfRange(input.from, context.timeZone);
      const to = input.to && endOfRange(input.to, context.timeZone);
      const rows = deps.measurements.list({
        kind: input.kind,
        from: from?.instant,
        to: to?.instant,
        days: { from: from?.wallClock, to: to?.wallClock },
        limit: input.limit + 1
      });
      const page = rows.slice(0, input.limit);
      return {
        ok: true,
        output: { measurements: page.map(measurementView), count: page.length, hasMore: rows.length > input.limit }
      };
    }
  });
}

// src/main/tools/builtin/record-measurement.ts
init_time_zone();
init_measurement();
import { z as z12 } from "zod";
function recordMeasurementSchema(clock) {
  return z12.strictObject({
    kind: measurementKindSchema,
    value: z12.number().describe('The value exactly as the user gave it, in `unit` (e.g. 154 for "154 lb").'),
    unit: z12.string().describe(`The unit the user gave. Allowed per kind: ${UNITS_BY_KIND_TEXT}. Never convert the value yourself.`),
    date: z12.string().optional().describe(
      "When it was measured: a calendar date (2024-05-01), which is the user's local day, or an ISO 8601 date-time with time zone (2024-05-01T07:30:00-03:00). Work out relative dates (yesterday, last Monday) from today's date in the user's time zone. Omit when the user means now."
    )
  }).transform((raw, context) => {
    const info = MEASUREMENT_KIND_INFO[raw.kind];
    const unit = normalizeUnit(raw.unit);
    const problem = unit === void 0 ? "unit-not-for-kind" : measurementValueProblem(raw.kind, raw.value, unit);
    if (unit === void 0 || problem === "unit-not-for-kind") {
      context.addIssue({
        code: "custom",
        path: ["unit"],
        message: `unit '${raw.unit}' is not valid for ${info.label}; use ${info.units.join(" or ")}`,
        params: { reason: { kind: "allowed-values", values: [...info.units], subject: raw.kind } }
      });
      return z12.NEVER;
    }
    if (problem === "value-out-of-range") {
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: `${kindLabel(raw.kind)} ${raw.value} ${unit} is outside the plausible range ${describePlausibleRange(raw.kind, unit)}; check the value and the unit with the user`,
        // The range in the user's unit (rounded as the model's text rounds it).
        params: {
          reason: {
            kind: "range",
            minimum: roundForText(fromCanonicalValue(info.min, unit)),
            maximum: roundForText(fromCanonicalValue(info.max, unit)),
            unit,
            subject: raw.kind
          }
        }
      });
      return z12.NEVER;
    }
    let date;
    if (raw.date !== void 0) {
      const parsed = parseDateArgument(raw.date, "date");
      const problem2 = parsed.ok ? checkMeasurementDate(parsed.date.epochMs, "date", raw.date, clock()) : parsed.message;
      if (problem2 !== void 0 || !parsed.ok) {
        context.addIssue({ code: "custom", path: ["date"], message: problem2 ?? "date is invalid" });
        return z12.NEVER;
      }
      date = parsed.date.normalized;
    }
    return { kind: raw.kind, value: raw.value, unit, date };
  });
}
function roundForText(value) {
  return Math.round(value * 10) / 10;
}
function createRecordMeasurementTool(deps) {
  return defineTool({
    name: "record_measurement",
    title: "Record measurement",
    titles: { "pt-BR": "Registrar medida", es: "Registrar medida" },
    effect: "local",
    description: "Record one body measurement of the user (height, weight, body fat, waist, resting heart rate). Pass the value and unit exactly as the user said them; Keel converts. Omit the date when the user means now; ask the user when the date is unclear. Recording the same measurement twice in one turn has no further effect.",
    inputSchema: recordMeasurementSchema(deps.clock),
    handler(input, context) {
      const recorded = recordMeasurement(deps.measurements, input, {
        now: context.now,
        timeZone: context.timeZone,
        ledgerEntryId: context.ledgerEntryId
      });
      return recorded.ok ? { ok: true, output: { recorded: measurementView(recorded.measurement) } } : { ok: false, failure: { kind: "rejected", message: recorded.message, retryable: false } };
    }
  });
}
function recordMeasurement(measurements, input, at) {
  const parsedDate = input.date === void 0 ? void 0 : parseDateArgument(input.date, "date");
  const date = parsedDate?.ok ? parsedDate.date : void 0;
  const resolved = date ? resolveTakenAt(date, at.timeZone) : { takenAt: at.now, offsetMin: utcOffsetMinutes(at.now, at.timeZone) };
  const problem = checkMeasurementDate(resolved.takenAt, "date", input.date ?? "now", at.now);
  if (problem !== void 0)
    return {
      ok: false,
      problem: "date",
      message: `${problem} (in the user's time zone, ${at.timeZone}). Nothing was recorded.`
    };
  const measurement = measurements.insert({
    kind: input.kind,
    canonicalValue: toCanonicalValue(input.value, input.unit),
    value: input.value,
    unit: input.unit,
    takenAt: resolved.takenAt,
    takenAtPrecision: date?.precision ?? "instant",
    takenAtOffsetMin: resolved.offsetMin,
    createdByLedgerId: at.ledgerEntryId
  });
  return { ok: true, measurement };
}

// src/main/tools/builtin/measurement-tools.ts
function createMeasurementTools(deps) {
  return [
    createGetMeasurementTool(deps),
    createListMeasurementsTool(deps),
    createRecordMeasurementTool(deps),
    createDeleteMeasurementTool(deps)
  ];
}

// src/main/tools/builtin/keel-tool-source.ts
function builtinTool(definition) {
  const base = {
    name: definition.name,
    title: definition.title,
    ...definition.titles ? { titles: definition.titles } : {},
    description: definition.description,
    schema: zodToolSchema(definition.name, definition.inputSchema),
    source: BUILTIN_SOURCE
  };
  if (definition.effect === "local") {
    const preview = definition.preview;
    return {
      ...base,
      effect: "local",
      runLocal: (input, context) => definition.handler(input, context),
      ...preview ? { preview: (input) => preview(input) } : {}
    };
  }
  return { ...base, effect: "none", call: (input, context) => definition.handler(input, context) };
}
function createKeelToolSource(deps) {
  const tools = createMeasurementTools(deps).map(builtinTool);
  return { id: BUILTIN_SOURCE, list: () => tools };
}

// src/main/tools/tool-registry.ts
init_tool();
var PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
var DEFAULT_TOOL_CALL_TIMEOUT_MS = 6e4;
function createKeelToolRegistry(store, options = {}) {
  return createToolRegistry({
    db: store.db,
    ledger: store.ledger,
    clock: store.clock,
    sources: [
      createKeelToolSource({ measurements: store.measurements, clock: store.clock }),
      ...options.sources ?? []
    ],
    ...options.callTimeoutMs !== void 0 ? { callTimeoutMs: options.callTimeoutMs } : {}
  });
}
function createToolRegistry(deps) {
  const current = () => toolSet(deps, collect(deps.sources));
  const listeners = /* @__PURE__ */ new Set();
  const unsubscribe = deps.sources.map(
    (source) => source.onChanged?.(() => listeners.forEach((listener) => listener()))
  );
  return {
    list: () => current().list(),
    prepareToolCall: (request) => current().prepareToolCall(request),
    executeToolCall: (request, options) => current().executeToolCall(request, options),
    snapshot: current,
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      for (const stop of unsubscribe) stop?.();
      await Promise.allSettled(deps.sources.map((source) => source.close?.()));
    }
  };
}
function collect(sources) {
  const tools = /* @__PURE__ */ new Map();
  for (const source of sources) {
    for (const tool of source.list()) {
      if (!PROVIDER_TOOL_NAME.test(tool.name)) continue;
      if (tools.has(tool.name)) {
        if (source.id === BUILTIN_SOURCE) throw new Error(`tool '${tool.name}' is declared twice`);
        continue;
      }
      tools.set(tool.name, tool);
    }
  }
  return tools;
}
function descriptorOf(tool) {
  return {
    name: tool.name,
    title: tool.title,
    ...tool.titles ? { titles: tool.titles } : {},
    description: tool.description,
    effect: tool.effect,
    source: tool.source,
    inputJsonSchema: tool.schema.jsonSchema,
    grantKey: tool.grantKey ?? tool.name,
    ...tool.provider ? { provider: tool.provider } : {},
    ...tool.hints ? { hints: tool.hints } : {}
  };
}
function previewOf(preview, input) {
  try {
    return preview(input);
  } catch {
    return void 0;
  }
}
function toolSet(deps, tools) {
  const descriptors = new Map([...tools].map(([name, tool]) => [name, descriptorOf(tool)]));
  function prepareToolCall(request) {
    const base = { callId: request.callId, toolName: request.toolName };
    const tool = tools.get(request.toolName);
    if (!tool) {
      const availableTools = [...tools.keys()];
      return {
        ...base,
        status: "unknown-tool",
        availableTools,
        message: `There is no tool named '${request.toolName}'. Available tools: ${availableTools.join(", ")}.`
      };
    }
    const args = request.arguments;
    const tooDeep = valueExceedsDepth(args) || args === void 0 && request.argumentsText !== void 0 && (request.argumentsText === TOO_DEEP_ARGUMENTS_TEXT || jsonTextExceedsDepth(request.argumentsText));
    if (tooDeep) {
      return invalid(base, request.toolName, [
        {
          path: "",
          message: `the arguments are nested too deeply (more than ${MAX_ARGUMENT_DEPTH} levels); send a flat object`
        }
      ]);
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return invalid(base, request.toolName, [
        {
          path: "",
          message: "the arguments were not one complete JSON object (they may have been cut off or malformed)"
        }
      ]);
    }
    const validated = tool.schema.validate(args);
    if (!validated.ok) return invalid(base, request.toolName, validated.issues);
    let idempotencyKey;
    let alreadyRecorded;
    if (tool.effect !== "none") {
      idempotencyKey = computeIdempotencyKey({
        conversationId: request.conversationId,
        turnId: request.turnId,
        toolName: request.toolName,
        canonicalArguments: validated.value,
        // The built-ins' keys stay byte-identical to those of earlier versions (existing ledgers keep working).
        source: tool.source === BUILTIN_SOURCE ? void 0 : tool.source
      });
      try {
        alreadyRecorded = deps.ledger.findByKey(idempotencyKey);
      } catch {
        alreadyRecorded = void 0;
      }
    }
    const preview = tool.effect !== "none" && tool.preview && !alreadyRecorded ? previewOf(tool.preview, validated.value) : void 0;
    return {
      status: "ready",
      request,
      tool: descriptors.get(tool.name),
      input: validated.value,
      idempotencyKey,
      alreadyRecorded,
      ...preview ? { preview } : {}
    };
  }
  async function executeToolCall(request, options = {}) {
    const tool = tools.get(request.toolName);
    let prepared;
    try {
      prepared = prepareToolCall(request);
    } catch (error) {
      return failedNow(request, tool ? kindOfEffect(tool.effect) : "read", void 0, thrownFailure(error));
    }
    if (prepared.status !== "ready" || !tool) return prepared;
    const now = deps.clock();
    const context = {
      conversationId: request.conversationId,
      turnId: request.turnId,
      callId: request.callId,
      now,
      timeZone: request.timeZone ?? "UTC"
    };
    if (tool.effect === "none") {
      return runRead(
        request,
        () => tool.call(prepared.input, {
          ...context,
          signal: options.signal ?? new AbortController().signal,
          timeoutMs: tool.maxTimeoutMs ?? deps.callTimeoutMs ?? DEFAULT_TOOL_CALL_TIMEOUT_MS,
          onProgress: options.onProgress,
          elicit: options.elicit
        })
      );
    }
    const key = prepared.idempotencyKey;
    if (key === void 0) throw new Error("unreachable: an effect without an idempotency key");
    const ledgerRequest = {
      idempotencyKey: key,
      conversationId: request.conversationId,
      turnId: request.turnId,
      toolName: request.toolName,
      argumentsJson: canonicalJson(prepared.input),
      callId: request.callId,
      now
    };
    if (tool.effect === "local") {
      const result = applyOnce(
        deps.db,
        deps.ledger,
        ledgerRequest,
        (ledgerEntryId) => tool.runLocal(prepared.input, { ...context, ledgerEntryId })
      );
      return writeOutcome(request, key, result);
    }
    const claim = claimOnce(deps.db, deps.ledger, ledgerRequest);
    if (claim.kind !== "claimed") return writeOutcome(request, key, claim);
    const ran = await runExternal(tool, prepared.input, {
      ...context,
      signal: options.signal,
      timeoutMs: tool.maxTimeoutMs ?? deps.callTimeoutMs ?? DEFAULT_TOOL_CALL_TIMEOUT_MS,
      onProgress: options.onProgress,
      elicit: options.elicit
    });
    if (ran.kind === "unknown") return unknownOutcome(request, key, claim.entry, ran.reason);
    if (!ran.result.ok && ran.result.notRun && deps.ledger.releaseClaim(claim.entry.id)) {
      return {
        callId: request.callId,
        toolName: request.toolName,
        status: "failed",
        kind: "write",
        error: ran.result.failure,
        repeated: false,
        idempotencyKey: void 0,
        firstRecordedAt: void 0
      };
    }
    const recorded = recordExternalResult(deps.db, deps.ledger, claim.entry.id, ran.result, deps.clock());
    if (!recorded.ok) {
      return unknownOutcome(request, key, claim.entry, "The action ran but its result could not be saved.");
    }
    const outcome = writeOutcome(request, key, { kind: "applied", entry: recorded.entry });
    return ran.result.ok && ran.result.parts && outcome.status === "succeeded" && !outcome.repeated ? { ...outcome, parts: ran.result.parts } : outcome;
  }
  return {
    list: () => [...descriptors.values()],
    prepareToolCall,
    executeToolCall
  };
}
async function runExternal(tool, input, options) {
  if (options.signal?.aborted) return { kind: "unknown", reason: "The turn was stopped as the action started." };
  const controller = new AbortController();
  let why;
  const stop = () => {
    why ??= "stopped";
    controller.abort(options.signal?.reason);
  };
  options.signal?.addEventListener("abort", stop, { once: true });
  let timer;
  const abandoned = new Promise((resolve6) => {
    controller.signal.addEventListener("abort", () => resolve6("abandoned"), { once: true });
    timer = setTimeout(() => {
      why ??= "timeout";
      controller.abort(new Error("timed out"));
    }, options.timeoutMs);
  });
  try {
    const running = Promise.resolve(
      tool.call(input, { ...options, signal: controller.signal, timeoutMs: options.timeoutMs })
    );
    const settled = await Promise.race([running, abandoned]);
    if (settled === "abandoned") {
      running.catch(() => {
      });
      return {
        kind: "unknown",
        reason: why === "timeout" ? `The action took longer than ${Math.round(options.timeoutMs / 1e3)} s; Keel stopped waiting and asked it to cancel, but it may have finished.` : "The user stopped the turn while the action ran; it was asked to cancel, but it may have finished."
      };
    }
    return { kind: "known", result: settled };
  } catch (error) {
    if (error instanceof ToolOutcomeUnknown) return { kind: "unknown", reason: error.reason };
    return {
      kind: "unknown",
      reason: `The connection to the tool was lost while the action ran (${errorText(error)}); it may or may not have happened.`
    };
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}
function invalid(base, toolName, issues) {
  return { ...base, status: "invalid-arguments", issues, message: summarizeIssues(toolName, issues) };
}
async function runRead(request, run) {
  let result = await attemptRead(run);
  if (!result.ok && result.failure.retryable) result = await attemptRead(run);
  if (result.ok) {
    return {
      callId: request.callId,
      toolName: request.toolName,
      status: "succeeded",
      kind: "read",
      output: result.output,
      repeated: false,
      idempotencyKey: void 0,
      ...result.parts ? { parts: result.parts } : {}
    };
  }
  return failedNow(request, "read", void 0, result.failure);
}
async function attemptRead(run) {
  try {
    return await run();
  } catch (error) {
    return { ok: false, failure: thrownFailure(error) };
  }
}
function writeOutcome(request, key, result) {
  const base = { callId: request.callId, toolName: request.toolName };
  switch (result.kind) {
    case "unknown-turn":
      return failedNow(request, "write", key, {
        kind: "unknown-turn",
        message: `Turn ${request.turnId} is not stored in conversation ${request.conversationId}; nothing was done.`,
        retryable: false
      });
    case "storage-error":
      return failedNow(request, "write", key, {
        kind: "storage",
        message: `The data could not be saved (${result.error.message}). Nothing was changed.`,
        retryable: result.error.retryable || result.error.kind === "full"
      });
    case "applied":
    case "repeated": {
      const entry = result.entry;
      const repeated = result.kind === "repeated";
      const firstRecordedAt = toIsoString(entry.createdAt);
      if (entry.state === "unknown") {
        return unknownOutcome(request, key, entry, "This action was started before but its result was never recorded.");
      }
      if (entry.state === "failed") {
        const error = entry.error ?? { kind: "internal", message: "The action failed.", retryable: false };
        return {
          ...base,
          status: "failed",
          kind: "write",
          error,
          repeated,
          idempotencyKey: key,
          firstRecordedAt: repeated ? firstRecordedAt : void 0
        };
      }
      const output = entry.output ?? null;
      if (repeated)
        return {
          ...base,
          status: "succeeded",
          kind: "write",
          output,
          repeated: true,
          firstRecordedAt,
          idempotencyKey: key
        };
      return { ...base, status: "succeeded", kind: "write", output, repeated: false, idempotencyKey: key };
    }
  }
}
function unknownOutcome(request, key, entry, reason) {
  return {
    callId: request.callId,
    toolName: request.toolName,
    status: "unknown",
    idempotencyKey: key,
    firstRecordedAt: toIsoString(entry.createdAt),
    message: `${reason} It was not run again, so it may or may not have taken effect; ask the user to check.`
  };
}
function failedNow(request, kind, key, error) {
  return {
    callId: request.callId,
    toolName: request.toolName,
    status: "failed",
    kind,
    error,
    repeated: false,
    idempotencyKey: key,
    firstRecordedAt: void 0
  };
}
function thrownFailure(error) {
  if (isSqliteError(error)) {
    const storage = toStorageError(error);
    return {
      kind: "storage",
      message: `The data could not be read (${storage.message}).`,
      retryable: storage.retryable
    };
  }
  return { kind: "internal", message: `The tool failed unexpectedly (${errorText(error)}).`, retryable: false };
}
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/cli/chat-command.ts
init_cli_usage_error();
init_open_store();

// src/cli/terminal-approver.ts
import { createInterface } from "node:readline";
function terminalApprover(input, output) {
  return async (request, signal) => {
    if (!input.isTTY) {
      output.write(
        `
[keel] ${request.name} needs approval and there is no terminal to ask: denied (use --yes to allow writes)
`
      );
      return "deny";
    }
    const rl = createInterface({ input, output });
    try {
      const answer = await new Promise((resolve6) => {
        const onAbort = () => resolve6("n");
        signal.addEventListener("abort", onAbort, { once: true });
        const choices = request.allowAlways ? "[y]es / [n]o / [a]lways" : "[y]es / [n]o";
        rl.question(
          `
[keel] Allow ${request.name} with
${JSON.stringify(request.arguments, null, 2)}
${choices}: `,
          (text3) => {
            signal.removeEventListener("abort", onAbort);
            resolve6(text3);
          }
        );
      });
      const normalized = answer.trim().toLowerCase();
      if (normalized === "a" || normalized === "always") return request.allowAlways ? "always" : "approve";
      if (normalized === "y" || normalized === "yes") return "approve";
      return "deny";
    } finally {
      rl.close();
    }
  };
}

// src/cli/chat-command.ts
var CHAT_USAGE = `usage: keel chat [--provider <${IMPLICIT_PROFILE_IDS.join("|")}|custom-N>] [--model M] [--base-url URL]
                 [--db FILE] [--conversation ID] [--lang en|pt-BR|es] [--yes] [--json]
                 [--mcp-config FILE] "message"

Runs one user turn with the real harness, tools and store, streaming the answer to stdout.
  --yes           approve write tools (without it: ask on a terminal, deny otherwise)
  --json          one JSON object per line for every run event; the last is {"type":"run-end",\u2026}
  --conversation  continue an existing conversation (its id is in the run-end event and keel export),
                  on the provider and model it was started with unless --provider names another
  --db            the store (default: ${defaultDatabasePath()}; KEEL_DB overrides)
  --mcp-config    MCP servers for this run, as Claude Desktop's config writes them ("mcpServers")
                  or VS Code's ("servers"); KEEL_MCP_CONFIG works too. Servers saved in Keel's
                  settings run as well (those the user agreed to run).
  --provider      a provider set up in Keel's settings (its id), or one of the built-in ids, for this
                  turn only; without it, the conversation's own (a new one: the default for new
                  conversations). A provider that needs a key and has none is not called.
Exit: 0 completed, 1 failed or interrupted, 2 usage error or no provider ready (one line on stderr,
nothing sent), 130 stopped with Ctrl-C (the partial
answer is saved as interrupted). Environment: ${providerEnvironmentVariables().join(", ")}.`;
async function runChat(argv, io) {
  let parsed;
  try {
    parsed = parseArgs2({
      args: argv,
      options: {
        provider: { type: "string" },
        model: { type: "string" },
        "base-url": { type: "string" },
        db: { type: "string" },
        conversation: { type: "string" },
        lang: { type: "string" },
        yes: { type: "boolean" },
        json: { type: "boolean" },
        "max-rounds": { type: "string" },
        "mcp-config": { type: "string" },
        help: { type: "boolean", short: "h" }
      },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new CliUsageError(`${error.message}
${CHAT_USAGE}`);
  }
  const flags = parsed.values;
  if (flags.help) {
    io.stdout.write(`${CHAT_USAGE}
`);
    return 0;
  }
  const message = parsed.positionals.join(" ").trim();
  if (message.length === 0) throw new CliUsageError(`missing the message
${CHAT_USAGE}`);
  if (message.length > MAX_MESSAGE_CHARS)
    throw new CliUsageError(`the message is ${message.length} characters long; the limit is ${MAX_MESSAGE_CHARS}`);
  if (flags.provider !== void 0 && !isProfileIdSyntax(flags.provider)) {
    throw new CliUsageError(
      `unknown provider "${flags.provider}" (expected one of: ${IMPLICIT_PROFILE_IDS.join(", ")}, or a provider id from Keel's settings)`
    );
  }
  if (flags.lang !== void 0 && !isLocale(flags.lang))
    throw new CliUsageError(`--lang must be en, pt-BR or es, got "${flags.lang}"`);
  if (flags["base-url"] !== void 0 && !/^https?:\/\//.test(flags["base-url"])) {
    throw new CliUsageError(`--base-url must be an http(s) URL, got "${flags["base-url"]}"`);
  }
  let maxRounds;
  if (flags["max-rounds"] !== void 0) {
    maxRounds = Number(flags["max-rounds"]);
    if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > 50)
      throw new CliUsageError("--max-rounds must be an integer from 1 to 50");
  }
  const dbPath = flags.db ?? defaultDatabasePath(io.env);
  if (flags.provider !== void 0 && !IMPLICIT_PROFILE_IDS.includes(flags.provider) && !existsSync5(dbPath)) {
    throw new CliUsageError(
      `unknown provider "${flags.provider}" (expected one of: ${IMPLICIT_PROFILE_IDS.join(", ")}, or a provider id from Keel's settings)`
    );
  }
  const store = openStoreForCli(dbPath, { create: true });
  const cleanups = [];
  try {
    const keys = new ProviderKeys(io.env, createMemoryKeyVault());
    const conversations = new ConversationCommands(store, io.env, keys);
    const settings = conversations.turnSettings(flags.conversation, void 0, flags.provider);
    const provider = settings.provider ?? flags.provider;
    const model = flags.model ?? settings.model;
    const ready = resolveTurnProfile({
      store,
      env: io.env,
      keys,
      request: { provider, model, baseUrl: flags["base-url"] }
    });
    if (!ready.ok) throw new CliUsageError(ready.error.message);
    const approver = flags.yes ? approveAll : terminalApprover(io.stdin, io.stderr);
    const controller = new AbortController();
    let interrupted = false;
    io.onInterrupt(() => {
      interrupted = true;
      controller.abort(new Error("stopped by the user"));
    });
    const { openMcpForCli: openMcpForCli2, statusText: statusText2 } = await Promise.resolve().then(() => (init_mcp_command(), mcp_command_exports));
    const mcp = await openMcpForCli2(
      store,
      { stdout: io.stdout, stderr: io.stderr, env: io.env },
      flags["mcp-config"],
      keys
    );
    for (const view of mcp.hub.views())
      if (view.status.state === "failed")
        io.stderr.write(`[keel] MCP server ${view.config.name} is not used: ${statusText2(view.status)}
`);
    const tools = createKeelToolRegistry(store, { sources: [mcp.hub] });
    cleanups.push(() => tools.close());
    const print = flags.json ? jsonPrinter(io.stdout) : humanPrinter(io.stdout, io.stderr);
    const prepared = prepareTurn({
      store,
      env: io.env,
      keys,
      tools,
      request: {
        ...settings,
        conversationId: flags.conversation,
        text: message,
        provider,
        model,
        baseUrl: flags["base-url"],
        maxRounds,
        locale: flags.lang
      },
      io: {
        signal: controller.signal,
        approver,
        onEvent: (event) => {
          if (event.type === "run-start" && flags.conversation === void 0)
            conversations.adopt(event.conversationId, void 0, {
              provider: prepared.profileId,
              model: prepared.connection.model
            });
          print(event);
        }
      }
    });
    const { options } = prepared;
    let result;
    try {
      result = await runTurn(options);
    } catch (error) {
      if (error instanceof UnknownConversationError) throw new CliUsageError(error.message);
      throw error;
    }
    if (interrupted) return 130;
    return result.status === "completed" && !result.storageError ? 0 : 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {
    });
    retryDeferredFinalizations(store);
    store.close();
  }
}
function jsonPrinter(stdout) {
  return (event) => {
    stdout.write(`${JSON.stringify(event)}
`);
  };
}
function humanPrinter(stdout, stderr) {
  let atLineStart = true;
  const write2 = (text3) => {
    if (text3.length === 0) return;
    stdout.write(text3);
    atLineStart = text3.endsWith("\n");
  };
  return (event) => {
    switch (event.type) {
      case "stream":
        if (event.event.type === "text-delta") write2(event.event.delta);
        return;
      case "notice":
        write2(`${atLineStart ? "" : "\n\n"}${event.text}
`);
        return;
      case "tool-call":
        if (event.state !== "preparing")
          stderr.write(
            `[keel] ${event.name} (${event.callId}): ${event.state}${event.summary ? ` \u2014 ${event.summary}` : ""}
`
          );
        return;
      case "tool-progress":
        stderr.write(
          `[keel] ${event.callId}: ${event.total ? `${event.progress}/${event.total}` : event.progress}${event.message ? ` \u2014 ${event.message}` : ""}
`
        );
        return;
      case "retry-scheduled":
        stderr.write(`[keel] ${event.message}
`);
        return;
      case "diagnostics":
        stderr.write(
          `[keel] ${event.kind}${event.status ? ` HTTP ${event.status}` : ""}${event.requestId ? ` request ${event.requestId}` : ""}: ${event.providerMessage}
`
        );
        return;
      case "run-end":
        if (!atLineStart) stdout.write("\n");
        stderr.write(
          `[keel] ${event.status}${event.interruptReason ? ` (${event.interruptReason})` : ""} \xB7 conversation ${event.conversationId}
`
        );
        return;
      default:
        return;
    }
  };
}

// src/cli/interrupts.ts
var REPEATED_SIGINT_WINDOW_MS = 2e3;
function createInterruptHandler(options) {
  const windowMs = options.windowMs ?? REPEATED_SIGINT_WINDOW_MS;
  const now = options.now ?? Date.now;
  let stop;
  let firstAt;
  let stopRequested = false;
  return {
    signal() {
      const at = now();
      if (firstAt === void 0) {
        firstAt = at;
        stopRequested = true;
        stop?.();
        return;
      }
      if (at - firstAt < windowMs) return;
      options.onForce();
    },
    onInterrupt(callback) {
      stop = callback;
      if (stopRequested) callback();
    }
  };
}

// src/cli/export-command.ts
import { parseArgs as parseArgs3 } from "node:util";

// src/main/export/store-export.ts
init_measurement();
var PAGE = 200;
function exportedMeasurement(m, createdByLedgerKey) {
  return {
    id: m.id,
    kind: m.kind,
    value: m.value,
    unit: m.unit,
    canonicalValue: m.canonicalValue,
    canonicalUnit: m.canonicalUnit,
    measuredAt: isoStringOrNull(m.takenAt),
    takenAt: m.takenAt,
    takenAtOffsetMin: m.takenAtOffsetMin ?? null,
    measuredAtLocal: takenAtText(m),
    precision: m.takenAtPrecision,
    recordedAt: m.recordedAt,
    ...createdByLedgerKey !== void 0 ? { createdByLedgerKey } : {}
  };
}
function exportedLedgerEntry(entry) {
  return {
    key: entry.idempotencyKey,
    tool: entry.toolName,
    state: entry.state,
    callIds: entry.callIds,
    turnId: entry.turnId,
    recordedAt: isoStringOrNull(entry.createdAt),
    createdAt: entry.createdAt,
    // For a restore (`keel import`).
    conversationId: entry.conversationId,
    arguments: entry.arguments,
    output: entry.output ?? null,
    error: entry.error ?? null,
    updatedAt: entry.updatedAt
  };
}
function* conversationsOf(store) {
  let after;
  for (; ; ) {
    const page = store.conversations.listConversationsOldestFirst({ limit: PAGE, ...after && { after } });
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { updatedAt: last.updatedAt, id: last.id };
  }
}
function* sections(store) {
  yield [
    "conversations",
    (function* () {
      const hasSettings = store.db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'conversation_settings'`).get() !== void 0;
      const settings = hasSettings ? conversationSettingsOf(store) : void 0;
      const pins = pinsOf(store);
      for (const conversation of conversationsOf(store)) {
        const pinnedAt = pins.get(conversation.id);
        yield exportedConversation(
          pinnedAt === void 0 ? conversation : { ...conversation, pinnedAt },
          store.conversations.getAllMessages(conversation.id),
          store.conversations.currentLeafId(conversation.id),
          store.attachments.withBytesByMessage(conversation.id),
          settings?.get(conversation.id)
        );
      }
    })()
  ];
  yield [
    "generations",
    (function* () {
      for (const conversation of conversationsOf(store)) {
        const calls = store.generations.listForConversation(conversation.id);
        for (const turnId of store.conversations.turnIdsInOrder(conversation.id))
          yield* (calls.get(turnId) ?? []).map(exportedGeneration);
      }
    })()
  ];
  yield [
    "measurements",
    (function* () {
      const ledgerKey = store.db.prepare(
        "SELECT l.idempotency_key FROM measurements m LEFT JOIN tool_ledger l ON l.id = m.created_by_ledger_id WHERE m.id = ?"
      ).pluck();
      for (const measurement of store.measurements.iterateAll())
        yield exportedMeasurement(measurement, ledgerKey.get(measurement.id) ?? null);
    })()
  ];
  yield ["ledger", ledgerEntriesOf(store)];
}
function pinsOf(store) {
  const hasPins = store.db.prepare(`SELECT 1 FROM pragma_table_info('conversations') WHERE name = 'pinned_at'`).get() !== void 0;
  if (!hasPins) return /* @__PURE__ */ new Map();
  return new Map(
    store.db.prepare(
      "SELECT id, pinned_at FROM conversations WHERE pinned_at IS NOT NULL"
    ).all().map((row) => [row.id, row.pinned_at])
  );
}
function* ledgerEntriesOf(store) {
  const page = store.db.prepare("SELECT id FROM tool_ledger WHERE id > ? ORDER BY id LIMIT ?").pluck();
  let after = -1;
  for (; ; ) {
    const ids = page.all(after, PAGE);
    for (const id2 of ids) {
      const entry = store.ledger.findById(id2);
      if (entry) yield exportedLedgerEntry(entry);
    }
    const last = ids.at(-1);
    if (ids.length < PAGE || last === void 0) return;
    after = last;
  }
}
function backpressured(out) {
  return async (text3) => {
    if (out.write(text3)) return;
    await new Promise((resolve6, reject) => {
      const cleanup = () => {
        out.removeListener("drain", onDrain);
        out.removeListener("error", onError);
        out.removeListener("close", onClose);
      };
      const onDrain = () => {
        cleanup();
        resolve6();
      };
      const onError = (error) => {
        cleanup();
        reject(error);
      };
      const onClose = () => onError(new Error("the output closed before the export was written"));
      out.on("drain", onDrain);
      out.on("error", onError);
      out.on("close", onClose);
    });
  };
}
async function writeExport(store, out) {
  const write2 = backpressured(out);
  const indent = (json, spaces) => json.replace(/\n/g, `
${spaces}`);
  store.db.exec("BEGIN");
  try {
    let firstSection = true;
    for (const [key, items] of sections(store)) {
      await write2(`${firstSection ? "{" : ","}
  ${JSON.stringify(key)}: [`);
      firstSection = false;
      let count2 = 0;
      for (const item of items) {
        await write2(`${count2 === 0 ? "" : ","}
    ${indent(JSON.stringify(item, null, 2), "    ")}`);
        count2++;
      }
      await write2(count2 === 0 ? "]" : "\n  ]");
    }
    await write2("\n}\n");
  } finally {
    store.db.exec("COMMIT");
  }
}

// src/cli/export-command.ts
init_cli_usage_error();
init_open_store();
var EXPORT_USAGE = `usage: keel export --db FILE

Prints the whole store as one JSON object: conversations with their messages (every version:
each message names the one it follows, parentId, and each conversation the last message of the
branch shown, currentLeafId; a pinned one when it was pinned, pinnedAt), every model call
(generations) with its usage, measurements, and the tool ledger. API keys are never in the store.
Dates are ISO strings (null when the stored time is not a valid date; the raw epoch milliseconds
are beside them: measurements' takenAt, the ledger's createdAt). Measurements also give the user's
UTC offset then (takenAtOffsetMin; null when stored before offsets were kept: UTC) and the date in
the user's time zone (measuredAtLocal: YYYY-MM-DD for a day, else ISO 8601 with the offset), and
the ledger key of the tool call that stored them (createdByLedgerKey; null for the user's own).
A store that is not writable is read as it is (nothing is recovered or updated).`;
async function runExport(argv, io) {
  let parsed;
  try {
    parsed = parseArgs3({
      args: argv,
      options: { db: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true
    });
  } catch (error) {
    throw new CliUsageError(`${error.message}
${EXPORT_USAGE}`);
  }
  if (parsed.values.help) {
    io.stdout.write(`${EXPORT_USAGE}
`);
    return 0;
  }
  if (!parsed.values.db) throw new CliUsageError(`missing --db
${EXPORT_USAGE}`);
  const store = openStoreForCli(parsed.values.db, { create: false, allowReadOnly: true });
  try {
    await writeExport(store, io.stdout);
  } finally {
    store.close();
  }
  return 0;
}

// src/cli/import-command.ts
import { createWriteStream, existsSync as existsSync6, mkdtempSync as mkdtempSync2, rmSync as rmSync3 } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join7 } from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs as parseArgs4 } from "node:util";

// src/main/export/json-record-reader.ts
import { StringDecoder } from "node:string_decoder";
import { closeSync as closeSync2, fstatSync, openSync as openSync2, readSync as readSync2 } from "node:fs";
var JsonShapeError = class extends Error {
  constructor(where, message, problem = "malformed") {
    super(message);
    this.where = where;
    this.problem = problem;
  }
  where;
  problem;
};
var LIMITS = { maxRecordChars: MAX_IMPORT_RECORD_CHARS, maxDepth: MAX_IMPORT_DEPTH };
function fileChunks(path, chunkBytes = 1 << 20, maxBytes = MAX_IMPORT_FILE_BYTES) {
  const fd = openSync2(path, "r");
  const size = fstatSync(fd).size;
  const buffer = Buffer.alloc(chunkBytes);
  const decoder = new StringDecoder("utf8");
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    closeSync2(fd);
  };
  const next = () => {
    if (size > maxBytes) {
      close();
      throw new JsonShapeError(
        "(file)",
        `The file is ${size} bytes: an import file can be at most ${maxBytes} bytes.`,
        "file-too-large"
      );
    }
    while (open) {
      const read = readSync2(fd, buffer, 0, buffer.length, null);
      if (read === 0) {
        close();
        const rest = decoder.end();
        return rest === "" ? void 0 : rest;
      }
      const text3 = decoder.write(buffer.subarray(0, read));
      if (text3 !== "") return text3;
    }
    return void 0;
  };
  return Object.assign(next, { close });
}
var isSpace = (c) => c === 32 || c === 10 || c === 13 || c === 9;
function* readJsonRecords(source, limits = LIMITS) {
  const r = new Cursor(source, limits);
  r.skipSpace();
  if (r.peek() === -1) throw new JsonShapeError(r.where(), "The file is empty.");
  r.expect(123, "an export is one JSON object ({ \u2026 })");
  r.skipSpace();
  if (r.peek() === 125) {
    r.next();
  } else {
    for (; ; ) {
      r.skipSpace();
      if (r.peek() === -1)
        throw new JsonShapeError(r.where(), "This file is not JSON: it ends in the middle of the export.");
      if (r.peek() !== 34)
        throw new JsonShapeError(r.where(), "This file is not JSON: expected a key in double quotes.");
      const keyAt = r.where();
      const key = parseAt(r.captureValue("(top level)"), keyAt);
      r.skipSpace();
      r.expect(58, 'expected ":" after a key');
      r.skipSpace();
      if (r.peek() === 91) {
        r.next();
        r.skipSpace();
        if (r.peek() === 93) r.next();
        else {
          for (let index = 0; ; index++) {
            r.skipSpace();
            const at = r.where();
            yield { key, index, value: parseAt(r.captureValue(`${key}.${index}`), at), at };
            r.skipSpace();
            const c2 = r.next();
            if (c2 === 93) break;
            if (c2 !== 44)
              throw new JsonShapeError(r.whereBefore(), 'This file is not JSON: expected "," or "]" after a record.');
          }
        }
      } else {
        const at = r.where();
        yield { key, index: void 0, value: parseAt(r.captureValue(key), at), at };
      }
      r.skipSpace();
      const c = r.next();
      if (c === 125) break;
      if (c !== 44)
        throw new JsonShapeError(r.whereBefore(), 'This file is not JSON: expected "," or "}" after a value.');
    }
  }
  r.skipSpace();
  if (r.peek() !== -1)
    throw new JsonShapeError(r.where(), "This file is not JSON: there is text after the end of the export.");
}
function parseAt(text3, at) {
  try {
    return JSON.parse(text3);
  } catch (error) {
    throw new JsonShapeError(
      at,
      `This file is not JSON here (${error instanceof Error ? error.message : String(error)}).`
    );
  }
}
var Cursor = class {
  constructor(source, limits) {
    this.source = source;
    this.limits = limits;
  }
  source;
  limits;
  buf = "";
  pos = 0;
  line = 1;
  column = 1;
  captured;
  /** Characters in `captured` (the record's text read so far, before the current chunk). */
  capturedChars = 0;
  captureFrom = 0;
  /** The record being captured and where it starts (for a limit's message). */
  capturing = { record: "", at: "" };
  where() {
    return `line ${this.line}, column ${this.column}`;
  }
  whereBefore() {
    return `line ${this.line}, column ${Math.max(1, this.column - 1)}`;
  }
  fill() {
    while (this.pos >= this.buf.length) {
      if (this.captured) {
        const piece = this.buf.slice(this.captureFrom);
        this.capturedChars += piece.length;
        if (this.capturedChars > this.limits.maxRecordChars) this.tooLarge();
        this.captured.push(piece);
      }
      const next = this.source();
      if (next === void 0) {
        this.buf = "";
        this.pos = 0;
        this.captureFrom = 0;
        return false;
      }
      this.buf = next;
      this.pos = 0;
      this.captureFrom = 0;
    }
    return true;
  }
  peek() {
    return this.fill() ? this.buf.charCodeAt(this.pos) : -1;
  }
  next() {
    if (!this.fill()) return -1;
    const c = this.buf.charCodeAt(this.pos++);
    if (c === 10) {
      this.line++;
      this.column = 1;
    } else this.column++;
    return c;
  }
  expect(c, what) {
    if (this.peek() !== c) throw new JsonShapeError(this.where(), `Not an export: ${what}.`);
    this.next();
  }
  skipSpace() {
    while (isSpace(this.peek())) this.next();
  }
  tooLarge() {
    this.captured = void 0;
    throw new JsonShapeError(
      this.capturing.record,
      `This record (from ${this.capturing.at}) is longer than ${this.limits.maxRecordChars} characters: too large to import.`,
      "record-too-large"
    );
  }
  /** The text of the value starting here (object, array, string or scalar), consumed; `record` names it in a limit's message. */
  captureValue(record) {
    const first = this.peek();
    if (first === -1)
      throw new JsonShapeError(this.where(), "This file is not JSON: it ends in the middle of the export.");
    this.captured = [];
    this.capturedChars = 0;
    this.captureFrom = this.pos;
    this.capturing = { record, at: this.where() };
    let depth = 0;
    let inString = false;
    let escaped = false;
    const scalar = first !== 123 && first !== 91 && first !== 34;
    for (; ; ) {
      const c = this.peek();
      if (c === -1) {
        this.captured = void 0;
        throw new JsonShapeError(this.where(), "This file is not JSON: it ends in the middle of a record.");
      }
      if (scalar) {
        if (c === 44 || c === 93 || c === 125 || isSpace(c)) break;
        this.next();
        continue;
      }
      this.next();
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) {
          inString = false;
          if (depth === 0) break;
        }
      } else if (c === 34) inString = true;
      else if (c === 123 || c === 91) {
        if (++depth > this.limits.maxDepth) {
          this.captured = void 0;
          throw new JsonShapeError(
            record,
            `It nests deeper than ${this.limits.maxDepth} levels (${this.whereBefore()}): no Keel export does.`,
            "too-deep"
          );
        }
      } else if (c === 125 || c === 93) {
        depth--;
        if (depth === 0) break;
      }
    }
    const parts = this.captured;
    this.captured = void 0;
    const last = this.buf.slice(this.captureFrom, this.pos);
    if (this.capturedChars + last.length > this.limits.maxRecordChars) this.tooLarge();
    parts.push(last);
    return parts.length === 1 ? parts[0] : parts.join("");
  }
};

// src/main/export/store-import.ts
init_attachments();
init_measurement();
init_sqlite_error();
import { randomUUID as randomUUID4 } from "node:crypto";
init_message_rows();
var MAX_LISTED_COLLISIONS = 1e3;
var ImportFailure = class extends Error {
  constructor(where, message) {
    super(message);
    this.where = where;
  }
  where;
};
var zeroCounts = () => ({ conversations: 0, messages: 0, generations: 0, measurements: 0, ledger: 0 });
function importStore(store, source) {
  const run = new ImportRun(store);
  try {
    store.db.transaction(() => {
      for (const record of readJsonRecords(source)) run.take(record);
      run.finish();
    }).immediate();
  } catch (error) {
    return failed(error, run);
  } finally {
    source.close?.();
  }
  return { ok: true, report: run.report };
}
function failed(error, run) {
  if (error instanceof ImportFailure)
    return { ok: false, problem: "invalid", where: error.where, message: error.message };
  if (error instanceof JsonShapeError)
    return { ok: false, problem: error.problem, where: error.where, message: error.message };
  if (toStorageError(error).kind === "full")
    return {
      ok: false,
      problem: "disk-full",
      where: run.writing,
      message: "The disk is full: free some space and import the file again."
    };
  throw error;
}
var ImportRun = class {
  constructor(store) {
    this.store = store;
    this.sql = statements(store);
  }
  store;
  report = {
    imported: [],
    skipped: [],
    added: zeroCounts(),
    present: zeroCounts(),
    collisions: [],
    collisionCount: 0
  };
  /** Turns of conversations left out (collisions): their generations and ledger entries go with them. */
  turnsLeftOut = /* @__PURE__ */ new Set();
  sawConversations = false;
  /** Measurements added here and the ledger key of the call that stored each (tied in `finish`: the ledger comes after them). */
  ledgerLinks = [];
  sql;
  /** The record being written (or "(saving)" once all are): where a full disk stopped the import. */
  writing = "(start)";
  take(record) {
    const where = record.index === void 0 ? record.key : `${record.key}.${record.index}`;
    this.writing = where;
    switch (record.key) {
      case "format":
        if (record.value !== CONVERSATION_EXPORT_FORMAT)
          throw new ImportFailure("format", `Not a Keel export (format "${String(record.value)}").`);
        return;
      case "version":
        if (record.value !== CONVERSATION_EXPORT_VERSION)
          throw new ImportFailure(
            "version",
            `This export's version (${String(record.value)}) is not one this Keel reads.`
          );
        return;
      case "conversation":
      case "conversations":
        this.sawConversations = true;
        return this.conversation(parse2(importedConversation, record.value, where), where);
      case "generations":
        return this.generation(parse2(importedGeneration, record.value, where), where);
      case "measurements":
        return this.measurement(parse2(importedMeasurement, record.value, where), where);
      case "ledger":
        return this.ledgerEntry(parse2(importedLedgerEntry, record.value, where), where);
      default:
        return;
    }
  }
  finish() {
    this.writing = "(saving)";
    if (!this.sawConversations)
      throw new ImportFailure("(top level)", 'Not a Keel export: it has no "conversations" (or "conversation").');
    for (const { measurementId, key } of this.ledgerLinks) this.sql.linkMeasurement.run(key, measurementId);
  }
  collide(collision) {
    this.report.collisionCount++;
    if (this.report.collisions.length < MAX_LISTED_COLLISIONS) this.report.collisions.push(collision);
  }
  conversation(conversation, where) {
    const messages = resolveTree(conversation, where);
    const stored = this.store.conversations.getConversation(conversation.id);
    if (stored) {
      if (sameConversation(this.store, conversation)) {
        this.report.present.conversations++;
        this.report.present.messages += conversation.messages.length;
        this.report.skipped.push({ id: conversation.id, title: conversation.title });
      } else {
        this.leaveOut(messages);
        this.collide({
          kind: "conversation",
          id: conversation.id,
          where,
          reason: "a conversation with this id is in the store with different content"
        });
      }
      return;
    }
    for (const [index, message] of messages.entries()) {
      const owner = this.sql.messageOwner.get(message.id);
      const turnOwner = message.turnId ? this.sql.turnOwner.get(message.turnId) : void 0;
      if (owner || turnOwner) {
        this.leaveOut(messages);
        const [kind, id2] = owner ? ["message", message.id] : ["turn", message.turnId];
        this.collide({
          kind,
          id: id2,
          where: `${where}.messages.${index}`,
          reason: `this ${kind} id is in the store, in conversation ${(owner ?? turnOwner).conversation_id}`
        });
        return;
      }
    }
    this.write(conversation, messages, where);
  }
  leaveOut(messages) {
    for (const message of messages) if (message.turnId) this.turnsLeftOut.add(message.turnId);
  }
  write(conversation, messages, _where) {
    const now = this.store.clock();
    const createdAt = conversation.createdAt ?? messages[0]?.source.createdAt ?? now;
    const updatedAt = conversation.updatedAt ?? messages.at(-1)?.source.createdAt ?? createdAt;
    this.sql.insertConversation.run(conversation.id, conversation.title, createdAt, updatedAt);
    if (conversation.pinnedAt !== void 0) this.sql.setPinned.run(conversation.pinnedAt, conversation.id);
    const turns = /* @__PURE__ */ new Set();
    for (const [index, { id: id2, parentId, turnId, files, source: m }] of messages.entries()) {
      const created = m.createdAt ?? updatedAt;
      if (turnId && !turns.has(turnId)) {
        turns.add(turnId);
        this.sql.insertTurn.run(turnId, conversation.id, created);
      }
      const status = m.status === "streaming" ? "interrupted" : m.status ?? "complete";
      const interrupt = status === "interrupted" ? storedInterrupt(m.interruptReason ?? "app-crash") : null;
      const error = status === "failed" ? JSON.stringify(m.error ?? { kind: "imported", message: "This answer had failed where it was exported." }) : null;
      this.sql.insertMessage.run({
        id: id2,
        conversation: conversation.id,
        turn: turnId ?? null,
        parent: parentId ?? null,
        seq: index + 1,
        role: m.role,
        status,
        interrupt: interrupt?.reason ?? null,
        interruptDetail: interrupt?.detail ?? null,
        error,
        notices: m.noticeRefs && m.noticeRefs.length > 0 ? JSON.stringify(m.noticeRefs) : null,
        reasoningMs: m.reasoningMs ?? null,
        created,
        updated: m.updatedAt ?? created
      });
      for (const [position, part] of partsOf(m).entries()) {
        if (part.type === "replay") this.sql.insertReplay.run(id2, position, part.provider, JSON.stringify(part.item));
        else if (part.type === "text" || part.type === "reasoning")
          this.sql.insertPart.run(id2, position, part.type, part.text, null);
        else {
          const { type: _type, ...data } = part;
          this.sql.insertPart.run(id2, position, part.type, "", JSON.stringify(data));
        }
      }
      for (const [position, file] of files.entries())
        this.sql.insertAttachment.run(id2, position, file.name, file.mimeType, file.bytes.length, file.bytes);
    }
    const leaf = conversation.currentLeafId ?? messages.at(-1)?.id ?? null;
    this.sql.setLeaf.run(leaf, conversation.id);
    if (conversation.settings && Object.keys(conversation.settings).length > 0)
      conversationSettingsOf(this.store).set(conversation.id, conversation.settings);
    this.report.added.conversations++;
    this.report.added.messages += messages.length;
    this.report.imported.push({ id: conversation.id, title: conversation.title, messages: messages.length });
  }
  turnOf(turnId, where, what) {
    const turn = this.sql.turnOwner.get(turnId);
    if (turn) return turn.conversation_id;
    if (this.turnsLeftOut.has(turnId)) return "left-out";
    throw new ImportFailure(
      `${where}.turnId`,
      `No conversation in the file or the store has this ${what}'s turn (${turnId}).`
    );
  }
  generation(g, where) {
    if (this.turnOf(g.turnId, where, "model call") === "left-out") {
      return this.collide({
        kind: "generation",
        id: g.id ?? `${g.turnId}/${g.round}/${g.attempt}`,
        where,
        reason: "its conversation was left out"
      });
    }
    const stored = (g.id ? this.sql.generationById.get(g.id) : void 0) ?? this.sql.generationBySlot.get(g.turnId, g.round, g.attempt);
    if (stored) {
      const same = stored.turn_id === g.turnId && stored.round === g.round && stored.attempt === g.attempt && stored.provider === g.provider && (stored.profile ?? stored.provider) === (g.profile ?? g.provider) && stored.model === g.model && stored.input_tokens === (g.usage.inputTokens ?? null) && stored.output_tokens === (g.usage.outputTokens ?? null);
      if (same && (g.id === void 0 || g.id === stored.id)) this.report.present.generations++;
      else
        this.collide({
          kind: "generation",
          id: g.id ?? stored.id,
          where,
          reason: "a model call with this id (or turn, round and attempt) is in the store with different content"
        });
      return;
    }
    const outcome = g.outcome === "running" ? "app-crash" : g.outcome;
    const known = outcome !== "app-crash";
    const startedAt = g.startedAt ?? this.store.clock();
    const messageId = g.messageId && this.sql.messageOwner.get(g.messageId) ? g.messageId : null;
    this.sql.insertGeneration.run({
      id: g.id ?? randomUUID4(),
      turn: g.turnId,
      message: messageId,
      round: g.round,
      attempt: g.attempt,
      provider: g.provider,
      profile: g.profile ?? g.provider,
      model: g.model,
      startedAt,
      endedAt: known ? g.endedAt ?? startedAt : g.endedAt ?? null,
      outcome,
      finishReason: g.finishReason ?? null,
      rawFinishReason: g.rawFinishReason ?? null,
      error: g.error ? JSON.stringify(g.error) : null,
      input: g.usage.inputTokens ?? null,
      output: g.usage.outputTokens ?? null,
      reasoning: g.usage.reasoningTokens ?? null,
      cached: g.usage.cachedInputTokens ?? null,
      usageSource: g.usage.estimated === true ? "estimated" : g.usage.estimated === false || known ? "reported" : null
    });
    this.report.added.generations++;
  }
  measurement(m, where) {
    const info = MEASUREMENT_KIND_INFO[m.kind];
    const valueProblem = measurementValueProblem(m.kind, m.value, m.unit);
    if (valueProblem === "unit-not-for-kind")
      throw new ImportFailure(`${where}.unit`, `"${m.unit}" is not a unit of ${info.label}.`);
    if (valueProblem)
      throw new ImportFailure(
        `${where}.value`,
        `${m.value} ${m.unit} is outside the plausible range for ${info.label} (${describePlausibleRange(m.kind, m.unit)}).`
      );
    if (m.canonicalValue !== toCanonicalValue(m.value, m.unit))
      throw new ImportFailure(
        `${where}.canonicalValue`,
        `${m.canonicalValue} is not ${m.value} ${m.unit} in ${info.canonicalUnit}.`
      );
    const takenAtField = m.takenAt !== void 0 ? "takenAt" : "measuredAt";
    const takenAt = m.takenAt ?? (m.measuredAt ? Date.parse(m.measuredAt) : void 0);
    if (takenAt === void 0)
      throw new ImportFailure(`${where}.takenAt`, "The measurement has no date (takenAt or measuredAt).");
    const now = this.store.clock();
    switch (measurementTimeProblem(takenAt, now)) {
      case "not-a-time":
        throw new ImportFailure(`${where}.${takenAtField}`, `${takenAt} is not a real date.`);
      case "too-early":
        throw new ImportFailure(`${where}.${takenAtField}`, `${new Date(takenAt).toISOString()} is before 1900.`);
      case "in-the-future":
        throw new ImportFailure(
          `${where}.${takenAtField}`,
          `${new Date(takenAt).toISOString()} is in the future: a measurement can be dated today or earlier.`
        );
    }
    if (m.recordedAt !== void 0 && !isRepresentableTime(m.recordedAt))
      throw new ImportFailure(`${where}.recordedAt`, `${m.recordedAt} is not a real date.`);
    const stored = this.sql.measurementById.get(m.id);
    if (stored) {
      const same = stored.deleted_at === null && stored.kind === m.kind && stored.canonical_value === m.canonicalValue && stored.input_value === m.value && stored.input_unit === m.unit && stored.taken_at === takenAt;
      if (same) this.report.present.measurements++;
      else
        this.collide({
          kind: "measurement",
          id: String(m.id),
          where,
          reason: "a measurement with this id is in the store with different content"
        });
      return;
    }
    const precision = m.precision ?? (m.measuredAtLocal && /^\d{4}-\d{2}-\d{2}$/.test(m.measuredAtLocal) ? "day" : "instant");
    this.sql.insertMeasurement.run(
      m.id,
      m.kind,
      m.canonicalValue,
      m.value,
      m.unit,
      takenAt,
      precision,
      m.recordedAt ?? now,
      m.takenAtOffsetMin ?? null
    );
    if (m.createdByLedgerKey) this.ledgerLinks.push({ measurementId: m.id, key: m.createdByLedgerKey });
    this.report.added.measurements++;
  }
  ledgerEntry(entry, where) {
    const conversationId = this.turnOf(entry.turnId, where, "ledger entry");
    if (conversationId === "left-out")
      return this.collide({ kind: "ledger", id: entry.key, where, reason: "its conversation was left out" });
    const stored = this.sql.ledgerByKey.get(entry.key);
    if (stored) {
      if (stored.tool_name === entry.tool && stored.state === entry.state && stored.turn_id === entry.turnId)
        this.report.present.ledger++;
      else
        this.collide({
          kind: "ledger",
          id: entry.key,
          where,
          reason: "a ledger entry with this key is in the store with different content"
        });
      return;
    }
    const createdAt = entry.createdAt ?? (entry.recordedAt ? Date.parse(entry.recordedAt) : this.store.clock());
    const result = this.sql.insertLedger.run({
      key: entry.key,
      conversation: conversationId,
      turn: entry.turnId,
      tool: entry.tool,
      arguments: JSON.stringify(entry.arguments ?? {}),
      state: entry.state,
      // An older export has no output or error: a succeeded entry keeps a null output.
      output: entry.state === "succeeded" ? JSON.stringify(entry.output ?? null) : null,
      error: entry.state === "failed" ? JSON.stringify(
        entry.error ?? { kind: "unknown", message: "The failure was not in the export.", retryable: false }
      ) : null,
      createdAt,
      updatedAt: entry.updatedAt ?? createdAt
    });
    for (const callId of new Set(entry.callIds))
      this.sql.insertLedgerCall.run(Number(result.lastInsertRowid), callId, createdAt);
    this.report.added.ledger++;
  }
};
function resolveTree(conversation, where) {
  if (conversation.settings && conversation.settings.provider === void 0 !== (conversation.settings.model === void 0)) {
    throw new ImportFailure(`${where}.settings`, "provider and model are chosen together.");
  }
  const seen = /* @__PURE__ */ new Map();
  const resolved = [];
  let lastTurn;
  let questions = 0;
  for (const [index, m] of conversation.messages.entries()) {
    const at = `${where}.messages.${index}`;
    if (m.role === "user") questions++;
    if (m.role === "assistant" && questions === 0) throw new ImportFailure(at, "An answer must follow a question.");
    const id2 = m.id ?? randomUUID4();
    if (seen.has(id2)) throw new ImportFailure(`${at}.id`, "Two messages have this id.");
    const parentId = m.parentId === void 0 ? resolved.at(-1)?.id : m.parentId ?? void 0;
    if (parentId !== void 0 && !seen.has(parentId))
      throw new ImportFailure(`${at}.parentId`, "A message must follow an earlier message of its conversation.");
    let turnId = m.turnId ?? void 0;
    if (m.turnId === void 0) {
      if (m.role === "user") turnId = randomUUID4();
      else if (m.role === "assistant") turnId = lastTurn;
    }
    if (m.role === "assistant" && turnId === void 0) throw new ImportFailure(at, "An answer must follow a question.");
    if (m.role === "user") lastTurn = turnId;
    if (m.attachments?.length && m.role !== "user")
      throw new ImportFailure(`${at}.attachments`, "Only a question has files.");
    const message = { id: id2, parentId, turnId, files: checkedFiles(m, at), source: m };
    seen.set(id2, message);
    resolved.push(message);
  }
  if (conversation.currentLeafId && !seen.has(conversation.currentLeafId))
    throw new ImportFailure(
      `${where}.currentLeafId`,
      "The branch shown ends at a message that is not in this conversation."
    );
  return resolved;
}
function checkedFiles(m, at) {
  const files = [];
  for (const [position, file] of (m.attachments ?? []).entries()) {
    const bytes = Buffer.from(file.dataBase64, "base64");
    if (bytes.length !== file.size)
      throw new ImportFailure(
        `${at}.attachments.${position}.size`,
        `The file's size (${file.size}) is not the size of its data (${bytes.length}).`
      );
    const checked = checkAttachment(
      file.name,
      file.mimeType,
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
    );
    if (!checked.ok) throw new ImportFailure(`${at}.attachments.${position}`, attachmentProblemMessage(checked.problem));
    files.push({ name: file.name, mimeType: file.mimeType, bytes });
  }
  const setProblem = checkAttachmentSet(files.map((file) => file.bytes.length));
  if (setProblem) throw new ImportFailure(`${at}.attachments`, attachmentProblemMessage(setProblem));
  return files;
}
function partsOf(m) {
  if (m.parts) return m.parts;
  const calls = (m.toolCalls ?? []).flatMap((call) => {
    const request = {
      type: "tool-call",
      callId: call.callId,
      callIdIsLocal: false,
      toolName: call.name,
      argumentsText: call.argumentsText ?? JSON.stringify(call.arguments ?? {}),
      arguments: call.arguments ?? void 0
    };
    if (!call.result) return [request];
    return [
      request,
      {
        type: "tool-result",
        callId: call.callId,
        toolName: call.name,
        outcome: call.result
      }
    ];
  });
  return [
    ...m.reasoning ? [{ type: "reasoning", text: m.reasoning }] : [],
    ...calls,
    ...m.text ? [{ type: "text", text: m.text }] : []
  ];
}
function sameConversation(store, incoming) {
  const stored = store.conversations.getConversation(incoming.id);
  if (stored.title !== incoming.title) return false;
  const withIds = incoming.messages.every((m) => m.id !== void 0);
  const messages = withIds ? store.conversations.getAllMessages(stored.id) : store.conversations.getMessages(stored.id);
  const exported = importedConversation.parse(exportedConversation(stored, messages)).messages;
  const view = (m) => stableJson({
    ...withIds ? { id: m.id, parentId: m.parentId ?? null } : {},
    role: m.role,
    text: m.text,
    reasoning: m.reasoning ?? "",
    calls: (m.toolCalls ?? []).map((call) => call.callId)
  });
  if (!withIds)
    return exported.length === incoming.messages.length && exported.every((m, i) => view(m) === view(incoming.messages[i]));
  const byId = new Map(exported.map((m) => [m.id, view(m)]));
  return incoming.messages.every((m) => byId.get(m.id) === view(m));
}
function parse2(schema, value, where) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ImportFailure([where, ...issue.path.map(String)].join("."), issue.message);
}
function statements(store) {
  const db = store.db;
  return {
    insertConversation: db.prepare(
      "INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)"
    ),
    setPinned: db.prepare("UPDATE conversations SET pinned_at = ? WHERE id = ?"),
    linkMeasurement: db.prepare(
      `UPDATE measurements SET created_by_ledger_id = l.id FROM (SELECT id FROM tool_ledger WHERE idempotency_key = ?) AS l
       WHERE measurements.id = ? AND measurements.created_by_ledger_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM measurements other WHERE other.created_by_ledger_id = l.id)`
    ),
    setLeaf: db.prepare("UPDATE conversations SET current_leaf_id = ? WHERE id = ?"),
    insertTurn: db.prepare(
      "INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)"
    ),
    turnOwner: db.prepare("SELECT conversation_id FROM turns WHERE id = ?"),
    messageOwner: db.prepare(
      "SELECT conversation_id FROM messages WHERE id = ?"
    ),
    insertMessage: db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, interrupt_reason, interrupt_detail, error_json, notices_json, reasoning_ms, created_at, updated_at)
       VALUES (@id, @conversation, @turn, @parent, @seq, @role, @status, @interrupt, @interruptDetail, @error, @notices, @reasoningMs, @created, @updated)`
    ),
    insertPart: db.prepare(
      "INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)"
    ),
    insertReplay: db.prepare(
      "INSERT INTO message_replay_items (message_id, position, provider, data_json) VALUES (?, ?, ?, ?)"
    ),
    insertAttachment: db.prepare(
      "INSERT INTO message_attachments (message_id, position, name, mime_type, size, data) VALUES (?, ?, ?, ?, ?, ?)"
    ),
    generationById: db.prepare("SELECT * FROM generations WHERE id = ?"),
    generationBySlot: db.prepare(
      "SELECT * FROM generations WHERE turn_id = ? AND round = ? AND attempt = ?"
    ),
    insertGeneration: db.prepare(
      `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, profile, model, started_at, ended_at, outcome, finish_reason, raw_finish_reason, error_json,
         input_tokens, output_tokens, reasoning_tokens, cached_input_tokens, usage_source)
       VALUES (@id, @turn, @message, @round, @attempt, @provider, @profile, @model, @startedAt, @endedAt, @outcome, @finishReason, @rawFinishReason, @error,
         @input, @output, @reasoning, @cached, @usageSource)`
    ),
    measurementById: db.prepare("SELECT * FROM measurements WHERE id = ?"),
    insertMeasurement: db.prepare(
      "INSERT INTO measurements (id, kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at, taken_at_offset_min) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ),
    ledgerByKey: db.prepare(
      "SELECT tool_name, state, turn_id FROM tool_ledger WHERE idempotency_key = ?"
    ),
    insertLedger: db.prepare(
      `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, output_json, error_json, created_at, updated_at)
       VALUES (@key, @conversation, @turn, @tool, @arguments, @state, @output, @error, @createdAt, @updatedAt)`
    ),
    insertLedgerCall: db.prepare(
      "INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, ?)"
    )
  };
}

// src/shared/import-report.ts
function importSummary(report) {
  const counts = (c) => `${c.conversations} conversations (${c.messages} messages), ${c.generations} model calls, ${c.measurements} measurements, ${c.ledger} ledger entries`;
  return `added ${counts(report.added)}; already present ${counts(report.present)}; ${report.collisionCount} ${report.collisionCount === 1 ? "collision" : "collisions"}`;
}

// src/cli/import-command.ts
init_cli_usage_error();
init_open_store();
var IMPORT_USAGE = `usage: keel import --db FILE [EXPORT.json | -]

Loads what \`keel export\` (or the window's Export) wrote into the store (created if missing), read
record by record, in one transaction: a file that fails anywhere changes nothing (the failing place
is printed with why, exit 1: a record the live paths would refuse, text that is not JSON, a file
over 4 GB, a record over 256 Mi characters or nested over 256 levels, a full disk). Ids are kept; what is already there with the same content is not added again,
an id already there with different content is a collision: listed on stderr, never overwritten.
Prints one line: what was added, what was already present, how many collisions. \`-\` or no file:
read from stdin.`;
async function runImport(argv, io) {
  let parsed;
  try {
    parsed = parseArgs4({
      args: argv,
      options: { db: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new CliUsageError(`${error.message}
${IMPORT_USAGE}`);
  }
  if (parsed.values.help) {
    io.stdout.write(`${IMPORT_USAGE}
`);
    return 0;
  }
  if (!parsed.values.db) throw new CliUsageError(`missing --db
${IMPORT_USAGE}`);
  if (parsed.positionals.length > 1) throw new CliUsageError(`one export file at most
${IMPORT_USAGE}`);
  const input = parsed.positionals[0] ?? "-";
  if (input !== "-" && !existsSync6(input)) throw new CliUsageError(`cannot read ${input}: no such file`);
  const spool = input === "-" ? mkdtempSync2(join7(tmpdir2(), "keel-import-")) : void 0;
  try {
    const path = spool ? join7(spool, "stdin.json") : input;
    if (spool) await pipeline(io.stdin, createWriteStream(path, { mode: 384 }));
    const store = openStoreForCli(parsed.values.db, { create: true });
    try {
      const result = importStore(store, fileChunks(path));
      if (!result.ok) {
        io.stderr.write(
          `keel: ${input === "-" ? "stdin" : input} failed at ${result.where}: ${result.message} Nothing was imported.
`
        );
        return 1;
      }
      for (const c of result.report.collisions)
        io.stderr.write(`keel: collision: ${c.kind} ${c.id} (${c.where}): ${c.reason}; the stored one was kept
`);
      if (result.report.collisionCount > result.report.collisions.length)
        io.stderr.write(
          `keel: \u2026 and ${result.report.collisionCount - result.report.collisions.length} more collisions
`
        );
      io.stdout.write(`${importSummary(result.report)}
`);
      return 0;
    } finally {
      store.close();
    }
  } finally {
    if (spool) rmSync3(spool, { recursive: true, force: true });
  }
}

// src/cli/replay-command.ts
init_provider_id();
import { createReadStream } from "node:fs";
import { access, constants as constants3, stat as stat2 } from "node:fs/promises";
import { parseArgs as parseArgs5 } from "node:util";

// src/main/providers/round-result-json.ts
function turnResultToJson(result) {
  return {
    provider: result.provider,
    complete: result.complete,
    truncated: result.truncated,
    executable: mayRunToolCalls(result),
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    text: result.text,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls.map((call) => ({
      callId: call.callId,
      name: call.name,
      argumentsText: call.argumentsText,
      arguments: call.arguments ?? null
    })),
    usage: {
      inputTokens: result.usage.inputTokens ?? null,
      outputTokens: result.usage.outputTokens ?? null
    },
    error: result.error ? {
      kind: result.error.kind,
      message: result.error.message,
      retryable: result.error.retryable,
      status: result.error.status ?? null
    } : null
  };
}

// src/cli/replay-command.ts
init_cli_usage_error();
var REPLAY_USAGE = `usage: keel replay --provider <${PROVIDER_IDS.join("|")}> [--status <http-status>] [FILE|-]

Reads a recorded response body (FILE, or standard input for - or no FILE) as a stream
and prints the turn result as one JSON object.`;
async function runReplay(argv, io) {
  let parsed;
  try {
    parsed = parseArgs5({
      args: argv,
      options: { provider: { type: "string" }, status: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new CliUsageError(`${error.message}
${REPLAY_USAGE}`);
  }
  if (parsed.values.help) {
    io.stdout.write(`${REPLAY_USAGE}
`);
    return 0;
  }
  const provider = parsed.values.provider;
  if (provider === void 0) throw new CliUsageError(`missing --provider
${REPLAY_USAGE}`);
  if (!isProviderId(provider)) {
    throw new CliUsageError(`unknown provider "${provider}" (expected one of: ${PROVIDER_IDS.join(", ")})`);
  }
  let status = 200;
  if (parsed.values.status !== void 0) {
    const value = Number(parsed.values.status);
    if (!/^\d{3}$/.test(parsed.values.status) || value < 100 || value > 599) {
      throw new CliUsageError(`--status must be an HTTP status between 100 and 599, got "${parsed.values.status}"`);
    }
    status = value;
  }
  if (parsed.positionals.length > 1) throw new CliUsageError(`expected at most one FILE
${REPLAY_USAGE}`);
  const file = parsed.positionals[0];
  let input;
  if (file === void 0 || file === "-") {
    input = io.stdin;
  } else {
    try {
      await access(file, constants3.R_OK);
      if (!(await stat2(file)).isFile()) throw new Error("not a regular file");
    } catch (error) {
      throw new CliUsageError(`cannot read ${file}: ${error.message}`);
    }
    input = createReadStream(file);
  }
  const { result } = await parseStreamBody(provider, input, { response: { status } });
  io.stdout.write(`${JSON.stringify(turnResultToJson(result), null, 2)}
`);
  return 0;
}

// src/cli/keel.ts
init_mcp_usage();
var USAGE = `usage: keel <command> [options]

commands:
  chat     run one user turn with the real harness, tools and store
  export   print the whole store as JSON
  import   load an export into the store (a backup restored; nothing twice, nothing overwritten)
  replay   parse a recorded provider response body into a turn result (JSON)
  mcp      MCP servers: list them and their tools, accept changed tools, the conformance client

${CHAT_USAGE}

${EXPORT_USAGE}

${IMPORT_USAGE}

${REPLAY_USAGE}

${MCP_USAGE}`;
async function main(argv) {
  const [command, ...rest] = argv;
  switch (command) {
    case "replay":
      return runReplay(rest, { stdin: process.stdin, stdout: process.stdout });
    case "chat": {
      const interrupts = createInterruptHandler({
        onForce: () => {
          process.stderr.write("keel: quit at once (the answer may not be saved)\n");
          process.exit(130);
        }
      });
      process.on("SIGINT", () => interrupts.signal());
      return runChat(rest, {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
        onInterrupt: (stop) => interrupts.onInterrupt(stop)
      });
    }
    case "export":
      return runExport(rest, { stdout: process.stdout });
    case "import":
      return runImport(rest, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
    case "mcp": {
      const { runMcp: runMcp2 } = await Promise.resolve().then(() => (init_mcp_command(), mcp_command_exports));
      const code = await runMcp2(rest, { stdout: process.stdout, stderr: process.stderr, env: process.env });
      if (rest[0] === "conformance-client") process.exit(code);
      return code;
    }
    case void 0:
    case "--help":
    case "-h":
    case "help":
      process.stdout.write(`${USAGE}
`);
      return command === void 0 ? 2 : 0;
    default:
      throw new CliUsageError(`unknown command "${command}"
${USAGE}`);
  }
}
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof CliUsageError) {
      process.stderr.write(`keel: ${error.message}
`);
      process.exitCode = 2;
    } else {
      process.stderr.write(
        `keel: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
      );
      process.exitCode = 1;
    }
  }
);
