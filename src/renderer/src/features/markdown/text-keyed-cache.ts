/**
 * A least-recently-used cache keyed by text, bounded by the total length of its keys (the memory a
 * rendered Markdown block takes grows with its source). A key longer than the whole budget is
 * never stored. Pure: no DOM, no React.
 */
export class TextKeyedCache<V> {
  private readonly entries = new Map<string, V>()
  private chars = 0

  constructor(private readonly maxChars: number) {}

  get size(): number {
    return this.entries.size
  }

  get totalChars(): number {
    return this.chars
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  /**
   * The cached value (now the most recently used), or a new one from `make`, stored when it fits
   * and `keep` (if given) accepts it.
   */
  getOrCreate(key: string, make: (key: string) => V, keep?: (value: V) => boolean): V {
    const hit = this.entries.get(key)
    if (hit !== undefined || this.entries.has(key)) {
      // Map keeps insertion order: re-inserting makes this the newest entry.
      this.entries.delete(key)
      this.entries.set(key, hit as V)
      return hit as V
    }
    const value = make(key)
    if (key.length > this.maxChars || (keep && !keep(value))) return value
    this.entries.set(ownCopy(key), value)
    this.chars += key.length
    for (const oldest of this.entries.keys()) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(oldest)
      this.chars -= oldest.length
    }
    return value
  }
}

/**
 * A copy of `text` that does not share memory with the string it was cut from. Keys are usually
 * `slice`s of a whole answer, and V8 keeps the whole parent alive for as long as a slice lives: a
 * cache of a 200 KB answer's blocks pinned a copy of the answer per frame (~100 MB). Concatenating
 * makes V8 flatten into a new string; slicing that keeps only this key's characters.
 */
export function ownCopy(text: string): string {
  return (' ' + text).slice(1)
}
