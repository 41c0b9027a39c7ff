import { isoStringOrNull } from '../../shared/measurement'

/**
 * The time source of the store and the tools: epoch milliseconds (UTC). Injected everywhere so
 * tests are deterministic; production uses {@link systemClock}.
 *
 * Storage convention: every time in the database is an INTEGER of epoch milliseconds, UTC.
 * Model-facing tool outputs and tool outcomes render times as ISO-8601 UTC strings, except when a
 * measurement was taken: in the user's time zone (its offset is stored beside it; see `takenAtText`).
 */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()

/** Epoch milliseconds → `2024-05-01T09:14:00.000Z`; a value that is no real date → `invalid date (<n>)`, never a throw. */
export function toIsoString(epochMs: number): string {
  return isoStringOrNull(epochMs) ?? `invalid date (${epochMs})`
}
