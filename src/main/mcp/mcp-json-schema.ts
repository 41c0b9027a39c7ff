// An MCP tool's JSON Schema, checked by Ajv in the dialect the schema declares (2020-12 when it
// declares none, as the 2025-11-25 spec requires). The arguments are checked exactly as the model
// sent them: no defaults filled, no types coerced, no properties removed — what is validated is what
// is sent and what the idempotency key is computed from. Nothing is ever fetched: a `$ref` that is
// not inside the schema refuses the tool.
import { createHash } from 'node:crypto'
import Ajv from 'ajv'
import Ajv2019 from 'ajv/dist/2019.js'
import Ajv2020 from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { ArgumentIssueReason, ToolArgumentIssue } from '../../shared/tool-outcome'
import { describeType } from '../tools/argument-issues'
import { canonicalJson } from '../ledger/canonical-json'
import type { ToolSchema } from '../tools/tool'

export type JsonSchemaDialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06'

/** A schema Ajv compiled, or why it could not be (the tool is then not offered). */
export type CompiledJsonSchema =
  | {
      ok: true
      dialect: JsonSchemaDialect
      /** The value's problems (none: it is valid); `root` names the value itself in messages. */
      check(value: unknown, root?: string): ToolArgumentIssue[]
    }
  | { ok: false; reason: string }

/** An MCP tool's `inputSchema` as Keel's {@link ToolSchema}, or why the tool cannot be offered. */
export type CompiledInputSchema =
  | { ok: true; dialect: JsonSchemaDialect; schema: ToolSchema }
  | { ok: false; reason: string }

/** The most issues reported for one call (a model fixes the first few; `allErrors` can list hundreds). */
const MAX_ISSUES = 20

// `validateFormats: false`: ajv-formats is not one of Keel's dependencies (only a dev one's), and an
// unknown format must not refuse a tool; the server still checks its own formats. `logger: false`:
// Ajv's strict-mode warnings about servers' schemas are noise in Keel's log.
// `ownProperties`: Ajv's default checks `data[name] !== undefined`, so an argument named like an
// inherited property (`constructor`, `toString`) was judged from Object.prototype: `{}` failed
// "constructor: expected string, got function" (found by the tool-schemas property test).
const OPTIONS = { strict: false, allErrors: true, validateFormats: false, logger: false, ownProperties: true } as const
const instances = new Map<JsonSchemaDialect, Ajv>()
/** One shared instance per dialect, made when first needed (each costs tens of ms). */
function ajvFor(dialect: JsonSchemaDialect): Ajv {
  let ajv = instances.get(dialect)
  if (!ajv) {
    // Ajv's classic class is draft-07; a draft-06 schema means the same there (07 only added keywords).
    ajv = dialect === '2020-12' ? new Ajv2020(OPTIONS) : dialect === '2019-09' ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS)
    instances.set(dialect, ajv)
  }
  return ajv
}

/** Compiled schemas by their content's hash: one compile per definition, however often the list is read. */
const cache = new Map<string, CompiledJsonSchema>()
const CACHE_LIMIT = 512

/** The dialect a schema declares in `$schema` (none: 2020-12), or why Keel cannot check it. */
export function schemaDialect(
  schema: Record<string, unknown>,
): { ok: true; dialect: JsonSchemaDialect } | { ok: false; reason: string } {
  const declared = schema.$schema
  if (declared === undefined) return { ok: true, dialect: '2020-12' }
  if (typeof declared !== 'string')
    return { ok: false, reason: 'its schema declares a dialect ($schema) that is not a URI' }
  const uri = declared
    .trim()
    .replace(/#$/, '')
    .replace(/^http:/, 'https:')
  switch (uri) {
    case 'https://json-schema.org/draft/2020-12/schema':
      return { ok: true, dialect: '2020-12' }
    case 'https://json-schema.org/draft/2019-09/schema':
      return { ok: true, dialect: '2019-09' }
    case 'https://json-schema.org/draft-07/schema':
      return { ok: true, dialect: 'draft-07' }
    case 'https://json-schema.org/draft-06/schema':
      return { ok: true, dialect: 'draft-06' }
    default:
      return {
        ok: false,
        reason: `its schema uses a JSON Schema dialect Keel cannot check (${declared}); Keel checks 2020-12, 2019-09, draft-07 and draft-06`,
      }
  }
}

/**
 * Compiles any JSON Schema (an input or output schema) once per content. Refused: an undeclared
 * dialect, a schema that is not valid in its dialect, a `$ref` that does not resolve inside it
 * (never fetched).
 */
export function compileJsonSchema(schema: Record<string, unknown>): CompiledJsonSchema {
  let key: string
  try {
    key = createHash('sha256').update(canonicalJson(schema)).digest('hex')
  } catch {
    return { ok: false, reason: 'its schema is not plain JSON' }
  }
  const cached = cache.get(key)
  if (cached) return cached
  const compiled = compileUncached(schema)
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
  cache.set(key, compiled)
  return compiled
}

function compileUncached(schema: Record<string, unknown>): CompiledJsonSchema {
  const dialect = schemaDialect(schema)
  if (!dialect.ok) return dialect
  // The class is chosen by the dialect; `$schema` itself would make Ajv look for that meta-schema by URI.
  const { $schema: _declared, ...body } = structuredClone(schema)
  const ajv = ajvFor(dialect.dialect)
  let validate: ValidateFunction
  try {
    validate = ajv.compile(body)
  } catch (error) {
    const missing = (error as { missingRef?: unknown }).missingRef
    return {
      ok: false,
      reason:
        typeof missing === 'string'
          ? `its schema refers to ${missing}, which is not inside the schema (Keel never fetches schemas)`
          : `its schema is not a valid JSON Schema (${error instanceof Error ? error.message : String(error)})`,
    }
  } finally {
    // The instance is shared: two servers may use the same `$id` for different schemas. The compiled
    // function keeps what it needs.
    ajv.removeSchema(body)
  }
  return {
    ok: true,
    dialect: dialect.dialect,
    check(value, root = 'arguments') {
      try {
        return validate(value) ? [] : argumentIssues(validate.errors ?? [], value, root)
      } catch (error) {
        // A schema that refers to itself with nothing consumed (`oneOf: [{$ref: '#'}]`) recurses
        // without end: the call is refused, never run unchecked, and the turn goes on.
        if (!(error instanceof RangeError)) throw error
        return [{ path: '', message: `${root}: cannot be checked (the tool's schema refers to itself without end)` }]
      }
    },
  }
}

/**
 * An MCP tool's `inputSchema` as a {@link ToolSchema}: providers get the schema minus `$schema`
 * (with `type: 'object'` at the top, which the spec requires); validation passes on the arguments
 * exactly as given.
 */
export function compileInputSchema(schema: Record<string, unknown>): CompiledInputSchema {
  if (schema.type !== undefined && schema.type !== 'object') {
    return { ok: false, reason: `its input schema is not an object schema (type ${JSON.stringify(schema.type)})` }
  }
  const compiled = compileJsonSchema(schema)
  if (!compiled.ok) return compiled
  return {
    ok: true,
    dialect: compiled.dialect,
    schema: {
      jsonSchema: schemaForProviders(schema),
      validate(args) {
        const issues = compiled.check(args)
        return issues.length === 0 ? { ok: true, value: args } : { ok: false, issues }
      },
    },
  }
}

/** The schema providers are sent: the server's, minus `$schema` (some providers refuse it), an object at the top. */
export function schemaForProviders(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _declared, ...rest } = schema
  return { ...rest, type: 'object' }
}

