// A tool's input schema as one provider can take it (see ProviderToolRules and docs/tool-schemas.md):
// combinators the provider refuses at the top folded into its properties, `items` added to arrays
// that lack it, local `$ref`s inlined (cycles and anything that does not resolve loosened to `{}`).
// What the model is sent may only be looser than the tool's own schema, never stricter: the full
// schema still checks every call's arguments.
// Any input terminates: depth and size are bounded before anything recursive runs, and inlining
// has a budget (an exponential or self-referential `$ref` falls back to loosened refs).
import { foldTopLevelAlternatives } from './fold-top-level-alternatives'
import type { ProviderToolRules } from './provider-tool-rules'

/** Deepest schema (in nested objects and arrays) a provider is sent; real servers' stay under 30. */
export const MAX_SCHEMA_DEPTH = 100
/** Most objects and arrays in one schema as sent (a schema inlined past this is sent with loosened refs). */
export const MAX_SCHEMA_NODES = 20_000

export type ReducedSchema = { ok: true; schema: Record<string, unknown> } | { ok: false; reason: string }

/** Keywords whose value is one subschema. */
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
]
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
/** References Keel cannot follow by a JSON pointer: always loosened when refs must go. */
const DYNAMIC_REFS = ['$dynamicRef', '$recursiveRef']
/** What refs find a schema by: removed with the refs. */
const IDENTIFIERS = ['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor']

class OverBudget extends Error {}

/** The schema as `rules` allow it, or why it cannot be sent at all (too deep or too large as given). */
export function reduceToolSchema(schema: Record<string, unknown>, rules: ProviderToolRules): ReducedSchema {
  const size = measure(schema)
  if (size.depth > MAX_SCHEMA_DEPTH)
    return { ok: false, reason: `its input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep` }
  if (size.nodes > MAX_SCHEMA_NODES)
    return { ok: false, reason: `its input schema has more than ${MAX_SCHEMA_NODES} parts` }
  try {
    return { ok: true, schema: reduceTop(schema, rules, rules.refsInlined ? 'inline' : 'keep') }
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error
  }
  // Inlining grew past the budget (refs that expand exponentially, or deeply): every ref loosened instead.
  try {
    return { ok: true, schema: reduceTop(schema, rules, 'loosen') }
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error
    return { ok: false, reason: 'its input schema is too large for this provider' }
  }
}

type RefMode = 'keep' | 'inline' | 'loosen'

function reduceTop(schema: Record<string, unknown>, rules: ProviderToolRules, refs: RefMode): Record<string, unknown> {
  const budget = { nodes: 0 }
  const reduced = reduceNode(schema, { root: schema, rules, refs, budget, loosened: { count: 0 } }, 0, [])
  const top = foldTopLevelAlternatives(
    typeof reduced === 'object' && reduced !== null && !Array.isArray(reduced)
      ? (reduced as Record<string, unknown>)
      : {},
    rules.topLevelForbidden,
  )
  if (refs !== 'keep') {
    // Everything they held is inlined (or loosened) where it was used.
    delete top.$defs
    delete top.definitions
  }
  top.type = 'object'
  return top
}

interface Walk {
  root: Record<string, unknown>
  rules: ProviderToolRules
  refs: RefMode
  budget: { nodes: number }
  /** How many refs were loosened so far (an ancestor's `unevaluated*` cannot stay then). */
  loosened: { count: number }
}

/** `node` without its ref (loosened to what is beside it): never stricter than the original. */
function loosen(node: Record<string, unknown>, walk: Walk): Record<string, unknown> {
  delete node.$ref
  walk.loosened.count++
  dropUnevaluated(node)
  return node
}

/** `unevaluated*` counts what refs evaluated: with a ref loosened it would refuse what the original allows. */
function dropUnevaluated(node: Record<string, unknown>): void {
  delete node.unevaluatedProperties
  delete node.unevaluatedItems
}

