import { useEffect, useId, useRef, useState } from 'react'
import type {
  ProviderCheckResult,
  ProviderModel,
  ProviderSettingsView,
  SettingsView,
} from '../../../../shared/ipc/app-contract'
import { PRESET_IDS, PROVIDER_PRESETS, type PresetId } from '../../../../shared/provider-profiles'
import type { MessageKey, Translate } from '../../i18n/messages'
import type { ProvidersClient } from './settings-client'
import { countText } from '../../i18n/plural'
import { appErrorText } from '../../lib/app-error-text'
import { keyStatusText } from './key-status-text'
import { parsePriceFields, priceFieldsOf, samePrice, type PriceFields } from './price-fields'
import { hostOfUrl, isHttpUrl, presetLabel, providerLabel } from '../../lib/provider-names'
import { asClause, modelsFailureReason, quotedDetail } from './failure-detail-text'
import '../../styles/providers.css'

type ModelsState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; models: ProviderModel[] }
  | { state: 'failed'; reason: string }

/** One line of what Test connection found. */
interface CheckLine {
  ok: boolean
  text: string
}

/** What Test connection found, line by line: reachable, key, model (in the window's language). */
export function checkLines(t: Translate, result: ProviderCheckResult, baseUrl: string, model: string): CheckLine[] {
  const host = hostOfUrl(baseUrl)
  const key = (value: boolean | 'not-needed' | undefined): CheckLine[] =>
    value === undefined
      ? []
      : value === 'not-needed'
        ? [{ ok: true, text: t('providers.check.keyNotNeeded') }]
        : value
          ? [{ ok: true, text: t('providers.check.keyAccepted') }]
          : []
  if (result.ok) {
    return [
      { ok: true, text: t('providers.check.reachable', { ms: result.latencyMs }) },
      ...key(result.keyAccepted),
      { ok: true, text: t('providers.check.modelPresent', { model: result.model }) },
      ...(result.via === 'generation' ? [{ ok: true, text: t('providers.check.viaGeneration') }] : []),
    ]
  }
  const reachable: CheckLine[] = result.reachable ? [{ ok: true, text: t('providers.check.reachableNoTime') }] : []
  switch (result.kind) {
    case 'unreachable':
      return [{ ok: false, text: t('providers.check.unreachable', { host }) }]
    case 'timeout':
      return [{ ok: false, text: t('providers.check.timeout', { host }) }]
    case 'no-key':
      return [{ ok: false, text: t('providers.check.noKey') }]
    case 'no-base-url':
      return [{ ok: false, text: t('providers.check.noBaseUrl') }]
    case 'key-rejected':
      return [
        ...reachable,
        { ok: false, text: t('providers.check.keyRejected', { message: quotedDetail(result.message) }) },
      ]
    case 'model-missing':
      return [
        ...reachable,
        ...key(result.keyAccepted),
        { ok: false, text: t('providers.check.modelMissing', { model }) },
      ]
    case 'no-model':
      return [...reachable, ...key(result.keyAccepted), { ok: false, text: t('providers.check.noModel') }]
    default:
      return [...reachable, { ok: false, text: t('providers.check.failed', { message: quotedDetail(result.message) }) }]
  }
}

/**
 * Adds or edits one provider. Everything typed is used at once — the model list and Test
 * connection ask the server with the values on screen (the key typed included) before anything is
 * saved; Save says "Saved." next to its button.
 */
