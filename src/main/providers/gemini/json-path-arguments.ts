import { argumentsTextOf } from '../../../shared/json-depth'
/**
 * Rebuilds a function call's arguments from Vertex `partialArgs` (`streamFunctionCallArguments`):
 * each piece names a JSON path (`$.operations[0].price`) and a value; string values arrive in
 * pieces that are concatenated per path.
 */
export class JsonPathArguments {
  private readonly root: Record<string, unknown> = {}
  /** A path that did not parse (the arguments are then unusable). */
  invalid = false
  /** String values arrive in many pieces for one path: its parse is kept for the next piece. */
  private lastPath: string | undefined
  private lastSegments: (string | number)[] | undefined

  /** The arguments built so far. */
  get value(): Record<string, unknown> {
    return this.root
  }

  set(path: string, value: unknown): void {
    if (path !== this.lastPath) {
      this.lastPath = path
      this.lastSegments = parseJsonPath(path)
    }
    const segments = this.lastSegments
    if (!segments || segments.length === 0) {
      this.invalid = true
      return
    }
    let node: Record<string, unknown> | unknown[] = this.root
    for (let i = 0; i < segments.length - 1; i++) {
      const segment = segments[i]!
      const nextIsIndex = typeof segments[i + 1] === 'number'
      const child: unknown = (node as Record<string | number, unknown>)[segment as never]
      if (typeof child === 'object' && child !== null) {
        node = child as Record<string, unknown> | unknown[]
      } else {
        const created: Record<string, unknown> | unknown[] = nextIsIndex ? [] : {}
        ;(node as Record<string | number, unknown>)[segment as never] = created as never
        node = created
      }
    }
    const last = segments[segments.length - 1]!
    const target = node as Record<string | number, unknown>
    const previous = target[last as never]
    target[last as never] = (typeof previous === 'string' && typeof value === 'string' ? previous + value : value) as never
  }

  toJson(): string {
    // A path can nest as deep as a hostile stream likes: too deep to walk becomes non-JSON text.
    return argumentsTextOf(this.root)
  }
}

/** `$.a.b[0]['c d']` → `['a', 'b', 0, 'c d']`; undefined when the path is not of that form. */
export function parseJsonPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined
  const segments: (string | number)[] = []
  let i = 1
  while (i < path.length) {
    const c = path[i]
    if (c === '.') {
      let j = i + 1
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++
      if (j === i + 1) return undefined
      segments.push(path.slice(i + 1, j))
      i = j
    } else if (c === '[') {
      const close = path.indexOf(']', i)
      if (close === -1) return undefined
      const inner = path.slice(i + 1, close)
      if (/^\d+$/.test(inner)) segments.push(Number(inner))
      else if (/^'.*'$|^".*"$/.test(inner)) segments.push(inner.slice(1, -1))
      else return undefined
      i = close + 1
    } else return undefined
  }
  return segments
}
