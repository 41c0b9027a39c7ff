import type { CommandAccess } from '../channels'

/**
 * What each domain file of the contract (`commands/<domain>.ts`) declares beside its schemas: the
 * access of exactly its commands (`satisfies AccessOf<typeof SCHEMAS>` refuses one missing or extra).
 */
export type AccessOf<Schemas> = { readonly [C in keyof Schemas]: CommandAccess }
