// The sidebar's date groups (Today, Yesterday, Previous 7 days, Previous 30 days, then one per
// month): pure, with the clock and the time zone passed in, so tests can fix both.

export type DateGroupKey =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'previous7' }
  | { kind: 'previous30' }
  /** `month` 1–12. */
  | { kind: 'month'; year: number; month: number }

export interface DateGroup<T> {
  /** Stable across renders: `today`, `yesterday`, `previous7`, `previous30`, `2026-03`. */
  id: string
  key: DateGroupKey
  items: T[]
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Days since 1970-01-01 of the calendar date `epochMs` falls on in `timeZone`, and that date's year and month.
 * The window's own zone (no `timeZone`) reads the date's local fields; a named zone goes through one
 * cached formatter per zone (building an `Intl.DateTimeFormat` costs more than grouping 10,000 rows).
 */
export function localDay(epochMs: number, timeZone: string | undefined): { day: number; year: number; month: number } {
  let year: number
  let month: number
  let date: number
  if (timeZone === undefined) {
    const d = new Date(epochMs)
    year = d.getFullYear()
    month = d.getMonth() + 1
    date = d.getDate()
  } else {
    let format = formatters.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      formatters.set(timeZone, format)
    }
    const parts = format.formatToParts(new Date(epochMs))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    year = get('year')
    month = get('month')
    date = get('day')
  }
  return { day: Math.round(Date.UTC(year, month - 1, date) / 86_400_000), year, month }
}

function keyFor(updatedAt: number, today: number, timeZone: string | undefined): DateGroupKey {
  const { day, year, month } = localDay(updatedAt, timeZone)
  const age = today - day
  if (age <= 0) return { kind: 'today' }
  if (age === 1) return { kind: 'yesterday' }
  if (age <= 7) return { kind: 'previous7' }
  if (age <= 30) return { kind: 'previous30' }
  return { kind: 'month', year, month }
}

const idOf = (key: DateGroupKey) =>
  key.kind === 'month' ? `${key.year}-${String(key.month).padStart(2, '0')}` : key.kind

/**
 * Groups items (already newest first) by the local calendar day of `updatedAt` relative to `now`.
 * A date in the future (another device's clock) counts as today. Groups keep the items' order.
 */
export function groupByDate<T extends { updatedAt: number }>(
  items: readonly T[],
  now: number,
  timeZone?: string,
): DateGroup<T>[] {
  const keyOf = timeZone === undefined ? localKeys(now) : namedZoneKeys(now, timeZone)
  const groups: DateGroup<T>[] = []
  let group: DateGroup<T> | undefined
  const byId = new Map<string, DateGroup<T>>()
  for (const item of items) {
    const key = keyOf(item.updatedAt)
    const id = idOf(key)
    if (group?.id !== id) {
      group = byId.get(id)
      if (!group) {
        group = { id, key, items: [] }
        byId.set(id, group)
        groups.push(group)
      }
    }
    group.items.push(item)
  }
  return groups
}

function namedZoneKeys(now: number, timeZone: string): (updatedAt: number) => DateGroupKey {
  const today = localDay(now, timeZone).day
  return (updatedAt) => keyFor(updatedAt, today, timeZone)
}

/**
 * The window's own zone: the boundaries (local midnights) computed once, then each item is a few
 * comparisons; a month's range is kept while items fall in it (10,000 rows group in about a millisecond).
 */
function localKeys(now: number): (updatedAt: number) => DateGroupKey {
  const d = new Date(now)
  const midnight = (daysBack: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - daysBack).getTime()
  const [today, yesterday, week, month] = [midnight(0), midnight(1), midnight(7), midnight(30)]
  let range: { from: number; to: number; key: DateGroupKey } | undefined
  return (updatedAt) => {
    if (updatedAt >= today) return { kind: 'today' }
    if (updatedAt >= yesterday) return { kind: 'yesterday' }
    if (updatedAt >= week) return { kind: 'previous7' }
    if (updatedAt >= month) return { kind: 'previous30' }
    if (range && updatedAt >= range.from && updatedAt < range.to) return range.key
    const at = new Date(updatedAt)
    const [year, monthIndex] = [at.getFullYear(), at.getMonth()]
    range = {
      from: new Date(year, monthIndex, 1).getTime(),
      to: new Date(year, monthIndex + 1, 1).getTime(),
      key: { kind: 'month', year, month: monthIndex + 1 },
    }
    return range.key
  }
}
