import type { Clock } from '../../db/clock'
import type { MeasurementStore } from '../../db/measurement-store'
import type { ToolDefinition } from '../define-tool'
import { BUILTIN_SOURCE, type Tool, type ToolSource } from '../tool'
import { zodToolSchema } from '../zod-tool-schema'
import { createMeasurementTools } from './measurement-tools'

/** A built-in definition (zod schema, synchronous handler) as a {@link Tool} of the `keel` source. */
export function builtinTool(definition: ToolDefinition): Tool {
  const base = {
    name: definition.name,
    title: definition.title,
    ...(definition.titles ? { titles: definition.titles } : {}),
    description: definition.description,
    schema: zodToolSchema(definition.name, definition.inputSchema),
    source: BUILTIN_SOURCE,
  }
  if (definition.effect === 'local') {
    const preview = definition.preview
    return {
      ...base,
      effect: 'local',
      runLocal: (input, context) => definition.handler(input as never, context),
      ...(preview ? { preview: (input: unknown) => preview(input as never) } : {}),
    }
  }
  return { ...base, effect: 'none', call: (input, context) => definition.handler(input as never, context) }
}

/** Keel's own tools (the four measurement tools) on a store: one source, its list never changes. */
export function createKeelToolSource(deps: { measurements: MeasurementStore; clock: Clock }): ToolSource {
  const tools = createMeasurementTools(deps).map(builtinTool)
  return { id: BUILTIN_SOURCE, list: () => tools }
}

/** The built-ins' names and titles (in every language), without a store: for tests and help texts. */
export function builtinToolTitles(): {
  name: string
  title: string
  titles?: Partial<Record<'pt-BR' | 'es', string>>
}[] {
  // Building the definitions touches neither the store nor the clock; only their handlers would.
  return createMeasurementTools({ measurements: {} as MeasurementStore, clock: () => 0 }).map(
    ({ name, title, titles }) => ({ name, title, ...(titles ? { titles } : {}) }),
  )
}
