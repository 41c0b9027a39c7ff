// The sidebar's date groups: a pure function of the items, a fixed clock and a time zone.
import { describe, expect, it } from 'vitest'
import { groupByDate } from '../../../../src/renderer/src/features/sidebar/date-groups'
import { SHORTCUTS, shortcutFor, shortcutLabel } from '../../../../src/renderer/src/app/shortcuts'

const at = (iso: string) => ({ id: iso, updatedAt: Date.parse(iso) })
const groups = (items: { id: string; updatedAt: number }[], now: string, zone: string) =>
  groupByDate(items, Date.parse(now), zone).map((g) => [g.id, g.items.map((i) => i.id)])

describe('groupByDate', () => {
  it("the window's own zone (the fast path: boundaries once, no formatter per row) groups exactly like that zone named", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const now = Date.parse('2026-03-30T01:30:00Z')
    // Every 97 minutes back over three years: every boundary, DST changes included.
    const items = Array.from({ length: 17_000 }, (_, i) => ({
      id: String(i),
      updatedAt: now + 3_600_000 - i * 97 * 60_000,
    }))
    const shape = (list: ReturnType<typeof groupByDate<{ id: string; updatedAt: number }>>) =>
      list.map((g) => [g.id, g.items.length])
    expect(shape(groupByDate(items, now))).toEqual(shape(groupByDate(items, now, zone)))
  })

  it('Today, Yesterday, Previous 7 days, Previous 30 days, then months, in the items order', () => {
    const items = [
      at('2026-12-02T08:00:00Z'),
      at('2026-12-01T23:00:00Z'),
      at('2026-11-28T12:00:00Z'),
      at('2026-11-10T12:00:00Z'),
      at('2026-10-15T12:00:00Z'),
      at('2025-12-25T12:00:00Z'),
    ]
    expect(groups(items, '2026-12-02T12:00:00Z', 'UTC')).toEqual([
      ['today', ['2026-12-02T08:00:00Z']],
      ['yesterday', ['2026-12-01T23:00:00Z']],
      ['previous7', ['2026-11-28T12:00:00Z']],
      ['previous30', ['2026-11-10T12:00:00Z']],
      ['2026-10', ['2026-10-15T12:00:00Z']],
      ['2025-12', ['2025-12-25T12:00:00Z']],
    ])
  })

  it('days are the local calendar days of the time zone, not UTC days', () => {
    // 23:00 UTC on Dec 1 is already Dec 2 in Tokyo and still Dec 1 in São Paulo.
    const items = [at('2026-12-01T23:00:00Z')]
    expect(groups(items, '2026-12-02T10:00:00Z', 'Asia/Tokyo')).toEqual([['today', ['2026-12-01T23:00:00Z']]])
    expect(groups(items, '2026-12-02T10:00:00Z', 'America/Sao_Paulo')).toEqual([
      ['yesterday', ['2026-12-01T23:00:00Z']],
    ])
    // 02:30 UTC on Dec 2 is still Dec 1 in New York: "yesterday" at noon New York time.
    expect(groups([at('2026-12-02T02:30:00Z')], '2026-12-02T17:00:00Z', 'America/New_York')).toEqual([
      ['yesterday', ['2026-12-02T02:30:00Z']],
    ])
  })

  it('a time in the future (another clock) counts as today', () => {
    expect(groups([at('2026-12-05T00:00:00Z')], '2026-12-02T12:00:00Z', 'UTC')).toEqual([
      ['today', ['2026-12-05T00:00:00Z']],
    ])
  })
})

describe('shortcuts', () => {
  const key = (
    k: string,
    mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
  ) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods })
  it('maps Ctrl (⌘ on macOS) combinations to actions; ? opens help only outside text fields', () => {
    const pc = { mac: false, typing: false }
    expect(shortcutFor(key('O', { ctrlKey: true, shiftKey: true }), pc)).toBe('newConversation')
    expect(shortcutFor(key('k', { ctrlKey: true }), pc)).toBe('search')
    expect(shortcutFor(key('k', { metaKey: true }), pc)).toBeUndefined()
    expect(shortcutFor(key('k', { metaKey: true }), { mac: true, typing: false })).toBe('search')
    expect(shortcutFor(key(',', { ctrlKey: true }), pc)).toBe('settings')
    expect(shortcutFor(key('E', { ctrlKey: true, shiftKey: true }), pc)).toBe('focusComposer')
    expect(shortcutFor(key('/', { ctrlKey: true }), pc)).toBe('help')
    expect(shortcutFor(key('?', { shiftKey: true }), pc)).toBe('help')
    expect(shortcutFor(key('?', { shiftKey: true }), { mac: false, typing: true })).toBeUndefined()
    expect(shortcutFor(key('k'), pc)).toBeUndefined()
    expect(shortcutFor(key('k', { ctrlKey: true, altKey: true }), pc)).toBeUndefined()
  })

  it('labels per platform', () => {
    const newConversation = SHORTCUTS.find((s) => s.action === 'newConversation')!
    expect(shortcutLabel(newConversation, false)).toBe('Ctrl+Shift+O')
    expect(shortcutLabel(newConversation, true)).toBe('⌘⇧O')
  })
})
