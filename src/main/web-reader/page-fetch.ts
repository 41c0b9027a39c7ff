// Fetches one web page for the model, as a careful browser with no memory would: http(s) only, no
// cookies or credentials, a fixed user agent, redirects followed by hand (at most five, each one
// checked again), and every address the host resolves to checked by the address policy *before*
// connecting — the connection then uses exactly the address that was checked, so a DNS answer that
// changes between the check and the connection (rebinding) cannot reach a private address.
// Bodies are read up to a byte budget (after decompression, so a small gzip bomb stays small).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { type AddressPolicy, publicAddressesOnly } from './address-policy'

/** Why a page could not be read, as data (the model is told `message`; the window words `kind`). */
export type PageFetchFailure =
  | { kind: 'invalid-url'; message: string }
  | { kind: 'refused-scheme'; message: string; scheme: string }
  | { kind: 'refused-address'; message: string; host: string }
  | { kind: 'too-many-redirects'; message: string }
  | { kind: 'http-status'; message: string; status: number }
  | { kind: 'unsupported-type'; message: string; contentType: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'network'; message: string }

/** A fetched page: the bytes as received (decompressed), and where they finally came from. */
export interface FetchedPage {
  /** The URL asked for. */
  url: string
  /** The URL after redirects. */
  finalUrl: string
  /** The media type, lower case, without parameters (`text/html`). */
  mediaType: string
  /** The `charset` parameter of the Content-Type, when given. */
  charset: string | undefined
  body: Buffer
  /** The body was longer than the budget: only its first `maxBytes` were kept. */
  truncated: boolean
}

export type PageFetchResult = { ok: true; page: FetchedPage } | { ok: false; failure: PageFetchFailure }

export interface PageFetchOptions {
  signal?: AbortSignal | undefined
  /** Whole fetch, redirects included (default 20 s). */
  timeoutMs?: number | undefined
  /** Bytes of (decompressed) body kept (default 5 MiB). */
  maxBytes?: number | undefined
  /** Which resolved addresses may be connected to (default: public unicast only). Tests pass loopback. */
  addressPolicy?: AddressPolicy | undefined
  /** Media types accepted (default {@link READABLE_MEDIA_TYPES}). */
  accept?: (mediaType: string) => boolean
}

/** The user agent every page request carries: says what asks, the same for everybody. */
export const PAGE_USER_AGENT = 'Mozilla/5.0 (compatible; KeelPageReader/1.0; +https://keel.invalid/page-reader)'

const MAX_REDIRECTS = 5
const DEFAULT_TIMEOUT_MS = 20_000
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

/** Pages the reader turns into text: HTML and the plain-text family (JSON, XML, CSV, Markdown). */
export function readableMediaType(mediaType: string): boolean {
  return (
    mediaType === 'text/html' ||
    mediaType === 'application/xhtml+xml' ||
    mediaType.startsWith('text/') ||
    mediaType === 'application/json' ||
    mediaType.endsWith('+json') ||
    mediaType === 'application/xml' ||
    mediaType.endsWith('+xml')
  )
}

/** Fetches `url` under the rules above. Never throws: every failure is a {@link PageFetchFailure}. */
export async function fetchPage(url: string, options: PageFetchOptions = {}): Promise<PageFetchResult> {
  const policy = options.addressPolicy ?? publicAddressesOnly
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const accept = options.accept ?? readableMediaType
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  let current: URL
  try {
    current = new URL(url)
  } catch {
    return fail({ kind: 'invalid-url', message: `"${url}" is not a valid URL.` })
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const checked = checkUrl(current, policy)
    if (checked) return fail(checked)
    let response: IncomingMessage
    try {
      response = await get(current, policy, signal)
    } catch (error) {
      return fail(connectionFailure(error, current, signal, deadline))
    }
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location !== undefined) {
      response.resume()
      try {
        current = new URL(response.headers.location, current)
      } catch {
        return fail({ kind: 'invalid-url', message: 'The page redirected to an address that is not a valid URL.' })
      }
      continue
    }
    if (status < 200 || status >= 300) {
      response.resume()
      return fail({
        kind: 'http-status',
        status,
        message: `The server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`,
      })
    }
    const { mediaType, charset } = parseContentType(response.headers['content-type'])
    if (!accept(mediaType)) {
      response.destroy()
      return fail({
        kind: 'unsupported-type',
        contentType: mediaType,
        message: `The address serves ${mediaType || 'an unnamed type'}, which this tool does not read (it reads web pages and text).`,
      })
    }
    try {
      const { body, truncated } = await readBody(response, maxBytes, signal)
      return { ok: true, page: { url, finalUrl: current.href, mediaType, charset, body, truncated } }
    } catch (error) {
      return fail(connectionFailure(error, current, signal, deadline))
    }
  }
  return fail({ kind: 'too-many-redirects', message: `The page redirected more than ${MAX_REDIRECTS} times.` })
}