/** Ajv's errors in Keel's wording: the argument's dotted path, what was wrong, what is allowed. */
export function argumentIssues(
  errors: readonly ErrorObject[],
  value: unknown,
  root = 'arguments',
): ToolArgumentIssue[] {
  const issues: ToolArgumentIssue[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const issue = issueOf(error, value, root)
    const text = `${issue.path}\u0000${issue.message}`
    if (seen.has(text)) continue
    seen.add(text)
    issues.push(issue)
    if (issues.length >= MAX_ISSUES) break
  }
  return issues
}

function issueOf(error: ErrorObject, value: unknown, root: string): ToolArgumentIssue {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
  const path = segments.join('.')
  const at = (key: string) => (path ? `${path}.${key}` : key)
  const where = path || root
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return {
        path: at(String(params.missingProperty)),
        message: `missing required argument '${at(String(params.missingProperty))}'`,
        reason: { kind: 'missing' },
      }
    case 'dependentRequired':
    case 'dependencies':
      return {
        path: at(String(params.missingProperty)),
        message: `missing argument '${at(String(params.missingProperty))}', required when '${at(String(params.property))}' is given`,
        reason: { kind: 'missing' },
      }
    case 'additionalProperties':
      return {
        path: at(String(params.additionalProperty)),
        message: `unexpected argument '${at(String(params.additionalProperty))}'; this tool does not accept it`,
        reason: { kind: 'unexpected' },
      }
    case 'unevaluatedProperties':
      return {
        path: at(String(params.unevaluatedProperty)),
        message: `unexpected argument '${at(String(params.unevaluatedProperty))}'; this tool does not accept it`,
        reason: { kind: 'unexpected' },
      }
    case 'type':
      return {
        path,
        message: `${where}: expected ${String(params.type).replace(/,/g, ' or ')}, got ${describeType(valueAt(value, segments))}`,
        reason: { kind: 'wrong-type', expected: String(params.type).split(',')[0] ?? 'value' },
      }
    case 'enum':
      return {
        path,
        message: `${where}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(' | ')}`,
        reason: { kind: 'allowed-values', values: (params.allowedValues as unknown[]).map(shownValue) },
      }
    case 'const':
      return {
        path,
        message: `${where}: must be ${JSON.stringify(params.allowedValue)}`,
        reason: { kind: 'allowed-values', values: [shownValue(params.allowedValue)] },
      }
    default:
      return {
        path,
        message: `${where}: ${error.message ?? `fails '${error.keyword}'`}`,
        reason: reasonOfKeyword(error.keyword, params),
      }
  }
}

/** A value as the user reads it in "takes a or b": strings as they are, the rest as JSON. */
function shownValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The limits Ajv reports (`minimum`, `maxLength`, …) as the kind of problem; anything else is `other`. */
function reasonOfKeyword(keyword: string, params: Record<string, unknown>): ArgumentIssueReason {
  const limit = typeof params.limit === 'number' ? params.limit : undefined
  if (limit === undefined) return { kind: 'other' }
  switch (keyword) {
    case 'minimum':
    case 'exclusiveMinimum':
      return { kind: 'range', minimum: limit }
    case 'maximum':
    case 'exclusiveMaximum':
      return { kind: 'range', maximum: limit }
    case 'maxLength':
      return { kind: 'too-long', limit, unit: 'characters' }
    case 'minLength':
      return { kind: 'too-short', limit, unit: 'characters' }
    case 'maxItems':
      return { kind: 'too-long', limit, unit: 'items' }
    case 'minItems':
      return { kind: 'too-short', limit, unit: 'items' }
    default:
      return { kind: 'other' }
  }
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}
