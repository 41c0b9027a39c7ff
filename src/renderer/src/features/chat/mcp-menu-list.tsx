import { revealInvisible } from '../../../../shared/invisible-characters'
import type { Translate } from '../../i18n/messages'
import { entryDetail, entryLabel, type ComposerMcpEntry } from './composer-mcp-menu'

/** The id of an entry's option (the textarea's `aria-activedescendant` names it). */
export const optionId = (listId: string, entry: ComposerMcpEntry) => `${listId}-${entry.key}`

/**
 * The `@` or `/` menu: a listbox the textarea controls (focus stays in the textarea; the active
 * option is its `aria-activedescendant`). Every string is the server's: shown as text, invisible
 * characters revealed.
 */
export function McpMenuList({
  id,
  kind,
  entries,
  active,
  loading,
  t,
  onChoose,
  onHover,
}: {
  id: string
  kind: 'resources' | 'prompts'
  entries: readonly ComposerMcpEntry[]
  active: number
  loading: boolean
  t: Translate
  onChoose: (entry: ComposerMcpEntry) => void
  onHover: (index: number) => void
}) {
  const label = t(kind === 'resources' ? 'composerMcp.resources' : 'composerMcp.prompts')
  return (
    <div className="composer-mcp-menu" data-testid={`composer-${kind}-menu`}>
      {entries.length > 0 && (
        <ul role="listbox" id={id} aria-label={label}>
          {entries.map((entry, index) => {
            const detail = entryDetail(entry)
            return (
              // The listbox pattern with aria-activedescendant: the textarea keeps the focus and the keys.
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached from the textarea (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea's arrows and Enter choose (use-composer-mcp.ts)
              <li
                key={entry.key}
                id={optionId(id, entry)}
                role="option"
                aria-selected={index === active}
                className="composer-mcp-option"
                // The textarea keeps the focus (and the caret) while the pointer chooses.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => onHover(index)}
                onClick={() => onChoose(entry)}
              >
                <span className="composer-mcp-label">
                  {kind === 'prompts' ? '/' : ''}
                  {revealInvisible(entryLabel(entry))}
                </span>
                <span className="composer-mcp-server">{revealInvisible(entry.serverName)}</span>
                {entry.kind === 'template' && <span className="composer-mcp-badge">{t('composerMcp.template')}</span>}
                {detail !== undefined && <span className="composer-mcp-detail">{revealInvisible(detail)}</span>}
              </li>
            )
          })}
        </ul>
      )}
      {loading && <p className="composer-mcp-empty">{t('composerMcp.loading')}</p>}
      {!loading && entries.length === 0 && (
        <p className="composer-mcp-empty">
          {t(kind === 'resources' ? 'composerMcp.noResources' : 'composerMcp.noPrompts')}
        </p>
      )}
    </div>
  )
}
