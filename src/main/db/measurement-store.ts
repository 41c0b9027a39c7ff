import type Database from 'better-sqlite3'
import {
  MEASUREMENT_KIND_INFO,
  measurementTimeProblem,
  type Measurement,
  type MeasurementKind,
  type MeasurementUnit,
} from '../../shared/measurement'
import type { Clock } from './clock'

interface MeasurementRow {
  id: number
  kind: MeasurementKind
  canonical_value: number
  input_value: number
  input_unit: MeasurementUnit
  taken_at: number
  taken_at_precision: 'day' | 'instant'
  taken_at_offset_min: number | null
  recorded_at: number
  deleted_at: number | null
  created_by_ledger_id: number | null
  deleted_by_ledger_id: number | null
}

export interface NewMeasurement {
  kind: MeasurementKind
  canonicalValue: number
  value: number
  unit: MeasurementUnit
  takenAt: number
  takenAtPrecision: 'day' | 'instant'
  /** The user's UTC offset (minutes) at `takenAt`; `undefined` when unknown (read as UTC). */
  takenAtOffsetMin?: number | undefined
  /** The ledger entry whose effect this row is (tool writes); `undefined` for edits made in the UI. */
  createdByLedgerId?: number
}

export interface MeasurementQuery {
  kind?: MeasurementKind
  /** Inclusive lower bound on `takenAt` (epoch ms). */
  from?: number
  /** Inclusive upper bound on `takenAt` (epoch ms). */
  to?: number
  /**
   * Inclusive bounds for day-precision rows, on their local wall-clock time (`takenAt` + offset, as
   * epoch ms): a day is in a range of days by its calendar date, whatever offset it was stored with
   * (a row from before offsets were kept is a UTC day). Without it every row compares by `takenAt`.
   */
  days?: { from?: number | undefined; to?: number | undefined }
  limit: number
}

/**
 * Measurement rows. Reads skip deleted rows. Deletion is soft (`deleted_at`), so the ledger's
 * effect rows stay whole and an accidental delete can be undone. No method opens a transaction:
 * tool writes run inside the ledger's transaction.
 */
export class MeasurementStore {
  private readonly statements: ReturnType<typeof prepare>

  constructor(
    db: Database.Database,
    private readonly clock: Clock,
  ) {
    this.statements = prepare(db)
  }

  /** Throws a RangeError for a date outside {@link measurementTimeProblem}'s range: every entrance checks it first. */
  insert(input: NewMeasurement): Measurement {
    const problem = measurementTimeProblem(input.takenAt, this.clock())
    if (problem)
      throw new RangeError(`a measurement's date must lie between 1900 and tomorrow (${problem}: ${input.takenAt})`)
    const result = this.statements.insert.run(
      input.kind,
      input.canonicalValue,
      input.value,
      input.unit,
      input.takenAt,
      input.takenAtPrecision,
      input.takenAtOffsetMin ?? null,
      this.clock(),
      input.createdByLedgerId ?? null,
    )
    const row = this.statements.selectAny.get(Number(result.lastInsertRowid))
    if (!row) throw new Error('a measurement vanished right after being inserted')
    return toMeasurement(row)
  }

  /** Soft-deletes a live measurement; `undefined` when there is none with that id (or it was already deleted). */
  softDelete(id: number, options: { deletedByLedgerId?: number } = {}): Measurement | undefined {
    const changed = this.statements.softDelete.run(this.clock(), options.deletedByLedgerId ?? null, id).changes
    if (changed !== 1) return undefined
    const row = this.statements.selectAny.get(id)
    return row ? toMeasurement(row) : undefined
  }

  /** A live measurement by id. */
  get(id: number): Measurement | undefined {
    const row = this.statements.selectLive.get(id)
    return row ? toMeasurement(row) : undefined
  }

  /** The most recent live measurement of a kind (latest `takenAt`, then latest id). */
  latest(kind: MeasurementKind): Measurement | undefined {
    const row = this.statements.latest.get(kind)
    return row ? toMeasurement(row) : undefined
  }

