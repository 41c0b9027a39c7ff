import { z } from 'zod'
import { toArgumentIssues } from './argument-issues'
import type { ToolSchema } from './tool'

/**
 * A built-in tool's zod schema as a {@link ToolSchema}: the JSON Schema providers are sent is
 * generated from it (the schema is the only declaration), and validation is zod's parse (its
 * output is normalized: units, dates). It must be a strict object (unknown keys rejected).
 */
export function zodToolSchema(name: string, schema: z.ZodType): ToolSchema {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>
  if (jsonSchema.type !== 'object' || jsonSchema.additionalProperties !== false) {
    throw new Error(`tool '${name}' must take a strict object (unknown keys rejected)`)
  }
  const allowedKeys = Object.keys((jsonSchema.properties ?? {}) as Record<string, unknown>)
  return {
    jsonSchema,
    validate(args) {
      const parsed = schema.safeParse(args, { reportInput: true })
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, issues: toArgumentIssues(parsed.error, allowedKeys) }
    },
  }
}
