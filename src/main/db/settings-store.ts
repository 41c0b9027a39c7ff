import type Database from 'better-sqlite3'
import type { z } from 'zod'
import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  isSettingKey,
  type SettingKey,
  type SettingValue,
  type SettingsError,
} from '../../shared/settings'
import type { Clock } from './clock'

export type SettingRead<K extends SettingKey> =
  | { ok: true; value: SettingValue<K>; isDefault: boolean }
  | { ok: false; error: Extract<SettingsError, { kind: 'corrupt-setting' }> }

export type SettingWrite =
  | { ok: true }
  | { ok: false; error: Extract<SettingsError, { kind: 'invalid-setting' | 'unknown-setting' }> }

/**
 * Key/value settings with zod-validated values. Each key is read and checked on its own, so one
 * corrupt value (bad JSON, a value its schema refuses) is reported as a typed error for that key and
 * never hides, resets or deletes anything else. Writing a valid value replaces a corrupt one.
 */
export class SettingsStore {
  private readonly select: Database.Statement<[string], { value_json: string }>
  private readonly upsert: Database.Statement<[string, string, number]>
  private readonly remove: Database.Statement<[string]>

  constructor(
    db: Database.Database,
    private readonly clock: Clock,
  ) {
    this.select = db.prepare('SELECT value_json FROM settings WHERE key = ?')
    this.upsert = db.prepare(
      `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
    )
    this.remove = db.prepare('DELETE FROM settings WHERE key = ?')
  }

  /** The stored value, or the default when none is stored; a typed error when the stored value is corrupt. */
  get<K extends SettingKey>(key: K): SettingRead<K> {
    const definition = SETTING_DEFINITIONS[key]
    const row = this.select.get(key)
    if (!row) return { ok: true, value: definition.defaultValue as SettingValue<K>, isDefault: true }
    let parsed: unknown
    try {
      parsed = JSON.parse(row.value_json)
    } catch (error) {
      return corrupt(key, row.value_json, `it is not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    const result = (definition.schema as z.ZodType).safeParse(parsed)
    if (!result.success) return corrupt(key, row.value_json, describeIssues(result.error))
    return { ok: true, value: result.data as SettingValue<K>, isDefault: false }
  }

  /** Every setting, each read independently (a corrupt one does not affect the others). */
  getAll(): { [K in SettingKey]: SettingRead<K> } {
    const entries = SETTING_KEYS.map((key) => [key, this.get(key)] as const)
    return Object.fromEntries(entries) as { [K in SettingKey]: SettingRead<K> }
  }

  /** Validates then stores. Nothing is written when the key is unknown or the value fails its schema. */
  set(key: string, value: unknown): SettingWrite {
    if (!isSettingKey(key)) {
      return { ok: false, error: { kind: 'unknown-setting', key, message: `There is no setting named '${key}'.` } }
    }
    const result = (SETTING_DEFINITIONS[key].schema as z.ZodType).safeParse(value)
    if (!result.success) {
      return {
        ok: false,
        error: { kind: 'invalid-setting', key, message: `Invalid value for '${key}': ${describeIssues(result.error)}` },
      }
    }
    this.upsert.run(key, JSON.stringify(result.data), this.clock())
    return { ok: true }
  }

  /** Forgets the stored value (the default applies again). */
  reset(key: SettingKey): void {
    this.remove.run(key)
  }
}

function corrupt<K extends SettingKey>(key: K, storedText: string, reason: string): SettingRead<K> {
  return {
    ok: false,
    error: {
      kind: 'corrupt-setting',
      key,
      storedText,
      message: `The stored value of setting '${key}' is unusable: ${reason}.`,
    },
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}