  /** Every live measurement, newest first, one row at a time (the export; nothing else may use the connection meanwhile). */
  *iterateAll(): Generator<Measurement> {
    const [min, max] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
    for (const row of this.statements.listAll.iterate({
      from: min,
      to: max,
      byWallClock: 0,
      dayFrom: min,
      dayTo: max,
      limit: -1,
    }))
      yield toMeasurement(row)
  }

  /** Live measurements, newest first. */
  list(query: MeasurementQuery): Measurement[] {
    const from = query.from ?? Number.MIN_SAFE_INTEGER
    const to = query.to ?? Number.MAX_SAFE_INTEGER
    const range: RangeParams = {
      from,
      to,
      byWallClock: query.days ? 1 : 0,
      dayFrom: query.days?.from ?? Number.MIN_SAFE_INTEGER,
      dayTo: query.days?.to ?? Number.MAX_SAFE_INTEGER,
      limit: query.limit,
    }
    const rows =
      query.kind === undefined
        ? this.statements.listAll.all(range)
        : this.statements.listKind.all({ ...range, kind: query.kind })
    return rows.map(toMeasurement)
  }
}

function toMeasurement(row: MeasurementRow): Measurement {
  return {
    id: row.id,
    kind: row.kind,
    canonicalValue: row.canonical_value,
    canonicalUnit: MEASUREMENT_KIND_INFO[row.kind].canonicalUnit,
    value: row.input_value,
    unit: row.input_unit,
    takenAt: row.taken_at,
    takenAtPrecision: row.taken_at_precision,
    takenAtOffsetMin: row.taken_at_offset_min ?? undefined,
    recordedAt: row.recorded_at,
    deletedAt: row.deleted_at ?? undefined,
  }
}

interface RangeParams {
  from: number
  to: number
  /** 1: day rows compare by their wall-clock time against `dayFrom`/`dayTo`; 0: every row by `taken_at`. */
  byWallClock: 0 | 1
  dayFrom: number
  dayTo: number
  limit: number
}

/** Instants by `taken_at`; with `byWallClock`, days by their local wall-clock time (a row from before migration 0080 has a NULL offset: a UTC day). */
const IN_RANGE = `CASE WHEN @byWallClock AND taken_at_precision = 'day'
    THEN taken_at + coalesce(taken_at_offset_min, 0) * 60000 BETWEEN @dayFrom AND @dayTo
    ELSE taken_at BETWEEN @from AND @to END`

function prepare(db: Database.Database) {
  return {
    insert: db.prepare<[string, number, number, string, number, string, number | null, number, number | null]>(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, taken_at_offset_min, recorded_at, created_by_ledger_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    softDelete: db.prepare<[number, number | null, number]>(
      'UPDATE measurements SET deleted_at = ?, deleted_by_ledger_id = ? WHERE id = ? AND deleted_at IS NULL',
    ),
    selectAny: db.prepare<[number], MeasurementRow>('SELECT * FROM measurements WHERE id = ?'),
    selectLive: db.prepare<[number], MeasurementRow>('SELECT * FROM measurements WHERE id = ? AND deleted_at IS NULL'),
    latest: db.prepare<[string], MeasurementRow>(
      'SELECT * FROM measurements WHERE kind = ? AND deleted_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT 1',
    ),
    listAll: db.prepare<[RangeParams], MeasurementRow>(
      `SELECT * FROM measurements WHERE deleted_at IS NULL AND ${IN_RANGE}
       ORDER BY taken_at DESC, id DESC LIMIT @limit`,
    ),
    listKind: db.prepare<[RangeParams & { kind: string }], MeasurementRow>(
      `SELECT * FROM measurements WHERE kind = @kind AND deleted_at IS NULL AND ${IN_RANGE}
       ORDER BY taken_at DESC, id DESC LIMIT @limit`,
    ),
  }
}
