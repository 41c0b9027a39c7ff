// What each provider's API documents (or is on record refusing with a 400) about the tools of one
// request, written from the sources cited in Keel's MCP field report (mcp-world.md §3) and NOT
// from Keel's own `toolRules`: a test that checks a request body against these does not take the
// code under test at its word. One broken rule makes the provider refuse the whole request.
import type { ProviderId } from '../../src/shared/provider-id'

/** One declared tool as it left Keel, whatever the wire shape. */
export interface Declaration {
  name: string
  description: string
  /** As the body has it (checked at run time: a provider may be sent anything). */
  schema: Record<string, unknown>
}

/** The tools a request body declares. */
export function declaredTools(provider: ProviderId, body: Record<string, unknown>): Declaration[] {
  const tools = (body.tools ?? []) as Record<string, any>[]
  switch (provider) {
    case 'openai-chat':
      return tools.map((t) => ({
        name: t.function.name,
        description: t.function.description,
        schema: t.function.parameters,
      }))
    case 'openai-responses':
    case 'gemini-interactions':
      return tools.map((t) => ({ name: t.name, description: t.description, schema: t.parameters }))
    case 'anthropic':
      return tools.map((t) => ({ name: t.name, description: t.description, schema: t.input_schema }))
    case 'gemini':
      return tools
        .flatMap((t) => (t.functionDeclarations ?? []) as Record<string, any>[])
        .map((d) => ({ name: d.name, description: d.description, schema: d.parametersJsonSchema }))
  }
}

/** Every way `tools` break `provider`'s documented rules (empty: the request is acceptable). */
export function declarationViolations(provider: ProviderId, tools: readonly Declaration[]): string[] {
  const found: string[] = []
  // Keel's own need, whatever the provider: a call must name exactly one tool.
  if (new Set(tools.map((t) => t.name)).size !== tools.length) found.push('a name declared twice')
  const openai = provider === 'openai-chat' || provider === 'openai-responses'
  // openai-128-tools: 400 `array_above_max_length` (zed-industries/zed#32946, vishalmysore/Tools4AI#16).
  if (openai && tools.length > 128) found.push(`${tools.length} tools (OpenAI takes at most 128)`)
  for (const tool of tools) {
    const at = (what: string) => found.push(`${tool.name}: ${what}`)
    if (typeof tool.description !== 'string') at('description is not a string')
    if (!NAME[provider].test(tool.name)) at(`name refused by ${provider}`)
    // openai-description-1024: 400 `string_above_max_length` (getsentry/sentry-mcp#106, microsoft/genaiscript#1381).
    if (provider === 'openai-chat' && typeof tool.description === 'string' && tool.description.length > 1024)
      at(`description of ${tool.description.length} characters (at most 1024)`)
    const schema: unknown = tool.schema
    if (!isRecord(schema)) {
      at('schema is not an object')
      continue
    }
    if (provider !== 'gemini' && provider !== 'gemini-interactions') {
      // openai-top-level (nspady/google-calendar-mcp#39, langchain-ai/langchainjs#9804);
      // anthropic-object ("input_schema does not support oneOf, allOf, or anyOf at the top level", anthropics/claude-code#5319).
      if (schema.type !== 'object') at(`top type ${JSON.stringify(schema.type)}`)
      const forbidden = openai ? ['oneOf', 'anyOf', 'allOf', 'enum', 'const', 'not'] : ['oneOf', 'allOf', 'anyOf']
      for (const keyword of forbidden) if (Object.hasOwn(schema, keyword)) at(`top-level ${keyword}`)
    }
    // openai-array-items: "array schema missing items" (sigoden/aichat#1049, meilisearch/meilisearch-mcp#27).
    if (openai)
      for (const node of subschemas(schema))
        if (isArrayType(node.type) && node.items === undefined) at('an array schema without items')
    // gemini-ref: every $ref resolves inside the schema, none cyclic (agent-infra/sandbox#83, gemini-cli#11393).
    if (provider === 'gemini' || provider === 'gemini-interactions')
      for (const problem of refProblems(schema)) at(problem)
  }
  return found
}

const NAME: Record<ProviderId, RegExp> = {
  // OpenAI FunctionDefinition.name: "a-z, A-Z, 0-9, underscores and dashes, maximum length of 64".
  'openai-chat': /^[a-zA-Z0-9_-]{1,64}$/,
  'openai-responses': /^[a-zA-Z0-9_-]{1,64}$/,
  // Anthropic's API error, quoted in modelcontextprotocol/modelcontextprotocol#1345.
  anthropic: /^[a-zA-Z0-9_-]{1,128}$/,
  // FunctionDeclaration.name: starts with a letter or underscore; a-z A-Z 0-9 _ . : -; at most 64.
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  'gemini-interactions': /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
}

const SINGLE = [
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'items',
]
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']

/** Every object schema in `root` where JSON Schema puts a subschema (not inside `enum`, `default`, …). */
export function subschemas(root: Record<string, unknown>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = []
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!isRecord(node)) continue
    found.push(node)
    for (const key of SINGLE) if (isRecord(node[key])) stack.push(node[key])
    for (const key of LIST) if (Array.isArray(node[key])) stack.push(...(node[key] as unknown[]))
    for (const key of MAP) if (isRecord(node[key])) stack.push(...Object.values(node[key] as object))
  }
  return found
}

/** `$ref`s that do not resolve inside `root`, or that lead back to themselves. */
function refProblems(root: Record<string, unknown>): string[] {
  const problems: string[] = []
  const refsIn = (node: unknown): string[] =>
    isRecord(node) ? subschemas(node).flatMap((n) => (n.$ref === undefined ? [] : [String(n.$ref)])) : []
  for (const node of subschemas(root)) {
    for (const keyword of ['$dynamicRef', '$recursiveRef'])
      if (node[keyword] !== undefined) problems.push(`${keyword} ${String(node[keyword])}`)
    if (node.$ref === undefined) continue
    const ref = node.$ref
    if (typeof ref !== 'string' || resolve(root, ref) === undefined) {
      problems.push(`$ref ${String(ref)} does not resolve`)
      continue
    }
    // Cyclic: following refs from its target comes back to it.
    const seen = new Set<string>()
    const queue = refsIn(resolve(root, ref))
    while (queue.length > 0) {
      const next = queue.pop()!
      if (next === ref) {
        problems.push(`$ref ${ref} is cyclic`)
        break
      }
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(...refsIn(resolve(root, next)))
    }
  }
  return problems
}

function resolve(root: Record<string, unknown>, ref: string): unknown {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let value: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

function isArrayType(type: unknown): boolean {
  return type === 'array' || (Array.isArray(type) && type.includes('array'))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
