// An MCP `tools/call` result as Keel's tool result. Two audiences:
// - the model gets `output`: one text, every content item that is for it in order (text as is,
//   what it cannot take as a short bracketed line), cut to the result cap with a note; images travel
//   as parts and are capped where every tool's are (tool-result-for-model.ts);
// - the user gets `parts`: every item, whole, including those the server meant only for them
//   (`annotations.audience: ["user"]`, marked `audience: 'user'`: shown, never sent).
// Nothing a server sends is fetched (resource links stay links) or trusted as markup.
import type { JsonValue } from '../../shared/json-value'
import type { ToolResultPart } from '../../shared/tool-outcome'
import { MAX_RESULT_BYTES_FOR_MODEL, MODEL_IMAGE_TYPES, capTextForModel } from '../tools/tool-result-for-model'
import type { McpCallResult, McpContent } from './mcp-connection-port'
import { compileJsonSchema } from './mcp-json-schema'

/** The most text (bytes of its JSON form) of one MCP result the model is sent: the result cap, less room for the notes around it. */
export const MCP_TEXT_BYTES_FOR_MODEL = MAX_RESULT_BYTES_FOR_MODEL - 2 * 1024
/** The most of a server's error text the model (and the ledger) gets. */
export const MCP_ERROR_BYTES_FOR_MODEL = 8 * 1024

export interface KeelToolResult {
  /** What the model reads (and the ledger keeps): the result's text for the model, capped. */
  output: string
  /** Everything the server sent, for the user (user-only items marked). */
  parts: ToolResultPart[]
}

/**
 * A successful result (no `isError`) for Keel. `outputSchema`: the tool's declared one, checked
 * against `structuredContent`; a mismatch does not fail the call (its effect happened) but adds a
 * note for the model and the user.
 */
export function mcpResultToKeel(
  result: McpCallResult,
  options: { outputSchema?: Record<string, unknown> | undefined } = {},
): KeelToolResult {
  const forModel: string[] = []
  const parts: ToolResultPart[] = []
  let sentImages = 0
  let userOnly = 0
  for (const item of result.content) {
    const onlyUser = isUserOnly(item)
    if (onlyUser) userOnly++
    const mapped = mapContent(item)
    for (const part of mapped.parts) parts.push(onlyUser ? { ...part, audience: 'user' } : part)
    if (onlyUser) continue
    if (mapped.text !== undefined) forModel.push(mapped.text)
    sentImages += mapped.parts.filter((part) => part.type === 'image').length
  }
  const structured = result.structuredContent
  if (structured !== undefined) {
    parts.push({ type: 'json', value: structured as JsonValue })
    // The spec asks servers to repeat structured content as text; when one did not, the model gets the JSON.
    const hasTextCopy = result.content.some((item) => item.type === 'text' && !isUserOnly(item))
    if (!hasTextCopy) forModel.push(JSON.stringify(structured))
  }
  const note = outputSchemaNote(structured, options.outputSchema)
  if (note) {
    forModel.push(note)
    parts.push({ type: 'text', text: note })
  }
  if (forModel.length === 0) {
    if (sentImages > 0) forModel.push(`[${sentImages} image${sentImages === 1 ? '' : 's'}]`)
    else if (userOnly > 0)
      forModel.push('[The result was shown to the user only; its content is not available to you.]')
    else forModel.push('[The tool returned no content.]')
  }
  return { output: capTextForModel(forModel.join('\n'), MCP_TEXT_BYTES_FOR_MODEL), parts }
}

/** The model-facing message of a result with `isError: true`: the server's own words (capped), so the model can correct itself. */
export function mcpErrorText(result: McpCallResult): string {
  const text = result.content
    .filter((item) => !isUserOnly(item))
    .map((item) => mapContent(item).text)
    .filter((line): line is string => line !== undefined && line.trim() !== '')
    .join('\n')
  return text
    ? capTextForModel(text, MCP_ERROR_BYTES_FOR_MODEL)
    : 'The tool reported an error without saying what went wrong.'
}

