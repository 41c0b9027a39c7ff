import { vaultRefusal } from '../vault-refusal'
import { fail, ok } from '../app-result'
import { invalidKey, isValidKeyText, unknownProvider } from '../provider-commands'
import { buildSettingsView } from '../settings-view'
import type { AppParts, HandlerMap } from './command-handler'

/** Provider keys, and profiles saved, removed, tested and asked for their models (`provider-commands.ts`). */
export function providerHandlers(app: AppParts): HandlerMap<'providers'> {
  return {
    'keys.set': async ({ provider, key, allowPlainTextStorage }) => {
      if (!app.providers.isKnown(provider)) return unknownProvider(provider)
      if (!isValidKeyText(key)) return invalidKey()
      const saved = await app.keys.vault.set(provider, key, { allowPlainTextStorage })
      if (!saved.ok) return vaultRefusal(saved)
      return ok(buildSettingsView(app.store, app.env, app.keys))
    },
    'keys.clear': async ({ provider }) => {
      if (!app.providers.isKnown(provider)) return unknownProvider(provider)
      const cleared = await app.keys.vault.clear(provider)
      if (!cleared.ok) return fail('storage', cleared.message, { retryable: true })
      return ok(buildSettingsView(app.store, app.env, app.keys))
    },
    'providers.test': (request) => app.reads.providers.test(request),
    'providers.models': (request) => app.reads.providers.models(request),
    'providers.save': (request) => app.providers.save(request),
    'providers.remove': (request) => app.providers.remove(request),
  }
}
