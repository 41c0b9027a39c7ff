import { useEffect, useId, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import {
  httpUrl,
  type McpRegistryOption,
  type McpRegistryServerView,
  type McpRegistryUnusableReason,
} from '../../../../shared/mcp-registry'
import { fillMcpRegistryDraft } from '../../../../shared/mcp-registry-fill'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { ServerText } from '../../ui/server-text'
import type { McpRegistryAdded } from './mcp-registry-focus'

function unusableText(t: Translate, reason: McpRegistryUnusableReason): string {
  switch (reason.code) {
    case 'registry-type':
      return t('mcpRegistryUnusable.registry-type', { registryType: reason.registryType })
    case 'package-transport':
      return t('mcpRegistryUnusable.package-transport', { transport: reason.transport })
    default:
      return t(`mcpRegistryUnusable.${reason.code}`)
  }
}

/** A link from the registry: only http(s) (checked in the core and again here), opened outside the app. */
function RegistryLink({ href, label }: { href: string | undefined; label: string }) {
  const safe = httpUrl(href)
  if (!safe) return null
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <a href={safe} target="_blank" rel="noopener noreferrer">
          <ServerText text={safe} />
        </a>
      </dd>
    </>
  )
}

/** One way to use the server: what it runs or where it connects, what it needs, and Add… (or why not). */
function OptionItem({
  option,
  api,
  t,
  onAdded,
}: {
  option: McpRegistryOption
  api: McpClient
  t: Translate
  onAdded: McpRegistryAdded
}) {
  const id = useId()
  const addButton = useRef<HTMLButtonElement>(null)
  const [given, setGiven] = useState<Record<string, string>>({})
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const transport = option.transport === 'stdio' ? `stdio (${t('mcpRegistryLocal')})` : option.transport || t('mcpNone')
  return (
    <li className="mcp-registry-option" data-testid="mcp-registry-option">
      <p>
        <code>
          <ServerText text={option.label} />
        </code>
        <br />
        <span className="muted">{t('mcpRegistryTransport', { transport })}</span>
      </p>
      {!option.usable ? (
        <p className="muted">{unusableText(t, option.reason)}</p>
      ) : (
        <form
          onSubmit={async (event) => {
            event.preventDefault()
            const filled = fillMcpRegistryDraft(option.draft, given)
            if (!filled.ok)
              return setStatus(
                filled.problem.code === 'input-required'
                  ? t('mcpRegistryInputRequired', { input: filled.problem.input })
                  : t('mcpRegistryUrlInvalid'),
              )
            setBusy(true)
            const result = await api['mcp.save'](filled.request)
            setBusy(false)
            if (!result.ok) return setStatus(appErrorText(t, result.error))
            setStatus('')
            // Focus may come back here (the user said "Not now" on the consent screen): false once gone.
            onAdded(result.value, () => {
              if (!addButton.current?.isConnected) return false
              addButton.current.focus()
              return true
            })
          }}
        >
          {option.draft.inputs.map((input, index) => (
            <div className="value-row" key={input.name}>
              <label htmlFor={`${id}-input-${index}`}>
                <ServerText text={input.name} />
              </label>
              <input
                id={`${id}-input-${index}`}
                type="text"
                spellCheck={false}
                required={input.required}
                aria-describedby={input.description ? `${id}-input-${index}-help` : undefined}
                value={given[input.name] ?? input.default}
                onChange={(event) => setGiven((current) => ({ ...current, [input.name]: event.target.value }))}
              />
              {input.description && (
                <span id={`${id}-input-${index}-help`} className="muted">
                  <ServerText text={input.description} />
                </span>
              )}
            </div>
          ))}
          {option.draft.values.length > 0 && (
            <>
              <p>{t('mcpRegistryValues')}</p>
              <ul>
                {option.draft.values.map((value) => (
                  <li key={value.key}>
                    <code>
                      <ServerText text={value.key} />
                    </code>{' '}
                    {value.secret
                      ? t('mcpRegistrySecret')
                      : value.default === undefined
                        ? t('mcpRegistryValueAsked')
                        : '= '}
                    {!value.secret && value.default !== undefined && (
                      <code>
                        <ServerText text={value.default} />
                      </code>
                    )}
                    {value.description && (
                      <span className="muted">
                        {' — '}
                        <ServerText text={value.description} />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="muted" id={`${id}-hint`}>
            {t('mcpRegistryAddHint')}
          </p>
          <button type="submit" ref={addButton} className="primary" disabled={busy} aria-describedby={`${id}-hint`}>
            {t('mcpRegistryAdd')}
          </button>
          {status && <p role="alert">{status}</p>}
        </form>
      )}
    </li>
  )
}

/** One registry server: what the registry says about it, and each way to add it. */
export function McpRegistryDetail({
  server,
  api,
  t,
  onAdded,
  onBack,
}: {
  server: McpRegistryServerView
  api: McpClient
  t: Translate
  onAdded: McpRegistryAdded
  onBack: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="mcp-registry-detail" data-testid="mcp-registry-detail">
      <button type="button" onClick={onBack}>
        {t('mcpRegistryBack')}
      </button>
      <h5 ref={heading} tabIndex={-1}>
        <ServerText text={server.title ?? server.name} />
      </h5>
      <dl className="mcp-facts">
        <dt>{t('mcpRegistryName')}</dt>
        <dd>
          <code>
            <ServerText text={server.name} />
          </code>
        </dd>
        <dt>{t('mcpRegistryVersionLabel')}</dt>
        <dd>
          <ServerText text={server.version} />
        </dd>
        {server.status && (
          <>
            <dt>{t('mcpRegistryStatusLabel')}</dt>
            <dd>
              <ServerText text={server.status} />
            </dd>
          </>
        )}
        <RegistryLink href={server.websiteUrl} label={t('mcpRegistryWebsite')} />
        <RegistryLink href={server.repositoryUrl} label={t('mcpRegistryRepository')} />
      </dl>
      {server.description && (
        <p className="mcp-registry-description">
          <ServerText text={server.description} />
        </p>
      )}
      <h6>{t('mcpRegistryWays')}</h6>
      <ul className="mcp-registry-options">
        {server.options.map((option, index) => (
          <OptionItem key={index} option={option} api={api} t={t} onAdded={onAdded} />
        ))}
      </ul>
    </div>
  )
}
