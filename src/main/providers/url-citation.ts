import type { Citation } from '../../shared/hosted-tools'
import { asNumber, asObject, asString, type WireObject } from './wire-access'

/**
 * A `url_citation` annotation `{url, title, start_index, end_index}` (Responses: on an output text
 * part, indexes into that part; Chat Completions: `{type, url_citation: {…}}`, indexes into the
 * message). `partStart`: where the part starts in the round's text (undefined: the span is unknown).
 */
export function urlCitation(annotation: WireObject | undefined, partStart: number | undefined): Citation | undefined {
  if (annotation?.type !== 'url_citation') return undefined
  const fields = asObject(annotation.url_citation) ?? annotation
  const url = asString(fields.url)
  if (!url) return undefined
  const start = asNumber(fields.start_index)
  const end = asNumber(fields.end_index)
  return {
    url,
    title: asString(fields.title),
    citedText: undefined,
    supportedText: undefined,
    span:
      partStart !== undefined && start !== undefined && end !== undefined && end >= start && start >= 0
        ? { start: partStart + start, end: partStart + end }
        : undefined,
  }
}
