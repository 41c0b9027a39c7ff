// The search APIs the `web_search` tool can use, chosen by the user: a SearXNG instance (its URL;
// often on the user's own machine or network, so no address policy applies to it — the user chose
// it, the model did not), Brave Search or Tavily (a key from the vault). Each answer is read into
// one result form; the key never appears in a result, an error or a log line.
import { z } from 'zod'

/** Which search API the user configured. */
export type WebSearchBackend =
  | { kind: 'searxng'; baseUrl: string }
  | { kind: 'brave'; apiKey: string; baseUrl?: string | undefined }
  | { kind: 'tavily'; apiKey: string; baseUrl?: string | undefined }

/** One search result as the model and the window see it. */
export interface WebSearchResult {
  title: string
  url: string
  snippet: string
  /** The date the engine gives for the page, as it gives it. */
  published?: string | undefined
}

export type WebSearchFailure =
  | { kind: 'http-status'; status: number; message: string }
  | { kind: 'bad-answer'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'cancelled'; message: string }

export type WebSearchOutcome = { ok: true; results: WebSearchResult[] } | { ok: false; failure: WebSearchFailure }

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** The engine's name as the user knows it. */
export function backendName(backend: WebSearchBackend): string {
  return backend.kind === 'searxng' ? 'SearXNG' : backend.kind === 'brave' ? 'Brave Search' : 'Tavily'
}

const searxngAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().optional(),
      content: z.string().optional(),
      publishedDate: z.string().nullish(),
    }),
  ),
})

const braveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          url: z.string(),
          title: z.string().optional(),
          description: z.string().optional(),
          page_age: z.string().optional(),
          age: z.string().optional(),
        }),
      ),
    })
    .optional(),
})

const tavilyAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().optional(),
      content: z.string().optional(),
      published_date: z.string().nullish(),
    }),
  ),
})

/** Searches `query` on `backend`; at most `count` results. Never throws. */
export async function searchWeb(
  backend: WebSearchBackend,
  query: string,
  count: number,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined; fetch?: FetchLike | undefined } = {},
): Promise<WebSearchOutcome> {
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init))
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 20_000)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  const request = requestFor(backend, query, count)
  let response: Response
  let body: unknown
  try {
    response = await fetchImpl(request.url, { ...request.init, signal, redirect: 'error' })
    if (!response.ok) {
      await response.body?.cancel()
      return {
        ok: false,
        failure: {
          kind: 'http-status',
          status: response.status,
          message: `${backendName(backend)} answered ${response.status}${statusHint(backend, response.status)}.`,
        },
      }
    }
    body = await response.json()
  } catch {
    if (deadline.aborted)
      return { ok: false, failure: { kind: 'timeout', message: `${backendName(backend)} took too long to answer.` } }
    if (signal.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'The search was stopped.' } }
    return { ok: false, failure: { kind: 'network', message: `${backendName(backend)} could not be reached.` } }
  }
  const results = readResults(backend, body)
  if (!results)
    return {
      ok: false,
      failure: { kind: 'bad-answer', message: `${backendName(backend)} sent an answer that is not a list of results.` },
    }
  return { ok: true, results: results.filter((result) => isWebUrl(result.url)).slice(0, count) }
}

function requestFor(backend: WebSearchBackend, query: string, count: number): { url: string; init: RequestInit } {
  const accept = { accept: 'application/json' }
  switch (backend.kind) {
    case 'searxng': {
      const url = new URL('search', backend.baseUrl.endsWith('/') ? backend.baseUrl : `${backend.baseUrl}/`)
      url.searchParams.set('q', query)
      url.searchParams.set('format', 'json')
      return { url: url.href, init: { method: 'GET', headers: accept } }
    }
    case 'brave': {
      const url = new URL('res/v1/web/search', backend.baseUrl ?? 'https://api.search.brave.com/')
      url.searchParams.set('q', query)
      url.searchParams.set('count', String(count))
      return { url: url.href, init: { method: 'GET', headers: { ...accept, 'x-subscription-token': backend.apiKey } } }
    }
    case 'tavily':
      return {
        url: new URL('search', backend.baseUrl ?? 'https://api.tavily.com/').href,
        init: {
          method: 'POST',
          headers: { ...accept, 'content-type': 'application/json', authorization: `Bearer ${backend.apiKey}` },
          body: JSON.stringify({ query, max_results: count }),
        },
      }
  }
}

function readResults(backend: WebSearchBackend, body: unknown): WebSearchResult[] | undefined {
  switch (backend.kind) {
    case 'searxng': {
      const parsed = searxngAnswer.safeParse(body)
      return parsed.success
        ? parsed.data.results.map((result) =>
            shape(result.url, result.title, result.content, result.publishedDate ?? undefined),
          )
        : undefined
    }
    case 'brave': {
      const parsed = braveAnswer.safeParse(body)
      return parsed.success
        ? (parsed.data.web?.results ?? []).map((result) =>
            shape(result.url, result.title, result.description, result.page_age ?? result.age),
          )
        : undefined
    }
    case 'tavily': {
      const parsed = tavilyAnswer.safeParse(body)
      return parsed.success
        ? parsed.data.results.map((result) =>
            shape(result.url, result.title, result.content, result.published_date ?? undefined),
          )
        : undefined
    }
  }
}

/** Brave marks matches with <strong>: the model gets plain text. */
function plain(text: string | undefined): string {
  return (text ?? '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
}

function shape(
  url: string,
  title: string | undefined,
  snippet: string | undefined,
  published: string | undefined,
): WebSearchResult {
  return {
    title: plain(title) || url,
    url,
    snippet: plain(snippet).slice(0, 1000),
    ...(published ? { published } : {}),
  }
}

function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}

function statusHint(backend: WebSearchBackend, status: number): string {
  if (status === 401 || status === 403)
    return backend.kind === 'searxng'
      ? ' (is the JSON format enabled on the instance?)'
      : ' (check the key in Settings)'
  if (status === 429) return ' (too many searches: try again later)'
  return ''
}
