import { SETTING_DEFINITIONS, SETTING_KEYS, type SettingKey, type SettingValue } from '../../shared/settings'
import type { StoreReader } from '../db/keel-store'
import type { SettingRead } from '../db/settings-store'

/** Saved settings, each read on its own: a corrupt one falls back to its default and is reported. */
export interface EffectiveSettings {
  values: { [K in SettingKey]: SettingValue<K> }
  corrupt: SettingKey[]
}

export function readSettings(store: StoreReader): EffectiveSettings {
  const all = store.settings.getAll()
  const corrupt: SettingKey[] = []
  const pick = <K extends SettingKey>(key: K, read: SettingRead<K>, fallback: SettingValue<K>): SettingValue<K> => {
    if (read.ok) return read.value
    corrupt.push(key)
    return fallback
  }
  // Each default is the one in SETTING_DEFINITIONS (written down once).
  const values = Object.fromEntries(
    SETTING_KEYS.map((key) => [
      key,
      pick(key, all[key] as SettingRead<typeof key>, SETTING_DEFINITIONS[key].defaultValue as SettingValue<typeof key>),
    ]),
  ) as EffectiveSettings['values']
  return { values, corrupt }
}
