import { PROVIDER_PRESETS, type PresetId } from '../../../../shared/provider-profiles'
import type { Translate } from '../../i18n/messages'
import { PRESET_ORDER, presetLabel } from '../../lib/provider-names'
import '../../styles/providers.css'

/** The presets as buttons: the name, and what it asks of the user (nothing, or a key). */
export function PresetPicker({
  t,
  onPick,
  labelledBy,
}: {
  t: Translate
  onPick: (preset: PresetId) => void
  labelledBy?: string
}) {
  return (
    <ul className="preset-list" aria-labelledby={labelledBy}>
      {PRESET_ORDER.map((preset) => {
        const hint =
          preset === 'custom'
            ? t('providers.presetHint.custom')
            : PROVIDER_PRESETS[preset].needsKey
              ? t('providers.presetHint.key')
              : t('providers.presetHint.local')
        return (
          <li key={preset}>
            <button type="button" className="preset" onClick={() => onPick(preset)} data-testid={`preset-${preset}`}>
              <span className="preset-name">{presetLabel(t, preset)}</span>
              <span className="preset-hint">{hint}</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
