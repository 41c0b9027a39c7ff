import type { UnknownAction } from '../../../../shared/ipc/app-contract'
import type { Locale } from '../../../../shared/locale'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import type { Translate } from '../../i18n/messages'

/**
 * Actions started outside Keel whose outcome Keel could not learn (stopped, timed out, connection
 * lost, a crash). Keel never runs them again; the user checks each and says what happened.
 */
export function UnknownActions({
  actions,
  t,
  locale,
  titleOf,
  providerOf,
  onResolve,
}: {
  actions: UnknownAction[]
  t: Translate
  locale: Locale
  titleOf: (name: string) => string | undefined
  /** Who provides the tool (an MCP server): its title alone does not say where the action went. */
  providerOf?: ((name: string) => string | undefined) | undefined
  onResolve: (key: string, outcome: 'done' | 'not-done') => void
}) {
  if (actions.length === 0) return null
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <details className="unknown-actions" data-testid="unknown-actions">
      <summary>{t('unknownActionsTitle', { count: actions.length })}</summary>
      <p className="muted">{t('unknownActionsHelp')}</p>
      <ul>
        {actions.map((action) => {
          const from = providerOf?.(action.toolName)
          return (
            <li key={action.key} data-testid="unknown-action">
              <strong>
                <ServerText text={titleOf(action.toolName) ?? action.toolName} />
              </strong>
              {from && ` · ${t('toolFromServer', { server: revealInvisible(from) })}`} · {when.format(action.startedAt)}
              <pre>{revealInvisible(JSON.stringify(action.arguments, null, 2))}</pre>
              <button type="button" onClick={() => onResolve(action.key, 'done')}>
                {t('markDone')}
              </button>
              <button type="button" onClick={() => onResolve(action.key, 'not-done')}>
                {t('markNotDone')}
              </button>
            </li>
          )
        })}
      </ul>
    </details>
  )
}
