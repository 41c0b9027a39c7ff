/**
 * How a provider is named to the user ("Is Ollama running at 127.0.0.1:11434?"): the profile's own
 * name when it has one, else the name people use for the server the address points at (its host
 * or well-known port), else the name of a known provider id. Pure: no URL parsing beyond `URL`.
 */

/** Names of well-known provider ids (the wire ids and the preset profile ids). */
const NAMES_BY_ID: Readonly<Record<string, string>> = {
  'openai-responses': 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  'gemini-interactions': 'Google Gemini',
  openai: 'OpenAI',
  ollama: 'Ollama',
  lmstudio: 'LM Studio',
  'lm-studio': 'LM Studio',
  openrouter: 'OpenRouter',
}

/** Hosts and default ports that say which server it is (an OpenAI-compatible id says nothing). */
function nameFromAddress(url: URL): string | undefined {
  const host = url.hostname.toLowerCase()
  if (host === 'api.openai.com') return 'OpenAI'
  if (host === 'api.anthropic.com') return 'Anthropic'
  if (host === 'generativelanguage.googleapis.com') return 'Google Gemini'
  if (host === 'openrouter.ai' || host.endsWith('.openrouter.ai')) return 'OpenRouter'
  // Local servers on their default ports.
  if (url.port === '11434') return 'Ollama'
  if (url.port === '1234') return 'LM Studio'
  return undefined
}

function parse(baseUrl: string | undefined): URL | undefined {
  if (!baseUrl) return undefined
  try {
    return new URL(baseUrl)
  } catch {
    return undefined
  }
}

/** `host:port` of a base URL as the user would type it (`127.0.0.1:11434`), or undefined. */
export function hostOf(baseUrl: string | undefined): string | undefined {
  const url = parse(baseUrl)
  if (!url) return undefined
  // `URL` leaves out a scheme's default port: the address reads as typed.
  return url.port ? `${url.hostname}:${url.port}` : url.hostname
}

/**
 * The provider's human name, or undefined when nothing names it (an "Other OpenAI-compatible
 * server" at an address nobody knows): the message then names the address instead.
 */
export function providerDisplayName(about: {
  providerId: string
  baseUrl?: string | undefined
  name?: string | undefined
}): string | undefined {
  const own = about.name?.trim()
  if (own) return own
  const url = parse(about.baseUrl)
  const byAddress = url ? nameFromAddress(url) : undefined
  if (byAddress) return byAddress
  return Object.hasOwn(NAMES_BY_ID, about.providerId) ? NAMES_BY_ID[about.providerId] : undefined
}
