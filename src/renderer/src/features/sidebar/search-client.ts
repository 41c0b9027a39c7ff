import type { KeelApi } from '../../../../shared/ipc/app-contract'

/** What the sidebar's search box calls. */
export const SEARCH_COMMANDS = ['conversations.search'] as const satisfies readonly (keyof KeelApi)[]

export type SearchClient = Pick<KeelApi, (typeof SEARCH_COMMANDS)[number]>