export function ProviderForm({
  api,
  t,
  profile,
  initialPreset,
  allowPlainTextStorage,
  offerDefault,
  onSaved,
  onCancel,
}: {
  api: ProvidersClient
  t: Translate
  /** The profile edited; absent: a new one made from `initialPreset`. */
  profile?: ProviderSettingsView | undefined
  initialPreset: PresetId
  allowPlainTextStorage: boolean
  /** Show "Use as the default provider" (not for the default itself). */
  offerDefault: boolean
  onSaved: (settings: SettingsView, id: string) => void
  onCancel?: (() => void) | undefined
}) {
  const id = useId()
  const [preset, setPreset] = useState<PresetId>(profile?.preset ?? initialPreset)
  const defaults = PROVIDER_PRESETS[preset]
  const [name, setName] = useState(profile ? providerLabel(t, profile) : presetLabel(t, initialPreset))
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? PROVIDER_PRESETS[initialPreset].baseUrl)
  const [apiKey, setApiKey] = useState('')
  const [keyRequired, setKeyRequired] = useState(profile?.keyRequired ?? PROVIDER_PRESETS[initialPreset].needsKey)
  const [model, setModel] = useState(profile?.model ?? PROVIDER_PRESETS[initialPreset].model)
  const [models, setModels] = useState<ModelsState>({ state: 'idle' })
  const [makeDefault, setMakeDefault] = useState(false)
  const [checking, setChecking] = useState(false)
  const [check, setCheck] = useState<CheckLine[] | undefined>()
  const [status, setStatus] = useState<{ ok: boolean; text: string } | undefined>()
  const [price, setPrice] = useState<PriceFields>(() => priceFieldsOf(profile?.price ?? null))
  const [priceEdited, setPriceEdited] = useState(false)
  const statusRef = useRef<HTMLDivElement>(null)
  // Once the user has put the caret in the Model field, a list arriving never writes into it
  // (filling it under their typing turned "sim-model-large" into "sim-modelsim-model-large").
  const modelTouched = useRef(false)
  const keyIsSet = profile?.key.set === true
  const needsKeyNow = keyRequired && apiKey.trim() === '' && !keyIsSet
  const urlValid = isHttpUrl(baseUrl)
  const title = profile
    ? t('providers.formTitleEdit', { name: providerLabel(t, profile) })
    : t('providers.formTitleNew', { name: presetLabel(t, preset) })

  /** The form as a draft for the core: only valid values (the rest falls back to what is saved). */
  const target = () => ({
    ...(profile ? { provider: profile.id } : {}),
    draft: {
      preset,
      ...(urlValid ? { baseUrl: baseUrl.trim() } : {}),
      model: model.trim(),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(preset === 'custom' ? { keyRequired } : {}),
    },
  })

  const loadModels = async () => {
    if (!urlValid || needsKeyNow) return
    setModels({ state: 'loading' })
    const result = await api['providers.models'](target())
    if (!result.ok) return setModels({ state: 'failed', reason: asClause(appErrorText(t, result.error)) })
    if (!result.value.ok)
      return setModels({ state: 'failed', reason: modelsFailureReason(t, result.value, hostOfUrl(baseUrl)) })
    const listed = result.value.models
    setModels({ state: 'loaded', models: listed })
    // An empty model field takes the first model the server offers (the user can type another).
    const first = listed[0]
    if (first && !modelTouched.current) setModel((current) => (current.trim() === '' ? first.id : current))
  }

  // The list loads as soon as there is an address to ask (and a key, where one is needed), and again when it changes.
  useEffect(() => {
    const timer = setTimeout(() => void loadModels(), 400)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseUrl, preset, keyRequired])

  const showStatus = (next: { ok: boolean; text: string } | undefined) => {
    setStatus(next)
    // Said next to the buttons, and scrolled into view: never below the fold.
    requestAnimationFrame(() => statusRef.current?.scrollIntoView({ block: 'nearest' }))
  }

  const choosePreset = (next: PresetId) => {
    const was = PROVIDER_PRESETS[preset]
    setPreset(next)
    const now = PROVIDER_PRESETS[next]
    // Fields still showing the previous preset's values follow the new preset; typed ones stay.
    if (name === presetLabel(t, was.id)) setName(presetLabel(t, next))
    if (baseUrl === was.baseUrl) setBaseUrl(now.baseUrl)
    if (model === was.model) setModel(now.model)
    setKeyRequired(now.needsKey)
    setCheck(undefined)
  }

  const test = async () => {
    setChecking(true)
    setCheck(undefined)
    showStatus(undefined)
    const result = await api['providers.test'](target())
    setChecking(false)
    if (!result.ok) return showStatus({ ok: false, text: appErrorText(t, result.error) })
    if (result.value.models && result.value.models.length > 0)
      setModels({ state: 'loaded', models: result.value.models })
    setCheck(checkLines(t, result.value, baseUrl, model.trim()))
    requestAnimationFrame(() => statusRef.current?.scrollIntoView({ block: 'nearest' }))
  }

  const save = async () => {
    if (!urlValid) return showStatus({ ok: false, text: t('providers.invalidUrl') })
    const parsedPrice = priceEdited ? parsePriceFields(price) : undefined
    if (parsedPrice && !parsedPrice.ok) return showStatus({ ok: false, text: t(parsedPrice.error) })
    const listed = models.state === 'loaded' ? models.models.map((m) => m.id) : undefined
    const result = await api['providers.save']({
      ...(profile ? { id: profile.id } : {}),
      preset,
      ...(name.trim() &&
      name.trim() !== presetLabel(t, preset) &&
      (!profile || name.trim() !== providerLabel(t, profile))
        ? { name: name.trim() }
        : profile?.named
          ? { name: profile.name }
          : {}),
      baseUrl: baseUrl.trim(),
      ...(model.trim() ? { model: model.trim() } : {}),
      ...(preset === 'custom' ? { keyRequired } : {}),
      ...(listed ? { models: listed } : {}),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(allowPlainTextStorage ? { allowPlainTextStorage: true } : {}),
      ...(makeDefault ? { makeDefault: true } : {}),
    })
    if (!result.ok) return showStatus({ ok: false, text: appErrorText(t, result.error) })
    let settings = result.value.settings
    const saved = settings.providers.find((p) => p.id === result.value.id)
    if (parsedPrice?.ok && saved && !samePrice(saved.price, parsedPrice.price)) {
      const priced = await api['settings.update']({
        price: { provider: saved.id, model: saved.model, price: parsedPrice.price },
      })
      if (priced.ok) settings = priced.value
      setPriceEdited(false)
    }
    setApiKey('')
    const becameDefault = settings.defaultProvider === result.value.id && (profile === undefined || makeDefault)
    showStatus({
      ok: true,
      text:
        becameDefault && saved ? t('providers.savedDefault', { name: providerLabel(t, saved) }) : t('providers.saved'),
    })
    onSaved(settings, result.value.id)
  }

  const modelsNote =
    models.state === 'loading'
      ? t('providers.modelsLoading')
      : models.state === 'loaded'
        ? models.models.length > 0
          ? countText(t, 'providers.modelsLoaded', models.models.length)
          : t('providers.modelsNone')
        : models.state === 'failed'
          ? t('providers.modelsFailed', { reason: models.reason })
          : t('providers.modelHint')

  return (
    <form
      className="provider-form"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h4 className="provider-form-title">{title}</h4>
      {profile === undefined && (
        <div className="row">
          <label htmlFor={`${id}-preset`}>{t('providers.preset')}</label>
          <select id={`${id}-preset`} value={preset} onChange={(e) => choosePreset(e.target.value as PresetId)}>
            {PRESET_IDS.map((value) => (
              <option key={value} value={value}>
                {presetLabel(t, value)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="row">
        <label htmlFor={`${id}-name`}>{t('providers.name')}</label>
        <input id={`${id}-name`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="row">
        <label htmlFor={`${id}-url`}>{t('baseUrl')}</label>
        <input
          id={`${id}-url`}
          type="url"
          value={baseUrl}
          aria-invalid={baseUrl !== '' && !urlValid}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="http://127.0.0.1:8000/v1"
        />
      </div>
      <div className="row">
        <label htmlFor={`${id}-key`}>{t('apiKey')}</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          value={apiKey}
          aria-describedby={`${id}-key-note`}
          placeholder={keyIsSet ? t('providers.keySavedPlaceholder') : ''}
          onChange={(e) => setApiKey(e.target.value)}
          onBlur={() => apiKey.trim() && void loadModels()}
        />
        {profile?.key.set && profile.key.source === 'saved' && (
          <button
            type="button"
            onClick={async () => {
              const result = await api['keys.clear']({ provider: profile.id })
              if (!result.ok) return showStatus({ ok: false, text: appErrorText(t, result.error) })
              onSaved(result.value, profile.id)
            }}
          >
            {t('clearKey')}
          </button>
        )}
        <p className="field-note" id={`${id}-key-note`} data-testid="provider-key-status">
          {profile && (profile.key.set || keyRequired) ? `${t('apiKey')}: ${keyStatusText(t, profile.key)}. ` : ''}
          {keyRequired
            ? defaults.keyUrl
              ? t('providers.keyWhere', { url: defaults.keyUrl })
              : ''
            : preset === 'custom'
              ? t('providers.keyOptional')
              : t('providers.keyNotNeeded')}
        </p>
      </div>
      {preset === 'custom' && (
        <div className="row">
          <label className="checkbox">
            <input type="checkbox" checked={keyRequired} onChange={(e) => setKeyRequired(e.target.checked)} />{' '}
            {t('providers.keyRequired')}
          </label>
        </div>
      )}
      <div className="row">
        <label htmlFor={`${id}-model`}>{t('model')}</label>
        <input
          id={`${id}-model`}
          list={`${id}-models`}
          value={model}
          autoComplete="off"
          aria-describedby={`${id}-models-note`}
          onFocus={() => (modelTouched.current = true)}
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id={`${id}-models`}>
          {models.state === 'loaded' && models.models.map((m) => <option key={m.id} value={m.id} label={m.name} />)}
        </datalist>
        <button
          type="button"
          onClick={() => void loadModels()}
          disabled={!urlValid || needsKeyNow || models.state === 'loading'}
        >
          {t('providers.refreshModels')}
        </button>
        <p className="field-note" id={`${id}-models-note`} aria-live="polite">
          {modelsNote}
        </p>
      </div>
      {profile && (
        <details className="provider-prices">
          <summary>{t('providers.prices')}</summary>
          <p className="field-note">{t('priceTitle', { model: model.trim() || profile.model })}</p>
          {(['input', 'output', 'cachedInput', 'search'] as const).map((field) => (
            <div className="row" key={field}>
              <label htmlFor={`${id}-price-${field}`}>{t(PRICE_FIELD_LABELS[field])}</label>
              <input
                id={`${id}-price-${field}`}
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
        </details>
      )}
      {offerDefault && (
        <div className="row">
          <label className="checkbox">
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />{' '}
            {t('providers.makeDefault')}
          </label>
        </div>
      )}
      <div className="row provider-form-actions">
        <button type="button" onClick={() => void test()} disabled={checking}>
          {checking ? t('providers.testing') : t('testConnection')}
        </button>
        <button type="submit" className="primary">
          {t('save')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
      <div
        ref={statusRef}
        className="provider-form-status"
        role="status"
        aria-live="polite"
        data-testid="provider-form-status"
      >
        {check && (
          <ul className="check-lines" aria-label={t('providers.check.title')}>
            {check.map((line) => (
              <li key={line.text} className={line.ok ? 'check-ok' : 'check-failed'}>
                <span aria-hidden="true">{line.ok ? '✓ ' : '✗ '}</span>
                {line.text}
              </li>
            ))}
          </ul>
        )}
        {status && <p className={status.ok ? 'saved' : 'failed'}>{status.text}</p>}
      </div>
    </form>
  )
}

const PRICE_FIELD_LABELS = {
  input: 'priceInput',
  output: 'priceOutput',
  cachedInput: 'priceCachedInput',
  search: 'priceSearch',
} as const satisfies Record<keyof PriceFields, MessageKey>
