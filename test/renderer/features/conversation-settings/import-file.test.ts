// The window's Import sends a file in pieces and says how far it is: the share of the file sent,
// then "restoring" while the store takes it in; the pieces rebuild the file exactly.
import { describe, expect, it } from 'vitest'
import type { KeelApi } from '../../../../src/shared/ipc/app-contract'
import {
  importFileInPieces,
  type ImportProgress,
} from '../../../../src/renderer/src/features/conversation-settings/import-file'

function fakeApi(failAtPiece?: number) {
  const pieces: string[] = []
  const calls: string[] = []
  const api = {
    'conversations.importPart': async ({ index, text }: { index: number; text: string }) => {
      calls.push(`part ${index}`)
      if (index === failAtPiece)
        return { ok: false, error: { kind: 'validation', message: 'out of room', owner: 'user', retryable: false } }
      pieces.push(text)
      return { ok: true, value: { received: pieces.join('').length } }
    },
    'conversations.import': async (request: { uploadId?: string; text?: string }) => {
      calls.push(request.uploadId ? 'import upload' : 'import text')
      return {
        ok: true,
        value: { imported: [], skipped: [], added: {}, present: {}, collisions: [], collisionCount: 0 },
      }
    },
  } as unknown as KeelApi
  return { api, pieces, calls }
}

// ~1.6 MB with two- and three-byte characters (pieces are cut by characters, progress counts bytes).
const TEXT = `{"conversations":[${Array.from({ length: 9000 }, (_, i) => `{"title":"Medição ${i} — ✓","text":"${'x'.repeat(150)}"}`).join(',')}]}`

describe('importFileInPieces', () => {
  it('sends the file in order, reports the share sent up to all of it, then restoring, then imports the upload', async () => {
    const { api, pieces, calls } = fakeApi()
    const progress: ImportProgress[] = []
    const result = await importFileInPieces(api, new Blob([TEXT]), (p) => progress.push(p))
    expect(result.ok).toBe(true)
    expect(pieces.length).toBeGreaterThan(2)
    expect(pieces.join('')).toBe(TEXT)
    expect(calls.at(-1)).toBe('import upload')
    const sending = progress.filter((p) => p.phase === 'sending').map((p) => p.fraction)
    expect(sending.length).toBeGreaterThan(1)
    for (let i = 1; i < sending.length; i++) expect(sending[i]!).toBeGreaterThan(sending[i - 1]!)
    expect(sending.at(-1)).toBe(1)
    expect(progress.at(-1)).toEqual({ phase: 'restoring' })
  })

  it('stops at a piece that fails: that error, no restoring, no import', async () => {
    const { api, calls } = fakeApi(1)
    const progress: ImportProgress[] = []
    const result = await importFileInPieces(api, new Blob([TEXT]), (p) => progress.push(p))
    expect(result.ok).toBe(false)
    expect(calls).toEqual(['part 0', 'part 1'])
    expect(progress.some((p) => p.phase === 'restoring')).toBe(false)
  })
})
