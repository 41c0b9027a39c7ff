import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { MAX_OUTPUT_TOKENS_LIMIT, MAX_TEMPERATURE } from '../../../../shared/conversation-settings-limits'
import type { CommandRequest, ConversationSettingsView, SettingsView } from '../../../../shared/ipc/app-contract'
import type { ConversationDefaultsClient, ConversationSettingsClient } from './conversation-settings-client'
import { MAX_IMPORT_FILE_BYTES } from '../../../../shared/ipc/channels'
import type { Locale } from '../../../../shared/locale'
import type { Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'
import { appErrorText } from '../../lib/app-error-text'
import { downloadConversation } from './conversation-files'
import { importFileInPieces } from './import-file'
import { choiceValue, parseChoice, providerChoices } from './model-choices'
import { ProviderModelOptions } from './model-picker'
import type { ConversationSettingsStore } from './conversation-settings-store'
import '../../styles/conversation-settings.css'

/** The header's conversation menu: its settings, Export (Markdown, JSON) and Import. */
/** What the header's menu can do to the open conversation. */
export interface CurrentConversationActions {
  title: string
  pinned: boolean
  rename: (title: string) => void
  pin: (pinned: boolean) => void
  remove: () => void
}

export function ConversationMenu({
  api,
  conversationId,
  locale,
  t,
  onOpenSettings,
  onImported,
  current,
}: {
  api: ConversationSettingsClient
  conversationId: string | undefined
  locale: Locale
  t: Translate
  onOpenSettings: () => void
  onImported: (conversationId: string | undefined) => void
  /**
   * The open conversation's own actions (also in its sidebar row, but a conversation opened from
   * search may be far below every page the sidebar has loaded). Without them, none are offered.
   */
  current?: CurrentConversationActions | undefined
}) {
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<'menu' | 'rename' | 'delete'>('menu')
  const [draft, setDraft] = useState('')
  const [importing, setImporting] = useState(false)
  const [said, setSaid] = useState<{ text: string; error: boolean } | undefined>()
  const fileInput = useRef<HTMLInputElement>(null)
  const container = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  // Like every menu: a click anywhere else closes it (it stayed open over the chat until clicked again).
  useEffect(() => {
    if (!open) {
      setMode('menu')
      return
    }
    const outside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])
  const exportAs = async (format: 'markdown' | 'json') => {
    if (!conversationId) return
    setOpen(false)
    const result = await downloadConversation(api, conversationId, format, locale)
    setSaid(
      result.ok
        ? { text: t('convset.exported', { fileName: result.fileName }), error: false }
        : { text: appErrorText(t, result.error), error: true },
    )
  }
  const importFile = async (file: File) => {
    if (file.size > MAX_IMPORT_FILE_BYTES) {
      setSaid({
        text: t('convset.importTooLarge', { max: (MAX_IMPORT_FILE_BYTES / 1_000_000).toFixed(0) }),
        error: true,
      })
      return
    }
    // What it is doing meanwhile (a whole-store backup takes a while), and no second import over it.
    setImporting(true)
    const result = await importFileInPieces(api, file, (progress) =>
      setSaid({
        text:
          progress.phase === 'sending'
            ? t('convset.importSending', { percent: String(Math.round(progress.fraction * 100)) })
            : t('convset.importRestoring'),
        error: false,
      }),
    ).finally(() => setImporting(false))
    if (!result.ok) {
      const detail = result.error.detail
      const message = result.error.message.replace(/^[^:]*: /, '')
      setSaid({
        text:
          detail?.code === 'import-invalid'
            ? t('convset.importFailed', { where: detail.where, message })
            : appErrorText(t, result.error),
        error: true,
      })
      return
    }
    const { imported, collisionCount } = result.value
    const first = imported[0]
    const done = !first
      ? t('convset.importedNothing')
      : imported.length === 1
        ? countText(t, 'convset.imported', first.messages, { title: first.title })
        : t('convset.importedMany', { count: imported.length.toLocaleString(t.locale ?? 'en') })
    setSaid({
      text: collisionCount > 0 ? `${done} ${countText(t, 'convset.importCollisions', collisionCount)}` : done,
      error: false,
    })
    onImported(first?.id ?? result.value.skipped[0]?.id)
  }
  return (
    <div
      ref={container}
      className="conversation-menu"
      onKeyDown={(event) => {
        // Esc closes the open menu (and only that: the window's Esc would stop a running answer).
        if (event.key !== 'Escape' || !open) return
        event.preventDefault()
        setOpen(false)
        toggle.current?.focus()
      }}
    >
      <button ref={toggle} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        {t('convset.menu')}
      </button>
      {open && current && mode === 'rename' && (
        <form
          id={menuId}
          className="conversation-menu-list rename-form"
          onSubmit={(event) => {
            event.preventDefault()
            const title = draft.trim()
            if (title && title !== current.title) current.rename(title)
            setOpen(false)
            toggle.current?.focus()
          }}
        >
          <input
            aria-label={t('renameLabel')}
            value={draft}
            autoFocus
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit">{t('save')}</button>
          <button type="button" onClick={() => setMode('menu')}>
            {t('cancel')}
          </button>
        </form>
      )}
      {open && current && mode === 'delete' && (
        <div
          id={menuId}
          className="conversation-menu-list delete-confirm"
          role="group"
          aria-label={t('finding.confirmDelete', { title: current.title })}
        >
          <p>{t('finding.confirmDelete', { title: current.title })}</p>
          <button
            type="button"
            className="danger"
            autoFocus
            onClick={() => {
              setOpen(false)
              current.remove()
            }}
          >
            {t('finding.confirmDeleteYes')}
          </button>
          <button type="button" onClick={() => setMode('menu')}>
            {t('cancel')}
          </button>
        </div>
      )}
      {open && mode === 'menu' && (
        <ul id={menuId} className="conversation-menu-list">
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false)
                onOpenSettings()
              }}
            >
              {t('convset.settings')}
            </button>
          </li>
          {current && (
            <>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setDraft(current.title)
                    setMode('rename')
                  }}
                >
                  {t('convset.rename')}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false)
                    current.pin(!current.pinned)
                  }}
                >
                  {current.pinned ? t('finding.unpin') : t('finding.pin')}
                </button>
              </li>
              <li>
                <button type="button" onClick={() => setMode('delete')}>
                  {t('convset.delete')}
                </button>
              </li>
            </>
          )}
          <li>
            <button type="button" disabled={!conversationId} onClick={() => void exportAs('markdown')}>
              {t('convset.exportMarkdown')}
            </button>
          </li>
          <li>
            <button type="button" disabled={!conversationId} onClick={() => void exportAs('json')}>
              {t('convset.exportJson')}
            </button>
          </li>
          <li>
            <button
              type="button"
              disabled={importing}
              onClick={() => {
                setOpen(false)
                fileInput.current?.click()
              }}
            >
              {t('convset.import')}
            </button>
          </li>
        </ul>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        aria-label={t('convset.importFile')}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void importFile(file)
        }}
      />
      <p
        className={said?.error ? 'conversation-menu-said error-text' : 'conversation-menu-said'}
        role={said?.error ? 'alert' : 'status'}
      >
        {said?.text}
      </p>
    </div>
  )
}

