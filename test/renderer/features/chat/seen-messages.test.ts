// Which messages the window has shown (mounted at once when they scroll back into view): keyed by
// id and text version, bounded by the total length of their text, oldest forgotten first.
import { describe, expect, it } from 'vitest'
import { SeenMessages, seenKey, textLength } from '../../../../src/renderer/src/features/chat/seen-messages'

describe('SeenMessages', () => {
  it('forgets the least recently shown once the text budget is exceeded', () => {
    const seen = new SeenMessages(100)
    seen.add('a', 40)
    seen.add('b', 40)
    seen.add('a', 40) // shown again: now the most recent
    seen.add('c', 40)
    expect(seen.has('a')).toBe(true)
    expect(seen.has('b')).toBe(false)
    expect(seen.has('c')).toBe(true)
    expect(seen.size).toBe(2)
  })
  it('keeps a message longer than the whole budget until the next one', () => {
    const seen = new SeenMessages(10)
    seen.add('huge', 1000)
    expect(seen.has('huge')).toBe(true)
    seen.add('small', 5)
    expect(seen.has('huge')).toBe(false)
    expect(seen.has('small')).toBe(true)
  })
  it('keys a message by id, last change and text length: an edited text is a new key', () => {
    const message = {
      id: 'm1',
      updatedAt: 5,
      parts: [{ type: 'text', text: 'Hello' }, { type: 'tool-call' }, { type: 'reasoning', text: 'hm' }],
    }
    expect(textLength(message)).toBe(7)
    expect(seenKey(message)).toBe('m1:5:7')
    expect(seenKey({ ...message, updatedAt: 6 })).not.toBe(seenKey(message))
  })
})
