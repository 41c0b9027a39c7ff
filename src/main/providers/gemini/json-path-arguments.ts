import { argumentsTextOf } from '../../../shared/json-depth'
import { TextPieces } from '../text-pieces'

/**
 * Rebuilds a function call's arguments from Vertex `partialArgs` (`streamFunctionCallArguments`):
 * each piece names a JSON path (`$.operations[0].price`) and a value; string values arrive in
 * pieces that are concatenated per path.
 *
 * The pieces of the string being streamed are buffered in a {@link TextPieces} and joined when
 * another path (or the value) is asked for: `previous + piece` per piece built a rope of 100k cons
 * strings for a 10 MB file body, which every young-generation GC copied again (measured 2× slower).
 */
export class JsonPathArguments {
  private readonly root: Record<string, unknown> = {}
  /** A path that did not parse (the arguments are then unusable). */
  invalid = false
  /** String values arrive in many pieces for one path: its parse is kept for the next piece. */
  private lastPath: string | undefined
  private lastSegments: (string | number)[] | undefined
  /** The string being streamed at `lastPath`: where it goes and its pieces so far. */
  private pendingTarget: Record<string | number, unknown> | undefined
  private pendingKey: string | number = ''
  private pendingPieces: TextPieces | undefined

  /** The arguments built so far. */
  get value(): Record<string, unknown> {
    this.flush()
    return this.root
  }

  set(path: string, value: unknown): void {
    if (path === this.lastPath && this.pendingPieces !== undefined && typeof value === 'string') {
      this.pendingPieces.push(value)
      return
    }
    this.flush()
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
    if (typeof value !== 'string') {
      target[last as never] = value as never
      return
    }
    // A string continues the string already at this path (if any), now and with the pieces to come.
    const previous = target[last as never]
    const pieces = new TextPieces()
    if (typeof previous === 'string') pieces.push(previous)
    pieces.push(value)
    this.pendingTarget = target
    this.pendingKey = last
    this.pendingPieces = pieces
  }

  toJson(): string {
    this.flush()
    // A path can nest as deep as a hostile stream likes: too deep to walk becomes non-JSON text.
    return argumentsTextOf(this.root)
  }

  /** Writes the streamed string into its place. */
  private flush(): void {
    if (this.pendingPieces === undefined) return
    this.pendingTarget![this.pendingKey as never] = this.pendingPieces.text() as never
    this.pendingPieces = undefined
    this.pendingTarget = undefined
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