/** "" → undefined (the default); else the number, or NaN when it is not one. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  return trimmed === '' ? undefined : Number(trimmed)
}

/** The open conversation's system prompt, output cap and temperature (validated, with the defaults shown). */
export function ConversationSettingsPanel({
  store,
  t,
  onClose,
}: {
  store: ConversationSettingsStore
  t: Translate
  onClose: () => void
}) {
  const { view, error } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  if (!view) return null
  // Remounted per conversation: the fields start from its saved values.
  return (
    <SettingsForm
      key={view.conversationId ?? 'new'}
      view={view}
      store={store}
      t={t}
      onClose={onClose}
      error={error ? appErrorText(t, error) : undefined}
    />
  )
}

function SettingsForm({
  view,
  store,
  t,
  onClose,
  error,
}: {
  view: ConversationSettingsView
  store: ConversationSettingsStore
  t: Translate
  onClose: () => void
  error: string | undefined
}) {
  const [system, setSystem] = useState(view.own.system ?? '')
  const [maxTokens, setMaxTokens] = useState(view.own.maxOutputTokens?.toString() ?? '')
  const [temperature, setTemperature] = useState(view.own.temperature?.toString() ?? '')
  const [webSearch, setWebSearch] = useState(view.own.webSearch === true)
  const [said, setSaid] = useState('')
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const max = numberOf(maxTokens)
  const maxInvalid = max !== undefined && !(Number.isInteger(max) && max >= 1 && max <= MAX_OUTPUT_TOKENS_LIMIT)
  const temp = numberOf(temperature)
  const tempInvalid = temp !== undefined && !(Number.isFinite(temp) && temp >= 0 && temp <= MAX_TEMPERATURE)
  const lowered = temp !== undefined && !tempInvalid && temp > view.defaults.maxTemperature
  const defaultMax =
    view.defaults.maxOutputTokens === null ? t('convset.modelLimit') : String(view.defaults.maxOutputTokens)
  return (
    <section className="conversation-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('convset.settings')}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (maxInvalid || tempInvalid) return
          void store
            .update({
              system: system.trim() === '' ? null : system,
              maxOutputTokens: max ?? null,
              temperature: temp ?? null,
              // Offered (and so changed) only where the provider's API has its own search.
              ...(view.hostedSearch ? { webSearch: webSearch ? true : null } : {}),
            })
            .then(
              (saved) => saved && setSaid(view.conversationId === null ? t('convset.savedDraft') : t('convset.saved')),
            )
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            onClose()
          }
        }}
      >
        <label htmlFor={`${id}-system`}>{t('convset.systemPrompt')}</label>
        <textarea
          id={`${id}-system`}
          rows={4}
          value={system}
          maxLength={20_000}
          placeholder={view.defaults.system}
          aria-describedby={`${id}-system-hint`}
          onChange={(e) => setSystem(e.target.value)}
        />
        <p id={`${id}-system-hint`} className="muted">
          {t('convset.systemPromptHint')}
        </p>
        <div className="conversation-settings-numbers">
          <div>
            <label htmlFor={`${id}-max`}>{t('convset.maxTokens')}</label>
            <input
              id={`${id}-max`}
              inputMode="numeric"
              value={maxTokens}
              placeholder={defaultMax}
              aria-invalid={maxInvalid}
              aria-describedby={`${id}-max-hint`}
              onChange={(e) => setMaxTokens(e.target.value)}
            />
            <p id={`${id}-max-hint`} className={maxInvalid ? 'error-text' : 'muted'}>
              {maxInvalid
                ? t('convset.maxTokensInvalid', { max: MAX_OUTPUT_TOKENS_LIMIT })
                : t('convset.defaultIs', { value: defaultMax })}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-temperature`}>{t('convset.temperature')}</label>
            <input
              id={`${id}-temperature`}
              inputMode="decimal"
              value={temperature}
              placeholder={String(view.defaults.temperature)}
              aria-invalid={tempInvalid}
              aria-describedby={`${id}-temperature-hint`}
              onChange={(e) => setTemperature(e.target.value)}
            />
            <p id={`${id}-temperature-hint`} className={tempInvalid ? 'error-text' : 'muted'}>
              {tempInvalid
                ? t('convset.temperatureInvalid', { max: MAX_TEMPERATURE })
                : lowered
                  ? t('convset.temperatureLowered', { max: view.defaults.maxTemperature })
                  : t('convset.defaultIs', { value: view.defaults.temperature })}
            </p>
          </div>
        </div>
        {view.hostedSearch && (
          <label className="conversation-settings-toggle">
            <input type="checkbox" checked={webSearch} onChange={(e) => setWebSearch(e.target.checked)} />{' '}
            {t('convset.webSearch')}
          </label>
        )}
        <div className="conversation-settings-actions">
          <button type="submit" className="primary" disabled={maxInvalid || tempInvalid}>
            {t('convset.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('convset.close')}
          </button>
        </div>
        <p role="status">{said}</p>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}

/** Settings → New conversations: the model they start with and the default system prompt. */
export function ConversationDefaultsSection({
  api,
  settings,
  t,
}: {
  api: ConversationDefaultsClient
  settings: SettingsView
  t: Translate
}) {
  const [view, setView] = useState<ConversationSettingsView | undefined>()
  const [system, setSystem] = useState('')
  const [said, setSaid] = useState('')
  const id = useId()
  useEffect(() => {
    let live = true
    void api['conversations.settings']({}).then((result) => {
      if (!live || !result.ok) return
      setView(result.value)
      setSystem(result.value.saved.system ?? '')
    })
    return () => {
      live = false
    }
  }, [api, settings])
  if (!view) return null
  const choices = providerChoices(settings)
  const saved = view.saved.provider && view.saved.model ? choiceValue(view.saved.provider, view.saved.model) : ''
  const save = async (patch: CommandRequest<'conversations.settingsDefaults'>['patch']) => {
    const result = await api['conversations.settingsDefaults']({ patch })
    if (result.ok) {
      setView(result.value)
      setSaid(t('convset.defaultsSaved'))
    } else setSaid(appErrorText(t, result.error))
  }
  return (
    <fieldset className="conversation-defaults">
      <legend>{t('convset.defaultsTitle')}</legend>
      <label htmlFor={`${id}-model`}>{t('convset.defaultModel')}</label>
      <select
        id={`${id}-model`}
        value={saved}
        onChange={(event) => {
          const chosen = parseChoice(event.target.value)
          void save(chosen ? { provider: chosen.provider, model: chosen.model } : { provider: null, model: null })
        }}
      >
        <option value="">
          {t('convset.defaultProviderModel', {
            model: settings.providers.find((p) => p.id === settings.defaultProvider)?.model ?? '',
          })}
        </option>
        {saved !== '' && !choices.some((c) => c.models.some((m) => choiceValue(c.id, m) === saved)) && (
          <option value={saved}>{view.saved.model}</option>
        )}
        <ProviderModelOptions choices={choices} />
      </select>
      <label htmlFor={`${id}-system`}>{t('convset.defaultSystemPrompt')}</label>
      <textarea
        id={`${id}-system`}
        rows={3}
        maxLength={20_000}
        value={system}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setSystem(e.target.value)}
      />
      <p id={`${id}-hint`} className="muted">
        {t('convset.systemPromptHint').split('. ')[0]}.
      </p>
      <button type="button" onClick={() => void save({ system: system.trim() === '' ? null : system })}>
        {t('convset.save')}
      </button>
      <p role="status">{said}</p>
    </fieldset>
  )
}
