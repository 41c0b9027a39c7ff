// The conversation list, its search and its menus.
export type { SearchTarget } from './search-box'
export { SEARCH_COMMANDS, type SearchClient } from './search-client'
export { Sidebar } from './sidebar'
