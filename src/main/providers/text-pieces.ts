import { emptyObjectArray } from './object-array'

/**
 * Chunk size at which buffered pieces are merged: 128 Ki characters is at least 128 KiB however
 * the string is stored, past V8's regular-object limit, so each merged chunk lives in the
 * large-object space, which the young-generation GC never copies.
 */
const MERGE_CHARS = 128 * 1024

/**
 * Text that arrives as many small pieces (deltas) and is read whole once, at the end of a turn.
 *
 * Why not just `pieces.push` and one `join`: a turn streams up to 100k pieces and keeps them all
 * until it ends, so every young-generation GC copied every piece received so far (measured: 10 MB
 * of tool arguments cost ~100 ms of scavenging per turn). Pieces are instead merged into one string
 * every {@link MERGE_CHARS} characters: each character is copied once more (a memcpy), only the
 * pieces since the last merge are ever live in the young generation, and the final join has a
 * few dozen chunks to concatenate. The text is exactly the concatenation of the pieces, in order
 * (lone surrogates split across pieces included: string concatenation keeps every code unit).
 */
export class TextPieces {
  /** Merged chunks first (`mergedCount` of them), then the pieces received since the last merge. */
  private pieces = emptyObjectArray<string>()
  private mergedCount = 0
  private unmergedChars = 0
  private totalChars = 0

  /** No piece (or only empty ones) was added. */
  get isEmpty(): boolean {
    return this.totalChars === 0
  }

  get length(): number {
    return this.totalChars
  }

  /** Appends a piece; empty pieces are ignored. */
  push(piece: string): void {
    if (piece.length === 0) return
    this.pieces.push(piece)
    this.totalChars += piece.length
    this.unmergedChars += piece.length
    if (this.unmergedChars >= MERGE_CHARS) {
      const merged = this.pieces.length - this.mergedCount === 1 ? piece : this.pieces.slice(this.mergedCount).join('')
      this.pieces.length = this.mergedCount
      this.pieces.push(merged)
      this.mergedCount++
      this.unmergedChars = 0
    }
  }

  /** The whole text (joined once; later calls return the same string unless more is pushed). */
  text(): string {
    if (this.pieces.length === 0) return ''
    if (this.pieces.length === 1) return this.pieces[0]!
    const whole = this.pieces.join('')
    this.pieces = [whole]
    this.mergedCount = whole.length >= MERGE_CHARS ? 1 : 0
    this.unmergedChars = this.mergedCount === 1 ? 0 : whole.length
    return whole
  }
}
