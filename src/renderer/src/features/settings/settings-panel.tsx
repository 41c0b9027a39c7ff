import { useEffect, useRef, useState } from 'react'
import type { CommandRequest, SettingsView, ToolInfo } from '../../../../shared/ipc/app-contract'
import type { Translate } from '../../i18n/messages'
import type { SettingsClient } from './settings-client'
import { useFocusTrap } from '../../ui/use-focus-trap'
import '../../styles/narrow.css'
import { AppearanceSettings } from './appearance-settings'
import { ConversationDefaultsSection } from '../conversation-settings'
import { McpServersPanel } from '../mcp'
import { ProviderSettings } from './provider-settings'
import { WebToolsSettings } from './web-tools-settings'

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
        <input
          type="checkbox"
          checked={allowPlainText}
          aria-describedby="key-storage-warning"
          onChange={(e) => onAllowPlainText(e.target.checked)}
        />{' '}
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
  narrow = false,
}: {
  settings: SettingsView
  api: SettingsClient
  t: Translate
  onUpdate: (patch: CommandRequest<'settings.update'>) => Promise<void>
  onSettings: (settings: SettingsView) => void
  onClose: () => void
  /** Every tool (from `tools.list`): those with an effect ask first unless allowed for good. */
  tools: ToolInfo[]
  /** A narrow window (≤ 640 px): Settings opens over the chat as a modal dialog, not below it. */
  narrow?: boolean
}) {
  // The window's language (it may follow the browser's): tool titles in it.
  const locale = t.locale ?? settings.language
  const tools = toolInfos.filter((tool) => tool.effect !== 'none')
  const [allowPlainText, setAllowPlainText] = useState(false)
  const panel = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // Over the chat, Tab must not wander to what the dialog hides.
  useFocusTrap(panel, narrow)
  // Opening moves focus into the panel (its heading, so a screen reader says where it is); closing
  // gives focus back to what opened it (the Settings button) unless the user has moved on.
  useEffect(() => {
    const node = panel.current
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null
    heading.current?.focus()
    return () => {
      const active = document.activeElement
      const focusLost = active === null || active === document.body || (node !== null && node.contains(active))
      if (focusLost && opener?.isConnected) opener.focus()
    }
  }, [])
  return (
    <section
      ref={panel}
      className={narrow ? 'settings settings-overlay' : 'settings'}
      aria-labelledby="settings-title"
      {...(narrow ? { role: 'dialog', 'aria-modal': true } : {})}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <header>
        <h2 id="settings-title" ref={heading} tabIndex={-1}>
          {t('settings')}
        </h2>
        <button type="button" onClick={onClose}>
          {t('closeSettings')}
        </button>
      </header>
      <AppearanceSettings settings={settings} t={t} onUpdate={onUpdate} />
      <ConversationDefaultsSection api={api} settings={settings} t={t} />
      <h3>{t('toolPermissions')}</h3>
      {permissionRows(tools, settings.toolPermissions).map(({ id, title, titles, grantKey, provider, site }) => (
        <div className="row" key={grantKey}>
          <label htmlFor={`permission-${id}`}>
            {site
              ? t('web.siteGrant', { tool: titles?.[locale] ?? title, site })
              : provider
                ? `${provider}: ${titles?.[locale] ?? title}`
                : (titles?.[locale] ?? title)}
          </label>
          <select
            id={`permission-${id}`}
            value={settings.toolPermissions[grantKey] ?? 'ask'}
            onChange={(e) =>
              void onUpdate({ toolPermissions: { [grantKey]: e.target.value as 'ask' | 'always-allow' } })
            }
          >
            <option value="ask">{t('permissionAsk')}</option>
            <option value="always-allow">{t('permissionAlways')}</option>
          </select>
        </div>
      ))}
      <KeyStorageNotice
        mode={settings.keyStorage}
        t={t}
        allowPlainText={allowPlainText}
        onAllowPlainText={setAllowPlainText}
      />
      <ProviderSettings
        settings={settings}
        api={api}
        t={t}
        onSettings={onSettings}
        onUpdate={onUpdate}
        allowPlainTextStorage={settings.keyStorage === 'plain-text-opt-in' && allowPlainText}
      />
      <WebToolsSettings
        settings={settings}
        api={api}
        t={t}
        onUpdate={onUpdate}
        onSettings={onSettings}
        allowPlainText={settings.keyStorage === 'plain-text-opt-in' && allowPlainText}
      />
      <McpServersPanel
        api={api}
        t={t}
        allowPlainTextStorage={settings.keyStorage === 'plain-text-opt-in' && allowPlainText}
      />
    </section>
  )
}

/**
 * One row per grant: a tool's own, or for a tool granted per site (the page reader) one row per
 * site the user allowed for good, so each can be taken back.
 */
function permissionRows(
  tools: ToolInfo[],
  permissions: SettingsView['toolPermissions'],
): (ToolInfo & { id: string; site?: string })[] {
  return tools.flatMap((tool) => {
    if (!tool.grantScoped) return [{ ...tool, id: tool.name }]
    const prefix = `${tool.name}@`
    return Object.keys(permissions)
      .filter((key) => key.startsWith(prefix))
      .sort()
      .map((key, index) => ({ ...tool, grantKey: key, id: `${tool.name}-${index}`, site: key.slice(prefix.length) }))
  })
}
