import type { ProviderSettingsView } from '../../../../shared/ipc/app-contract'
import type { Translate } from '../../i18n/messages'

/**
 * "set, ends in …abcd", or just "set" when the core shows no ending (a key under 16 characters:
 * never more than a quarter of a key is shown, see `keyEnding` in the core).
 */
export function keyStatusText(t: Translate, key: ProviderSettingsView['key']): string {
  if (!key.set) return t('keyNotSet')
  const fromEnvironment = key.source === 'environment'
  if (key.endsWith === '') return t(fromEnvironment ? 'keyFromEnvironmentNoEnding' : 'keySetNoEnding')
  return t(fromEnvironment ? 'keyFromEnvironment' : 'keySet', { end: key.endsWith })
}
