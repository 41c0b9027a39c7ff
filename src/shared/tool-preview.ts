import type { JsonValue } from './json-value'

/**
 * What a write would act on, looked up (read-only) before the user is asked: the row a delete
 * would remove. `missing`: there is nothing to act on (the call would fail). Only Keel's own tools
 * give one; an MCP tool has none.
 */
export type ToolPreview = { status: 'found'; value: JsonValue } | { status: 'missing' }
