import type { Translate } from '../../i18n/messages'
import { McpArgumentForm } from './mcp-argument-form'
import { McpMenuList, optionId } from './mcp-menu-list'
import type { ComposerMcp } from './use-composer-mcp'
import '../../styles/composer-mcp.css'

/** The textarea's side of the `@`/`/` menu: it controls the listbox and names the active option. */
export function menuTextareaProps(mcp: ComposerMcp, listId: string) {
  if (!mcp.enabled) return {}
  const shown = mcp.open && mcp.entries.length > 0
  const active = shown ? mcp.entries[mcp.active] : undefined
  return {
    'aria-autocomplete': 'list' as const,
    'aria-haspopup': 'listbox' as const,
    'aria-controls': shown ? listId : undefined,
    'aria-activedescendant': active ? optionId(listId, active) : undefined,
  }
}

/** The menu, the argument form and what the last request did (announced). */
export function ComposerMcpParts({ mcp, listId, t }: { mcp: ComposerMcp; listId: string; t: Translate }) {
  if (!mcp.enabled || !mcp.client) return null
  return (
    <>
      {mcp.open && mcp.kind && (
        <McpMenuList
          id={listId}
          kind={mcp.kind}
          entries={mcp.entries}
          active={mcp.active}
          loading={mcp.loading}
          t={t}
          onChoose={mcp.choose}
          onHover={mcp.setActive}
        />
      )}
      {mcp.pending && (
        <McpArgumentForm
          key={mcp.pending.entry.key}
          entry={mcp.pending.entry}
          client={mcp.client}
          t={t}
          onDone={mcp.finish}
        />
      )}
      <p
        className={`composer-mcp-status${mcp.status?.kind === 'error' ? ' composer-error' : ''}`}
        role="status"
        data-testid="composer-mcp-status"
      >
        {mcp.status?.text}
      </p>
    </>
  )
}
