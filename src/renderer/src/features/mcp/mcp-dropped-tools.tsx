import type { McpDroppedTool, McpHeaderFault } from '../../../../shared/mcp-dropped-tools'
import type { Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'
import { ServerText } from '../../ui/server-text'

/** A typed fault in the user's language (the path and header names are the server's text, shown as such). */
export function headerFaultText(t: Translate, fault: McpHeaderFault): string {
  switch (fault.code) {
    case 'not-on-property':
      return t('mcpHeaderNotOnProperty', { path: fault.path })
    case 'no-name':
      return t('mcpHeaderNoName', { path: fault.path })
    case 'not-a-header-name':
      return t('mcpHeaderNotAName', { path: fault.path, header: fault.header })
    case 'not-mirrorable':
      return t('mcpHeaderNotMirrorable', { path: fault.path })
    case 'repeated':
      return t('mcpHeaderRepeated', { header: fault.header, first: fault.first })
  }
}

/** The tools a server listed that Keel left out, each with why: without it a tool would just be missing. */
export function McpDroppedTools({ dropped, t }: { dropped: readonly McpDroppedTool[] | undefined; t: Translate }) {
  if (!dropped || dropped.length === 0) return null
  return (
    <div className="mcp-dropped-tools" data-testid="mcp-dropped-tools">
      <p className="warning">{countText(t, 'mcpDroppedTools', dropped.length)}</p>
      <ul>
        {dropped.map((tool, index) => (
          <li key={`${index}:${tool.name}`}>
            <ServerText text={t('mcpDroppedTool', { tool: tool.name, reason: headerFaultText(t, tool.fault) })} />
          </li>
        ))}
      </ul>
    </div>
  )
}
