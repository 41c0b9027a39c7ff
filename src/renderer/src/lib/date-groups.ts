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

const idOf = (key: DateGroupKey) => (key.kind === 'month' ? `${key.year}-${String(key.month).padStart(2, '0')}` : key.kind)

/**
 * Groups items (already newest first) by the local calendar day of `updatedAt` relative to `now`.
 * A date in the future (another device's clock) counts as today. Groups keep the items' order.
 */
export function groupByDate<T extends { updatedAt: number }>(items: readonly T[], now: number, timeZone?: string): DateGroup<T>[] {
  const today = localDay(now, timeZone).day
  const groups: DateGroup<T>[] = []
  const byId = new Map<string, DateGroup<T>>()
  for (const item of items) {
    const key = keyFor(item.updatedAt, today, timeZone)
    const id = idOf(key)
    let group = byId.get(id)
    if (!group) {
      group = { id, key, items: [] }
      byId.set(id, group)
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}
