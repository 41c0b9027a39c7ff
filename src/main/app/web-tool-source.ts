// The local web tools as a tool source: `read_web_page` when the user turned page reading on, and
// `web_search` when a search service is chosen and usable (a SearXNG URL, or a Brave/Tavily key).
// Read from the settings at each turn's snapshot, so a change applies to the next turn.
import type { StoreReader } from '../db/keel-store'
import type { ProviderKeys } from '../secrets/provider-keys'
import { readSettings } from '../settings/read-settings'
import type { Tool, ToolSource } from '../tools/tool'
import type { AddressPolicy } from '../web-reader/address-policy'
import { createReadWebPageTool } from '../web-reader/read-web-page-tool'
import type { FetchLike, WebSearchBackend } from '../web-reader/web-search-backends'
import { createWebSearchTool } from '../web-reader/web-search-tool'

export const WEB_TOOL_SOURCE = 'keel-web'

/** Test seams (pages from loopback, the keyed services at a local stand-in: never set by the app), and the CLI's --read-web. */
export interface WebToolOptions {
  /** Page reading on for this run whatever the setting says (`keel chat --read-web`). */
  readPages?: true | undefined
  addressPolicy?: AddressPolicy | undefined
  searchBaseUrl?: string | undefined
  fetch?: FetchLike | undefined
}

export function createWebToolSource(
  store: () => StoreReader,
  keys: ProviderKeys,
  options: WebToolOptions = {},
): ToolSource {
  const reader = createReadWebPageTool({ addressPolicy: options.addressPolicy })
  const backend = (): WebSearchBackend | undefined => {
    const { webTools } = readSettings(store()).values
    switch (webTools.search) {
      case 'off':
        return undefined
      case 'searxng':
        return webTools.searxngUrl ? { kind: 'searxng', baseUrl: webTools.searxngUrl } : undefined
      case 'brave':
      case 'tavily': {
        const apiKey = keys.searchKey(webTools.search)
        return apiKey ? { kind: webTools.search, apiKey, baseUrl: options.searchBaseUrl } : undefined
      }
    }
  }
  const search = createWebSearchTool({ backend, fetch: options.fetch })
  return {
    id: WEB_TOOL_SOURCE,
    list(): readonly Tool[] {
      const { webTools } = readSettings(store()).values
      return [...(webTools.readPages || options.readPages ? [reader] : []), ...(backend() ? [search] : [])]
    },
  }
}
