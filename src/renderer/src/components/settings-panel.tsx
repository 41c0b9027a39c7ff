import { useEffect, useRef, useState } from 'react'
import type { KeelApi, ProviderSettingsView, SettingsView, ToolInfo } from '../../../shared/ipc/app-contract'
import { LOCALES, type Locale } from '../../../shared/locale'
import { PROVIDER_IDS, type ProviderId } from '../../../shared/provider-id'
import type { AppError } from '../../../shared/ipc/app-error'
import { LANGUAGE_NAMES, type Translate } from '../i18n/messages'
import { appErrorText } from '../lib/app-error-text'
import { keyStatusText } from '../lib/key-status-text'
import { parsePriceFields, priceFieldsOf, samePrice, type PriceFields } from '../lib/price-fields'
import { ConversationDefaultsSection } from './conversation-settings'
import { McpServersPanel } from './mcp-servers-panel'

/** Write tools that ask before running (reads never ask). */

function ProviderSection({
  provider,
  api,
  t,
  onSettings,
  allowPlainTextStorage,
}: {
  provider: ProviderSettingsView
  api: KeelApi
  t: Translate
  onSettings: (s: SettingsView) => void
  /** The user ticked "store keys without encryption" (only offered where there is no keyring). */
  allowPlainTextStorage: boolean
}) {
  const [key, setKey] = useState('')
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl)
  const [model, setModel] = useState(provider.model)
  const [price, setPrice] = useState<PriceFields>(() => priceFieldsOf(provider.price))
  // Only a price the user typed is written: a model change alone must not carry the old model's price over.
  const [priceEdited, setPriceEdited] = useState(false)
  const [status, setStatus] = useState('')
  const show = (result: { ok: true; value: SettingsView } | { ok: false; error: AppError }) => {
    if (result.ok) {
      onSettings(result.value)
      setStatus('')
    } else setStatus(appErrorText(t, result.error))
  }
  const prefix = `provider-${provider.id}`
  return (
    <fieldset className="provider" aria-label={provider.id}>
      <legend>{provider.id}</legend>
      <p className="key-status" data-testid={`${prefix}-key-status`}>
        {t('apiKey')}: {keyStatusText(t, provider.key)}
      </p>
      <div className="row">
        <label htmlFor={`${prefix}-key`}>{t('apiKey')}</label>
        <input id={`${prefix}-key`} type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
        <button
          type="button"
          disabled={key.trim() === ''}
          onClick={async () => {
            const result = await api['keys.set']({ provider: provider.id, key: key.trim(), ...(allowPlainTextStorage && { allowPlainTextStorage: true }) })
            show(result)
            // A refused key stays in the field, so ticking the opt-in and saving again is enough.
            if (result.ok) setKey('')
          }}
        >
          {t('saveKey')}
        </button>
        {provider.key.set && provider.key.source === 'saved' && (
          <button type="button" onClick={async () => show(await api['keys.clear']({ provider: provider.id }))}>
            {t('clearKey')}
          </button>
        )}
      </div>
      <div className="row">
        <label htmlFor={`${prefix}-url`}>{t('baseUrl')}</label>
        <input id={`${prefix}-url`} type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      </div>
      <div className="row">
        <label htmlFor={`${prefix}-model`}>{t('model')}</label>
        <input id={`${prefix}-model`} value={model} onChange={(e) => setModel(e.target.value)} />
      </div>
      <fieldset className="price">
        <legend>{t('priceTitle', { model: model.trim() || provider.model })}</legend>
        {(['input', 'output', 'cachedInput'] as const).map((field) => (
          <div className="row" key={field}>
            <label htmlFor={`${prefix}-price-${field}`}>{t(field === 'input' ? 'priceInput' : field === 'output' ? 'priceOutput' : 'priceCachedInput')}</label>
            <input
              id={`${prefix}-price-${field}`}
              inputMode="decimal"
              autoComplete="off"
              value={price[field]}
              onChange={(e) => {
                setPrice({ ...price, [field]: e.target.value })
                setPriceEdited(true)
              }}
            />
          </div>
        ))}
      </fieldset>
      <div className="row">
        <button
          type="button"
          onClick={async () => {
            const parsedPrice = priceEdited ? parsePriceFields(price) : undefined
            if (parsedPrice && !parsedPrice.ok) return setStatus(t(parsedPrice.error))
            const saved = await api['settings.update']({ provider: { id: provider.id, baseUrl: baseUrl.trim() || null, model: model.trim() || null } })
            if (!saved.ok) return show(saved)
            // The price belongs to the model now in effect (a cleared field means the default model).
            const current = saved.value.providers.find((p) => p.id === provider.id)
            if (!current) return show(saved)
            if (!parsedPrice || samePrice(current.price, parsedPrice.price)) {
              setPrice(priceFieldsOf(current.price))
              setPriceEdited(false)
              return show(saved)
            }
            const priced = await api['settings.update']({ price: { provider: provider.id, model: current.model, price: parsedPrice.price } })
            if (priced.ok) setPriceEdited(false)
            show(priced)
          }}
        >
          {t('saveProvider')}
        </button>
        <button
          type="button"
          onClick={async () => {
            const result = await api['providers.test']({ provider: provider.id })
            if (!result.ok) setStatus(t('connectionFailed', { message: result.error.message }))
            else if (result.value.ok) setStatus(t('connectionOk', { model: result.value.model, ms: result.value.latencyMs }))
            else setStatus(t('connectionFailed', { message: result.value.message }))
          }}
        >
          {t('testConnection')}
        </button>
      </div>
      {status && (
        <p role="status" className="provider-status">
          {status}
        </p>
      )}
    </fieldset>
  )
}

