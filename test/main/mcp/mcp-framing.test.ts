// The stdio message reader (framing, the per-message cap) and the stderr ring, on their own.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { McpMessageReader, McpMessageTooLarge } from '../../../src/main/mcp/mcp-message-reader'
import { StderrRing } from '../../../src/main/mcp/mcp-stderr-ring'

describe('McpMessageReader', () => {
  it('yields the same messages however the bytes are split, skipping non-JSON lines', () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, result: { text: 'héllo ✓' } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2 } },
      { jsonrpc: '2.0', id: 'x', error: { code: -32602, message: 'bad' } },
    ]
    const wire = Buffer.from(`banner from a server\n${messages.map((m) => JSON.stringify(m)).join('\r\n')}\n\n`)
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: wire.length }), { maxLength: 8 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b)
        const reader = new McpMessageReader(1024)
        const out: unknown[] = []
        let from = 0
        for (const point of [...points, wire.length]) {
          out.push(...reader.push(wire.subarray(from, point)))
          from = point
        }
        expect(out).toEqual(messages)
      }),
    )
  })

  it('refuses a message over the cap, whether it arrives in one chunk or many', () => {
    const big = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(2000) } }) + '\n')
    expect(() => new McpMessageReader(1000).push(big)).toThrow(McpMessageTooLarge)
    const reader = new McpMessageReader(1000)
    expect(() => {
      for (let i = 0; i < big.length; i += 100) reader.push(big.subarray(i, i + 100))
    }).toThrow(/larger than/)
    // Under the cap: fine.
    expect(new McpMessageReader(4000).push(big)).toHaveLength(1)
  })

  it('reports JSON that is not JSON-RPC as an error in its place', () => {
    const out = new McpMessageReader().push(Buffer.from('{"hello":1}\n{"jsonrpc":"2.0","id":2,"result":{}}\n'))
    expect(out[0]).toBeInstanceOf(Error)
    expect(out[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
  })
})

describe('StderrRing', () => {
  it('keeps exactly the newest bytes up to its capacity', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 50 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        (chunks, capacity) => {
          const ring = new StderrRing(capacity)
          for (const chunk of chunks) ring.push(Buffer.from(chunk, 'latin1'))
          const all = Buffer.from(chunks.join(''), 'latin1')
          const kept = all.subarray(Math.max(0, all.length - capacity))
          expect(ring.droppedBytes()).toBe(all.length - kept.length)
          expect(Buffer.from(ring.text(), 'utf8').length).toBeLessThanOrEqual(capacity * 3)
          expect(ring.text()).toBe(dropCutChar(kept.toString('utf8'), all.length > capacity))
        },
      ),
    )
  })

  it('gives the last non-empty line', () => {
    const ring = new StderrRing(100)
    ring.push('first\nsecond\n\n')
    expect(ring.lastLine()).toBe('second')
  })
})

function dropCutChar(text: string, cut: boolean) {
  return cut ? text.replace(/^\uFFFD+/, '') : text
}
