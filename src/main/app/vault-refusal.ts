import { fail } from './app-result'

/**
 * The vault said no to a secret: no keyring and no opt-in (the window offers the opt-in), or it is
 * unavailable. One wording for every command that saves a secret (provider keys, MCP values,
 * search service keys).
 */
export function vaultRefusal(refused: { reason: 'plain-text-not-allowed' | 'unavailable'; message: string }) {
  return refused.reason === 'plain-text-not-allowed'
    ? fail('forbidden', refused.message, { owner: 'user', detail: { code: 'plain-text-key-refused' } })
    : fail('storage', refused.message, { owner: 'user', detail: { code: 'key-storage-unavailable' } })
}