function fail(failure: PageFetchFailure): PageFetchResult {
  return { ok: false, failure }
}

/** The checks a URL passes before any connection: scheme, no credentials, a literal address's range. */
function checkUrl(url: URL, policy: AddressPolicy): PageFetchFailure | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      kind: 'refused-scheme',
      scheme: url.protocol.replace(/:$/, ''),
      message: `Only http and https addresses are read (not ${url.protocol.replace(/:$/, '')}:).`,
    }
  // Credentials in a URL would be sent to the server: never from a model-chosen address.
  if (url.username !== '' || url.password !== '')
    return { kind: 'invalid-url', message: 'Addresses with a user name or password are not read.' }
  const host = bareHost(url)
  if (isIP(host) !== 0 && !policy(host)) return refused(host)
  return undefined
}

function refused(host: string): PageFetchFailure {
  return {
    kind: 'refused-address',
    host,
    message: `${host} is a local or private network address: pages there are not read.`,
  }
}

/** The hostname without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused address for ${host}`)
  }
}

/**
 * The resolver handed to the connection: resolves every address of the host, refuses the host if
 * any of them is refused (a host with one public and one private address could be steered to
 * either), and hands the connection exactly the checked addresses.
 */
function checkedLookup(policy: AddressPolicy): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      const list = addresses as LookupAddress[]
      if (list.length === 0) return callback(new Error(`no address for ${hostname}`), '', 0)
      if (list.some((entry) => !policy(entry.address))) return callback(new RefusedAddressError(hostname), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
      const first = list[0] as LookupAddress
      callback(null, first.address, first.family)
    })
  }) as unknown as LookupFunction
}

type LookupCallback = (error: Error | null, address: string, family: number) => void

function get(url: URL, policy: AddressPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      signal,
      lookup: checkedLookup(policy),
      // No agent: no pooled socket carries one page's connection into another request.
      agent: false,
      headers: {
        'user-agent': PAGE_USER_AGENT,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en;q=0.8, *;q=0.5',
      },
    })
    request.on('response', resolve)
    request.on('error', reject)
    request.end()
  })
}

function connectionFailure(error: unknown, url: URL, signal: AbortSignal, deadline: AbortSignal): PageFetchFailure {
  if (error instanceof RefusedAddressError) return refused(error.host)
  if (deadline.aborted) return { kind: 'timeout', message: 'The page took too long to answer.' }
  if (signal.aborted) return { kind: 'cancelled', message: 'Reading the page was stopped.' }
  const code = (error as { code?: unknown }).code
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { kind: 'network', message: `The name ${url.hostname} could not be resolved.` }
  return {
    kind: 'network',
    message: `The page could not be reached (${typeof code === 'string' ? code : 'connection failed'}).`,
  }
}

function parseContentType(header: string | undefined): { mediaType: string; charset: string | undefined } {
  if (!header) return { mediaType: '', charset: undefined }
  const [type = '', ...parameters] = header.split(';')
  let charset: string | undefined
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter)
    if (match?.[1]) charset = match[1].toLowerCase()
  }
  return { mediaType: type.trim().toLowerCase(), charset }
}

/** The body, decompressed, cut at `maxBytes` (the rest is not downloaded). */
function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase()
  let stream: Readable = response
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip())
  else if (encoding === 'deflate') stream = response.pipe(createInflate())
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (truncated: boolean) => {
      if (done) return
      done = true
      signal.removeEventListener('abort', onAbort)
      resolve({ body: Buffer.concat(chunks, Math.min(size, maxBytes)), truncated })
    }
    const onAbort = () => {
      if (done) return
      done = true
      response.destroy()
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    stream.on('data', (chunk: Buffer) => {
      if (done) return
      chunks.push(chunk)
      size += chunk.length
      if (size >= maxBytes) {
        finish(true)
        response.destroy()
        stream.destroy()
      }
    })
    stream.on('end', () => finish(false))
    stream.on('error', (error) => {
      if (done) return
      done = true
      signal.removeEventListener('abort', onAbort)
      reject(error)
    })
  })
}
