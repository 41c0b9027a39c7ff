// A registry page, read tolerantly (zod, unknown keys allowed): each entry is checked on its own, so
// one bad entry is skipped and counted, never failing the page; inside a good entry, a bad package or
// remote is dropped the same way. Shapes: the official registry's OpenAPI (v0.1 `ServerResponse`).
import { z } from 'zod'
import type { McpRegistryServerView } from '../../shared/mcp-registry'

const text = z.string().max(1_000_000)
const shortText = z.string().max(2000)

const argumentVariableSchema = z.looseObject({
  description: text.optional(),
  value: shortText.optional(),
  default: shortText.optional(),
  isRequired: z.boolean().optional(),
})

const argumentSchema = z.looseObject({
  type: z.enum(['positional', 'named']),
  name: shortText.optional(),
  value: shortText.optional(),
  valueHint: shortText.optional(),
  default: shortText.optional(),
  description: text.optional(),
  isRequired: z.boolean().optional(),
  isRepeated: z.boolean().optional(),
  format: z.string().max(50).optional(),
  choices: z.array(shortText).max(100).optional(),
  /** `{name}`s in `value` filled from these (the schema's `InputWithVariables`). */
  variables: z.record(z.string().min(1).max(200), argumentVariableSchema).optional(),
})
export type RegistryArgument = z.output<typeof argumentSchema>

const keyValueSchema = z.looseObject({
  name: z.string().min(1).max(200),
  description: text.optional(),
  value: shortText.optional(),
  default: shortText.optional(),
  isSecret: z.boolean().optional(),
  isRequired: z.boolean().optional(),
})
export type RegistryKeyValue = z.output<typeof keyValueSchema>

const variableSchema = z.looseObject({
  description: text.optional(),
  default: shortText.optional(),
  isRequired: z.boolean().optional(),
})

export const registryPackageSchema = z.looseObject({
  registryType: z.string().min(1).max(50),
  identifier: z.string().min(1).max(500),
  version: z.string().max(200).optional(),
  runtimeHint: z.string().max(100).optional(),
  transport: z.looseObject({ type: z.string().max(50), url: shortText.optional() }),
  runtimeArguments: z.array(argumentSchema).max(100).optional(),
  packageArguments: z.array(argumentSchema).max(100).optional(),
  environmentVariables: z.array(keyValueSchema).max(100).optional(),
})
export type RegistryPackage = z.output<typeof registryPackageSchema>

export const registryRemoteSchema = z.looseObject({
  type: z.string().max(50),
  url: z.string().min(1).max(4096),
  headers: z.array(keyValueSchema).max(100).optional(),
  variables: z.record(z.string().min(1).max(200), variableSchema).optional(),
})
export type RegistryRemote = z.output<typeof registryRemoteSchema>

/** A server.json; its packages and remotes are checked one by one after (see {@link readRegistryEntry}). */
const serverSchema = z.looseObject({
  name: z.string().min(1).max(200),
  title: z.string().max(200).optional(),
  description: text.optional(),
  version: z.string().min(1).max(200),
  websiteUrl: z.string().max(4096).optional(),
  repository: z.looseObject({ url: z.string().max(4096).optional() }).optional(),
  packages: z.array(z.unknown()).max(100).optional(),
  remotes: z.array(z.unknown()).max(100).optional(),
})

const entrySchema = z.looseObject({
  server: serverSchema,
  _meta: z
    .looseObject({
      'io.modelcontextprotocol.registry/official': z
        .looseObject({ status: z.string().max(50).optional(), publishedAt: z.string().max(100).optional() })
        .optional(),
    })
    .optional(),
})

export const registryPageSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z.looseObject({ nextCursor: z.string().min(1).max(4096).optional() }).optional(),
})

/** A checked entry: the fields the window shows, with the packages and remotes not yet mapped to options. */
export type RegistryEntry = Omit<McpRegistryServerView, 'options'> & {
  packages: RegistryPackage[]
  remotes: RegistryRemote[]
}

/** One entry of a page, or undefined when it is not a server Keel can read. */
export function readRegistryEntry(raw: unknown): RegistryEntry | undefined {
  const parsed = entrySchema.safeParse(raw)
  if (!parsed.success) return undefined
  const { server, _meta } = parsed.data
  const official = _meta?.['io.modelcontextprotocol.registry/official']
  const each = <T>(items: unknown[] | undefined, schema: z.ZodType<T>): T[] =>
    (items ?? []).flatMap((item) => {
      const one = schema.safeParse(item)
      return one.success ? [one.data] : []
    })
  return {
    name: server.name,
    ...(server.title !== undefined ? { title: server.title } : {}),
    description: server.description ?? '',
    version: server.version,
    ...(server.websiteUrl !== undefined ? { websiteUrl: server.websiteUrl } : {}),
    ...(server.repository?.url !== undefined ? { repositoryUrl: server.repository.url } : {}),
    ...(official?.status !== undefined ? { status: official.status } : {}),
    ...(official?.publishedAt !== undefined ? { publishedAt: official.publishedAt } : {}),
    packages: each(server.packages, registryPackageSchema),
    remotes: each(server.remotes, registryRemoteSchema),
  }
}
