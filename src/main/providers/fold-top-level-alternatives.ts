// The top of a tool's input schema without the keywords a provider refuses there (OpenAI:
// `oneOf anyOf allOf enum const not`; Anthropic: `oneOf allOf anyOf`). Deleting a combinator alone
// would hide every parameter a server declares only inside it (a zod union at the top is an `anyOf`
// of objects), so its branches' properties are folded into the top's `properties`:
//   allOf        every branch's properties and `required` (all of them hold in the original);
//   anyOf/oneOf  every branch's properties, none required unless every branch requires it; a name
//                some branches define differently takes `anyOf` of their definitions, and a name a
//                branch leaves open (no `additionalProperties: false` there) takes `{}`.
// `enum`, `const` and `not` are simply dropped, and so is `unevaluated*` beside a removed combinator. The result is never stricter than the original:
// the tool's own schema still checks every call's arguments before anything runs. Pure.

/** What one branch of a top-level combinator says about an object's properties. */
type Branch =
  /** Matches no object (`false`, or a type without `object`): it adds nothing. */
  | { kind: 'never' }
  /** Its shape is not known here (not an object schema, an unresolved `$ref`): any property, any value. */
  | { kind: 'any' }
  | { kind: 'object'; properties: Map<string, unknown>; required: string[]; closed: boolean }
type ObjectBranch = Extract<Branch, { kind: 'object' }>

const COMBINATORS = ['allOf', 'anyOf', 'oneOf']
const NOTES = ['description', 'title']

/** `top` without `forbidden` keywords, with the properties their branches declared folded in. */
export function foldTopLevelAlternatives(
  top: Record<string, unknown>,
  forbidden: readonly string[],
): Record<string, unknown> {
  const properties = entriesOf(top.properties)
  const required = stringsOf(top.required)
  const before = { properties: properties.size, required: required.length }
  const out = copyOwn(top)
  for (const keyword of forbidden) {
    const value = top[keyword]
    delete out[keyword]
    if (!COMBINATORS.includes(keyword) || value === undefined) continue
    // What the branches evaluated is no longer known for certain: `unevaluated*` could now refuse it.
    delete out.unevaluatedProperties
    delete out.unevaluatedItems
    if (!Array.isArray(value)) continue
    const branches = value.map((branch) => branchOf(branch, top)).filter((b) => b.kind !== 'never')
    if (keyword === 'allOf') foldAll(branches, properties, required)
    else foldAny(branches, properties, required)
  }
  if (properties.size > before.properties) setOwn(out, 'properties', Object.fromEntries(properties))
  if (required.length > before.required) out.required = required
  return out
}

function foldAll(branches: readonly Branch[], properties: Map<string, unknown>, required: string[]): void {
  for (const branch of branches) {
    if (branch.kind !== 'object') continue
    // Each definition holds in the original; keeping the first is looser than keeping all.
    for (const [name, schema] of branch.properties) if (!properties.has(name)) properties.set(name, schema)
    for (const name of branch.required) if (!required.includes(name)) required.push(name)
  }
}

function foldAny(branches: readonly Branch[], properties: Map<string, unknown>, required: string[]): void {
  const objects = branches.filter((b): b is ObjectBranch => b.kind === 'object')
  const names = new Set(objects.flatMap((b) => [...b.properties.keys()]))
  for (const name of names) {
    if (properties.has(name)) continue // the top's own definition holds whichever branch matches
    const definitions: unknown[] = []
    let open = false
    for (const branch of branches) {
      if (branch.kind !== 'object') open = true
      else if (branch.properties.has(name)) definitions.push(branch.properties.get(name))
      else if (!branch.closed) open = true
    }
    properties.set(name, open ? notesOf(definitions[0]) : unionOf(definitions))
  }
  // Required by the original only when every branch that can match requires it.
  if (branches.length === 0 || objects.length < branches.length) return
  for (const name of objects[0]!.required)
    if (objects.every((b) => b.required.includes(name)) && !required.includes(name)) required.push(name)
}

function branchOf(value: unknown, top: Record<string, unknown>): Branch {
  if (value === false) return { kind: 'never' }
  if (!isRecord(value)) return { kind: 'any' }
  // A branch that is a local `$ref` (kept for OpenAI and Anthropic) is read at its target, one step only.
  const referred = typeof value.$ref === 'string'
  const branch = referred ? resolveLocal(top, value.$ref as string) : value
  if (!isRecord(branch) || branch.$ref !== undefined) return branch === false ? { kind: 'never' } : { kind: 'any' }
  const type = branch.type
  if (
    (typeof type === 'string' && type !== 'object') ||
    (Array.isArray(type) && type.length > 0 && !type.includes('object'))
  )
    return { kind: 'never' }
  return {
    kind: 'object',
    // Copied out of a definition that stays where it is: its ids and anchors must not appear twice.
    properties: referred
      ? new Map(
          [...entriesOf(branch.properties)].map(([name, schema]): [string, unknown] => [name, withoutIds(schema)]),
        )
      : entriesOf(branch.properties),
    required: stringsOf(branch.required),
    // Only `additionalProperties: false` (and no patterns) refuses a property the branch does not name.
    closed: branch.additionalProperties === false && branch.patternProperties === undefined,
  }
}

/** One definition, or `anyOf` of the distinct ones. */
function unionOf(definitions: readonly unknown[]): unknown {
  const distinct = new Map(definitions.map((d) => [JSON.stringify(d), d]))
  return distinct.size === 1 ? definitions[0] : { anyOf: [...distinct.values()] }
}

/** Only the notes of a definition (its description helps the model; a note constrains nothing). */
function notesOf(definition: unknown): Record<string, unknown> {
  if (!isRecord(definition)) return {}
  return Object.fromEntries(
    NOTES.filter((key) => typeof definition[key] === 'string').map((key) => [key, definition[key]]),
  )
}

/** `#/$defs/x`-style pointers into the top (anything else: undefined). */
function resolveLocal(root: Record<string, unknown>, ref: string): unknown {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let value: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    } catch {
      return undefined
    }
    if (!isRecord(value) || !Object.hasOwn(value, segment)) return undefined
    value = value[segment]
  }
  return value
}

/** A copy of `value` without `$id`/`$anchor`/`$dynamicAnchor` strings anywhere in it. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (!isRecord(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(['$id', '$anchor', '$dynamicAnchor'].includes(key) && typeof v === 'string'))
      .map(([key, v]) => [key, withoutIds(v)]),
  )
}

/** A map's own entries in order (a property may be named `__proto__`). */
function entriesOf(value: unknown): Map<string, unknown> {
  return new Map(isRecord(value) ? Object.entries(value) : [])
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function copyOwn(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value))
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