/**
 * How saved keys are kept, said before the user types one: nothing to say with a real keyring;
 * without one (Linux `basic_text`) a warning and an explicit opt-in; in browser mode, memory only.
 */
export function KeyStorageNotice({
  mode,
  t,
  allowPlainText,
  onAllowPlainText,
}: {
  mode: SettingsView['keyStorage']
  t: Translate
  allowPlainText: boolean
  onAllowPlainText: (allow: boolean) => void
}) {
  if (mode === 'os-encrypted') return null
  if (mode === 'memory-only')
    return (
      <p className="key-storage muted" data-testid="key-storage-notice">
        {t('keyStorageMemory')}
      </p>
    )
  return (
    <div className="key-storage warning" data-testid="key-storage-notice">
      <p id="key-storage-warning">{t('keyStoragePlainWarning')}</p>
      <label>
        <input type="checkbox" checked={allowPlainText} aria-describedby="key-storage-warning" onChange={(e) => onAllowPlainText(e.target.checked)} />{' '}
        {t('keyStoragePlainOptIn')}
      </label>
    </div>
  )
}

export function SettingsPanel({
  settings,
  api,
  t,
  onUpdate,
  onSettings,
  onClose,
  tools: toolInfos,
}: {
  settings: SettingsView
  api: KeelApi
  t: Translate
  onUpdate: (patch: Parameters<KeelApi['settings.update']>[0]) => Promise<void>
  onSettings: (settings: SettingsView) => void
  onClose: () => void
  /** Every tool (from `tools.list`): those with an effect ask first unless allowed for good. */
  tools: ToolInfo[]
}) {
  const locale = settings.language
  const tools = toolInfos.filter((tool) => tool.effect !== 'none')
  const [allowPlainText, setAllowPlainText] = useState(false)
  const panel = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // Opening moves focus into the panel (its heading, so a screen reader says where it is); closing
  // gives focus back to what opened it (the Settings button) unless the user has moved on.
  useEffect(() => {
    const node = panel.current
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    heading.current?.focus()
    return () => {
      const active = document.activeElement
      const focusLost = active === null || active === document.body || (node !== null && node.contains(active))
      if (focusLost && opener?.isConnected) opener.focus()
    }
  }, [])
  return (
    <section ref={panel} className="settings" aria-labelledby="settings-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <header>
        <h2 id="settings-title" ref={heading} tabIndex={-1}>
          {t('settings')}
        </h2>
        <button type="button" onClick={onClose}>
          {t('closeSettings')}
        </button>
      </header>
      <div className="row">
        <label htmlFor="settings-language">{t('language')}</label>
        <select id="settings-language" value={settings.language} onChange={(e) => void onUpdate({ language: e.target.value as Locale })}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <label htmlFor="settings-provider">{t('defaultProvider')}</label>
        <select id="settings-provider" value={settings.defaultProvider} onChange={(e) => void onUpdate({ defaultProvider: e.target.value as ProviderId })}>
          {PROVIDER_IDS.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      <ConversationDefaultsSection api={api} settings={settings} t={t} />
      <h3>{t('toolPermissions')}</h3>
      {tools.map(({ name, title, titles, grantKey, provider }) => (
        <div className="row" key={grantKey}>
          <label htmlFor={`permission-${name}`}>{provider ? `${provider}: ${titles?.[locale] ?? title}` : (titles?.[locale] ?? title)}</label>
          <select
            id={`permission-${name}`}
            value={settings.toolPermissions[grantKey] ?? 'ask'}
            onChange={(e) => void onUpdate({ toolPermissions: { [grantKey]: e.target.value as 'ask' | 'always-allow' } })}
          >
            <option value="ask">{t('permissionAsk')}</option>
            <option value="always-allow">{t('permissionAlways')}</option>
          </select>
        </div>
      ))}
      <KeyStorageNotice mode={settings.keyStorage} t={t} allowPlainText={allowPlainText} onAllowPlainText={setAllowPlainText} />
      {settings.providers.map((provider) => (
        <ProviderSection
          key={provider.id}
          provider={provider}
          api={api}
          t={t}
          onSettings={onSettings}
          allowPlainTextStorage={settings.keyStorage === 'plain-text-opt-in' && allowPlainText}
        />
      ))}
      <McpServersPanel api={api} t={t} allowPlainTextStorage={settings.keyStorage === 'plain-text-opt-in' && allowPlainText} />
    </section>
  )
}
