import { useState } from 'react'
import type { CommandRequest, ProviderSettingsView, SettingsView } from '../../../../shared/ipc/app-contract'
import type { PresetId } from '../../../../shared/provider-profiles'
import type { Translate } from '../../i18n/messages'
import type { ProvidersClient } from './settings-client'
import { appErrorText } from '../../lib/app-error-text'
import { providerLabel } from '../../lib/provider-names'
import { PresetPicker } from './preset-picker'
import { ProviderForm } from './provider-form'
import '../../styles/providers.css'

/** What the list says about a provider: ready, or what it still needs. */
export function providerStateText(t: Translate, provider: ProviderSettingsView): string {
  return provider.ready ? t('providers.ready') : t(`providers.notReady.${provider.notReady ?? 'unknown-provider'}`)
}

/**
 * Settings → Providers: the default provider (by name), the providers set up (each editable and
 * removable), and "Add provider" (a preset, then its form).
 */
export function ProviderSettings({
  settings,
  api,
  t,
  onSettings,
  onUpdate,
  allowPlainTextStorage,
}: {
  settings: SettingsView
  api: ProvidersClient
  t: Translate
  onSettings: (settings: SettingsView) => void
  onUpdate: (patch: CommandRequest<'settings.update'>) => Promise<void>
  allowPlainTextStorage: boolean
}) {
  const [editing, setEditing] = useState<string | undefined>()
  const [adding, setAdding] = useState<PresetId | 'choose' | undefined>()
  const [error, setError] = useState('')
  const configured = settings.providers.filter((p) => p.configured || p.id === settings.defaultProvider)
  const byName = (a: ProviderSettingsView, b: ProviderSettingsView) =>
    providerLabel(t, a).localeCompare(providerLabel(t, b))
  return (
    <section className="provider-settings" aria-labelledby="providers-title">
      <h3 id="providers-title">{t('providers.title')}</h3>
      <div className="row">
        <label htmlFor="settings-provider">{t('defaultProvider')}</label>
        <select
          id="settings-provider"
          value={settings.defaultProvider}
          onChange={(e) => void onUpdate({ defaultProvider: e.target.value })}
        >
          {[...configured].sort(byName).map((provider) => (
            <option key={provider.id} value={provider.id}>
              {providerLabel(t, provider)}
              {provider.ready ? '' : ` — ${providerStateText(t, provider)}`}
            </option>
          ))}
        </select>
      </div>
      {configured.filter((p) => p.configured).length === 0 && <p className="muted">{t('providers.none')}</p>}
      <ul className="provider-list">
        {configured
          .filter((p) => p.configured)
          .map((provider) => (
            <li
              key={provider.id}
              id={`provider-settings-${provider.id}`}
              className="provider-item"
              data-testid={`provider-${provider.id}`}
            >
              <div className="provider-summary">
                <span className="provider-title">{providerLabel(t, provider)}</span>
                {provider.id === settings.defaultProvider && <span className="badge">{t('providers.isDefault')}</span>}
                <span className={provider.ready ? 'provider-state ready' : 'provider-state not-ready'}>
                  {providerStateText(t, provider)}
                </span>
                {provider.model && <span className="provider-model">{provider.model}</span>}
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  aria-expanded={editing === provider.id}
                  onClick={() => setEditing(editing === provider.id ? undefined : provider.id)}
                >
                  {t('providers.edit')}
                  <span className="visually-hidden"> {providerLabel(t, provider)}</span>
                </button>
                <button
                  type="button"
                  onClick={async () => {
                    if (!window.confirm(t('providers.confirmRemove', { name: providerLabel(t, provider) }))) return
                    const result = await api['providers.remove']({ id: provider.id })
                    if (result.ok) {
                      setError('')
                      onSettings(result.value)
                    } else setError(appErrorText(t, result.error))
                  }}
                >
                  {t('providers.remove')}
                  <span className="visually-hidden"> {providerLabel(t, provider)}</span>
                </button>
              </div>
              {editing === provider.id && (
                <ProviderForm
                  key={provider.id}
                  api={api}
                  t={t}
                  profile={provider}
                  initialPreset={provider.preset}
                  allowPlainTextStorage={allowPlainTextStorage}
                  offerDefault={provider.id !== settings.defaultProvider}
                  onSaved={(next) => onSettings(next)}
                  onCancel={() => setEditing(undefined)}
                />
              )}
            </li>
          ))}
      </ul>
      {error && (
        <p className="row-error" role="alert">
          {error}
        </p>
      )}
      {adding === undefined ? (
        <button type="button" onClick={() => setAdding('choose')}>
          {t('providers.add')}
        </button>
      ) : adding === 'choose' ? (
        <div className="provider-add">
          <p id="providers-add-choose">{t('providers.firstRun.choose')}</p>
          <PresetPicker t={t} labelledBy="providers-add-choose" onPick={(preset) => setAdding(preset)} />
          <button type="button" onClick={() => setAdding(undefined)}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <ProviderForm
          key={adding}
          api={api}
          t={t}
          initialPreset={adding}
          allowPlainTextStorage={allowPlainTextStorage}
          offerDefault={settings.firstRun === null}
          onSaved={(next, id) => {
            onSettings(next)
            setAdding(undefined)
            setEditing(id)
          }}
          onCancel={() => setAdding(undefined)}
        />
      )}
    </section>
  )
}
