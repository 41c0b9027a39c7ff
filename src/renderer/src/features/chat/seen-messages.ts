/**
 * Which messages have been shown in this window (by id and version of their text), most recent
 * last, bounded by the total length of their text. A message seen before is mounted at once when
 * it scrolls back into view: its Markdown blocks are still in Markdown's own cache (bounded the
 * same way, a little larger), so showing it again is cheap. A message not seen yet is mounted in
 * a background render (see `message-row.tsx`), so one fast scroll never parses many at once.
 * Pure: no DOM, no React.
 */
export class SeenMessages {
  private readonly entries = new Map<string, number>()
  private chars = 0

  constructor(private readonly maxChars: number) {}

  get size(): number {
    return this.entries.size
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** Records a message of `chars` characters as shown (now the most recent). */
  add(key: string, chars: number): void {
    const old = this.entries.get(key)
    if (old !== undefined) {
      this.entries.delete(key)
      this.chars -= old
    }
    this.entries.set(key, chars)
    this.chars += chars
    for (const [oldest, size] of this.entries) {
      if (this.chars <= this.maxChars || this.entries.size === 1) break
      this.entries.delete(oldest)
      this.chars -= size
    }
  }
}

/** The key of a message's current text: its id, when it last changed and its length. */
export function seenKey(message: {
  id: string
  updatedAt: number
  parts: ReadonlyArray<{ type: string; text?: string }>
}): string {
  return `${message.id}:${message.updatedAt}:${textLength(message)}`
}

export function textLength(message: { parts: ReadonlyArray<{ type: string; text?: string }> }): number {
  let chars = 0
  for (const part of message.parts) if (typeof part.text === 'string') chars += part.text.length
  return chars
}
