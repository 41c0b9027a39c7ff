// The store's date ranges: instants by their instant; with `days`, day rows by their local calendar date.
import { describe, expect, it } from 'vitest'
import { fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('MeasurementStore.list ranges', () => {
  function storeWithDays() {
    const store = open({ clock: fakeClock(Date.UTC(2024, 5, 1)) }).store
    const base = { kind: 'weight', canonicalValue: 72, value: 72, unit: 'kg' } as const
    // 1 May in Kolkata (begins 18:30 UTC on 30 April), and 1 May stored before offsets were kept (midnight UTC).
    store.measurements.insert({
      ...base,
      takenAt: Date.UTC(2024, 3, 30, 18, 30),
      takenAtPrecision: 'day',
      takenAtOffsetMin: 330,
    })
    store.measurements.insert({ ...base, value: 71, takenAt: Date.UTC(2024, 4, 1), takenAtPrecision: 'day' })
    return store
  }

  it('without `days`, every row compares by its instant (the window asks by instants)', () => {
    const store = storeWithDays()
    const values = (from: number, to: number) => store.measurements.list({ from, to, limit: 10 }).map((m) => m.value)
    expect(values(Date.UTC(2024, 3, 30, 18), Date.UTC(2024, 3, 30, 19))).toEqual([72])
    expect(values(Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 1, 1))).toEqual([71])
  })

  it('with `days`, a day row compares by its calendar date, whatever offset it was stored with', () => {
    const store = storeWithDays()
    const may1 = { from: Date.UTC(2024, 4, 1), to: Date.UTC(2024, 4, 2) - 1 }
    // Instant bounds that hold neither row's instant: the days still match by date.
    expect(store.measurements.list({ from: 0, to: 1, days: may1, limit: 10 }).map((m) => m.value)).toEqual([71, 72])
    expect(store.measurements.list({ days: { from: Date.UTC(2024, 4, 2) }, limit: 10 })).toEqual([])
  })
})