/** Content the server marked for the user alone (`audience: ["user"]`, not the assistant). */
export function isUserOnly(item: McpContent): boolean {
  const audience = asRecord(item.annotations)?.audience
  return Array.isArray(audience) && audience.includes('user') && !audience.includes('assistant')
}

/** One content item: the line the model reads (none for an image, which travels as a part) and what the user is shown. */
function mapContent(item: McpContent): { text: string | undefined; parts: ToolResultPart[] } {
  const raw: ToolResultPart = { type: 'json', value: item as JsonValue }
  switch (item.type) {
    case 'text':
      if (typeof item.text === 'string') return { text: item.text, parts: [{ type: 'text', text: item.text }] }
      break
    case 'image':
      if (typeof item.data === 'string' && typeof item.mimeType === 'string') {
        // Types the providers cannot take are named by tool-result-for-model, which sends images.
        return { text: undefined, parts: [{ type: 'image', mimeType: item.mimeType, data: item.data }] }
      }
      break
    case 'audio':
      return { text: `[audio ${mimeOf(item.mimeType)}, ${sizeOf(item.data)}, shown to the user]`, parts: [raw] }
    case 'resource_link': {
      const fields = [
        typeof item.name === 'string' ? item.name : undefined,
        typeof item.mimeType === 'string' ? item.mimeType : undefined,
      ].filter(Boolean)
      const description = typeof item.description === 'string' && item.description ? `: ${item.description}` : ''
      return {
        text: `[resource link ${String(item.uri)}${fields.length ? ` (${fields.join(', ')})` : ''}${description}; not fetched]`,
        parts: [raw],
      }
    }
    case 'resource': {
      const resource = asRecord(item.resource)
      if (!resource) break
      const uri = String(resource.uri)
      const mime = typeof resource.mimeType === 'string' ? resource.mimeType : undefined
      if (typeof resource.text === 'string')
        return { text: `[resource ${uri}${mime ? ` (${mime})` : ''}]\n${resource.text}`, parts: [raw] }
      if (typeof resource.blob === 'string') {
        if (mime && MODEL_IMAGE_TYPES.has(mime))
          return {
            text: `[resource ${uri} (${mime}): the image follows]`,
            parts: [{ type: 'image', mimeType: mime, data: resource.blob }],
          }
        return {
          text: `[resource ${uri} (${mimeOf(mime)}), ${sizeOf(resource.blob)}, shown to the user]`,
          parts: [raw],
        }
      }
      break
    }
  }
  return { text: `[content of type ${JSON.stringify(item.type)}, shown to the user]`, parts: [raw] }
}

/** Why the structured result does not match the declared output schema (the call still succeeded), or nothing. */
function outputSchemaNote(
  structured: Record<string, unknown> | undefined,
  outputSchema: Record<string, unknown> | undefined,
): string | undefined {
  if (!outputSchema) return undefined
  if (structured === undefined) return '[Note: the tool declares an output schema but returned no structured result.]'
  const compiled = compileJsonSchema(outputSchema)
  if (!compiled.ok) return `[Note: the structured result could not be checked: ${compiled.reason}.]`
  const issues = compiled.check(structured, 'result')
  if (issues.length === 0) return undefined
  return `[Note: the structured result does not match the tool's declared output schema (${issues.map((issue) => issue.message).join('; ')}). The action did run.]`
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function mimeOf(value: unknown): string {
  return typeof value === 'string' && value ? value : 'of unknown type'
}

/** The decoded size of base64 data, in KB (at least 1). */
function sizeOf(base64: unknown): string {
  const length = typeof base64 === 'string' ? base64.replace(/=+$/, '').length : 0
  return `${Math.max(1, Math.ceil((length * 3) / 4 / 1024))} KB`
}