function reduceNode(node: unknown, walk: Walk, depth: number, refStack: readonly string[]): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node // `true`/`false` schemas, or not a schema at all
  if (++walk.budget.nodes > MAX_SCHEMA_NODES || depth > MAX_SCHEMA_DEPTH) throw new OverBudget()
  const source = node as Record<string, unknown>
  const out: Record<string, unknown> = {}
  const loosenedBefore = walk.loosened.count
  for (const [key, value] of Object.entries(source)) {
    if (SINGLE.includes(key) || (key === 'items' && !Array.isArray(value)))
      setOwn(out, key, reduceNode(value, walk, depth + 1, refStack))
    else if (key === 'items' || LIST.includes(key))
      setOwn(out, key, Array.isArray(value) ? value.map((item) => reduceNode(item, walk, depth + 1, refStack)) : value)
    else if (MAP.includes(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const map: Record<string, unknown> = {}
      for (const [name, sub] of Object.entries(value)) setOwn(map, name, reduceNode(sub, walk, depth + 1, refStack))
      setOwn(out, key, map)
    } else setOwn(out, key, value)
  }
  if (walk.rules.arrayItemsRequired && isArraySchema(out) && out.items === undefined) out.items = {}
  // A ref loosened below may have been what evaluated this node's properties or items.
  if (walk.loosened.count > loosenedBefore) dropUnevaluated(out)
  const ref = out.$ref
  if (walk.refs === 'keep') {
    // The keywords the provider refuses at the top are removed there: a ref into them would point nowhere.
    if (
      typeof ref === 'string' &&
      walk.rules.topLevelForbidden.some((k) => ref === `#/${k}` || ref.startsWith(`#/${k}/`))
    )
      return loosen(out, walk)
    return out
  }
  const dynamic = DYNAMIC_REFS.some((keyword) => out[keyword] !== undefined)
  for (const keyword of DYNAMIC_REFS) delete out[keyword]
  // Nothing refers to them any more, and an inlined target would repeat them (a duplicate anchor is an invalid schema).
  for (const keyword of IDENTIFIERS) delete out[keyword]
  if (ref === undefined) return dynamic ? loosen(out, walk) : out
  if (walk.refs === 'loosen' || typeof ref !== 'string' || refStack.includes(ref)) return loosen(out, walk)
  const target = resolvePointer(walk.root, ref)
  if (target === undefined) return loosen(out, walk)
  const inlined = reduceNode(target, walk, depth + 1, [...refStack, ref])
  if (typeof inlined !== 'object' || inlined === null || Array.isArray(inlined)) return loosen(out, walk)
  delete out.$ref
  // A ref loosened inside the target may have been what evaluated this node's properties.
  if (walk.loosened.count > loosenedBefore) dropUnevaluated(out)
  const targetSchema = { ...(inlined as Record<string, unknown>) }
  // Inlined definitions were already emptied of refs; the copy at the root goes anyway.
  delete targetSchema.$defs
  delete targetSchema.definitions
  // Only notes beside the ref: they annotate the target. Constraints beside it: both must hold.
  const constraints = Object.keys(out).filter((key) => !ANNOTATIONS.has(key))
  if (constraints.length === 0) return { ...targetSchema, ...out }
  return { ...out, allOf: [...(Array.isArray(out.allOf) ? out.allOf : []), targetSchema] }
}

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
])

/** `target[key] = value` as an own property even when `key` is `__proto__` (a parameter may be named so). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function isArraySchema(node: Record<string, unknown>): boolean {
  return node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'))
}

/** `#`, `#/$defs/x`, `#/properties/a~1b`: a JSON pointer into the schema itself (undefined: it does not resolve). */
function resolvePointer(root: Record<string, unknown>, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  const pointer = ref.slice(1)
  if (pointer === '') return root
  if (!pointer.startsWith('/')) return undefined // an anchor (`#name`): found by `$anchor`, not a path
  let value: unknown = root
  for (const raw of pointer.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    } catch {
      return undefined
    }
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

/** Depth and count of the objects and arrays in a value, without recursion (any depth is safe to measure). */
function measure(value: unknown): { depth: number; nodes: number } {
  let depth = 0
  let nodes = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [current, level] = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    nodes++
    if (level > depth) depth = level
    // Past either bound the answer is known (and a cyclic object would never end).
    if (depth > MAX_SCHEMA_DEPTH || nodes > MAX_SCHEMA_NODES) break
    for (const child of Object.values(current)) stack.push([child, level + 1])
  }
  return { depth, nodes }
}
