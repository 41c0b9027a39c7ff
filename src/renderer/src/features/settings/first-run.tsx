import { useState } from 'react'
import type { SettingsView } from '../../../../shared/ipc/app-contract'
import type { PresetId } from '../../../../shared/provider-profiles'
import type { Translate } from '../../i18n/messages'
import type { ProvidersClient } from './settings-client'
import { providerLabel } from '../../lib/provider-names'
import { PresetPicker } from './preset-picker'
import { ProviderForm } from './provider-form'
import '../../styles/providers.css'

/**
 * In the conversation area while no provider can answer (nothing set up, or no key for one that
 * needs it): says so and offers setup — the presets, then the provider form — instead of sending
 * a request that cannot succeed. `blocked`: the user just tried to send (nothing was sent).
 */
export function FirstRunCard({
  settings,
  api,
  t,
  blocked,
  allowPlainTextStorage,
  onConnected,
}: {
  settings: SettingsView
  api: ProvidersClient
  t: Translate
  blocked: boolean
  allowPlainTextStorage: boolean
  onConnected: (settings: SettingsView, name: string) => void
}) {
  const firstRun = settings.firstRun
  const current = settings.providers.find((p) => p.id === firstRun?.provider)
  // A provider the user already set up (but without its key): its own form first.
  const [choice, setChoice] = useState<PresetId | 'current' | undefined>(current?.configured ? 'current' : undefined)
  if (!firstRun) return null
  const name = current ? providerLabel(t, current) : firstRun.provider
  const explanation = !current?.configured
    ? t('providers.firstRun.none')
    : firstRun.reason === 'no-key'
      ? t('providers.firstRun.no-key', { name })
      : t('providers.firstRun.incomplete', { name })
  const saved = (next: SettingsView, id: string) => {
    const provider = next.providers.find((p) => p.id === id)
    if (next.firstRun === null) onConnected(next, provider ? providerLabel(t, provider) : id)
    else onConnected(next, '')
  }
  return (
    <section className="first-run" aria-labelledby="first-run-title" data-testid="first-run">
      <h2 id="first-run-title">{t('providers.firstRun.title')}</h2>
      <p>{explanation}</p>
      {blocked && (
        <p className="first-run-blocked" role="alert">
          {t('providers.firstRun.blocked')}
        </p>
      )}
      {choice === undefined ? (
        <>
          <h3 id="first-run-choose">{t('providers.firstRun.choose')}</h3>
          <PresetPicker t={t} labelledBy="first-run-choose" onPick={setChoice} />
        </>
      ) : (
        <>
          <ProviderForm
            key={choice}
            api={api}
            t={t}
            profile={choice === 'current' ? current : undefined}
            initialPreset={choice === 'current' ? (current?.preset ?? 'custom') : choice}
            allowPlainTextStorage={allowPlainTextStorage}
            offerDefault={false}
            onSaved={saved}
          />
          <button type="button" className="link-button" onClick={() => setChoice(undefined)}>
            {t('providers.firstRun.choose')}
          </button>
        </>
      )}
    </section>
  )
}
