// Where focus goes around "Add…" in the registry browser: to the consent screen's first field when
// it opens; when it closes, to the server's row once allowed, or back to the entry's Add… button
// when the user said "Not now" (Browse registry when that entry is no longer shown).
import type { McpServerView } from '../../../../shared/mcp'

/** Moves focus back to the Add… button that added it; false when that button is gone. */
export type McpRegistryRefocus = () => boolean

/** "Add…" saved a server from the registry: its view, and the way back to the button. */
export type McpRegistryAdded = (view: McpServerView, refocus: McpRegistryRefocus) => void

/** How a server's consent screen closed. */
export type McpConsentClosed = 'allowed' | 'not-now'

export type McpConsentFocus = 'server-row' | 'add-button' | 'browse-button' | 'unchanged'

/**
 * Where focus goes when a consent screen closes: allowed, to the server's row (the screen is gone);
 * "Not now" on a server just added from the registry, back to its Add… button (or Browse registry
 * when the browser was closed since); any other "Not now" leaves focus where it is.
 */
export function focusAfterConsent(
  closed: McpConsentClosed,
  added: { refocus: McpRegistryRefocus } | undefined,
): McpConsentFocus {
  if (closed === 'allowed') return 'server-row'
  if (!added) return 'unchanged'
  return added.refocus() ? 'add-button' : 'browse-button'
}
