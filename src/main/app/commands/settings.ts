import { vaultRefusal } from '../vault-refusal'
import { SettingsWriteError, applySettingsUpdate } from '../../settings/apply-settings-update'
import { fail, ok } from '../app-result'
import { invalidKey, isValidKeyText, unknownProvider } from '../provider-commands'
import { buildSettingsView } from '../settings-view'
import type { AppParts, HandlerMap } from './command-handler'

/** The app's settings: read, and changed (tools' permissions and providers checked first). */
export function settingsHandlers(app: AppParts): HandlerMap<'settings'> {
  return {
    'settings.get': () => ok(buildSettingsView(app.reads.store, app.env, app.keys)),
    'settings.update': (update) => {
      // Grants are keyed to what `always` allows (a name, or an MCP tool's server + tool + definition).
      const tools = app.tools.list()
      const known = new Set(tools.map((tool) => tool.grantKey))
      // A tool granted per call (the page reader, per site) takes any `<name>@<scope>`.
      const scoped = tools.filter((tool) => tool.grantScoped).map((tool) => `${tool.name}@`)
      const unknown = Object.keys(update.toolPermissions ?? {}).filter(
        (tool) => !known.has(tool) && !scoped.some((prefix) => tool.startsWith(prefix) && tool.length > prefix.length),
      )
      if (unknown.length > 0)
        return fail(
          'validation',
          `No tool is named ${unknown
            .slice(0, 3)
            .map((name) => `'${name}'`)
            .join(', ')}${unknown.length > 3 ? ` (and ${unknown.length - 3} more)` : ''}.`,
        )
      const unknownProfile = [update.defaultProvider, update.provider?.id, update.price?.provider].find(
        (id) => id !== undefined && !app.providers.isKnown(id),
      )
      if (unknownProfile !== undefined) return unknownProvider(unknownProfile)
      try {
        applySettingsUpdate(app.store, update)
      } catch (error) {
        if (error instanceof SettingsWriteError) return fail('validation', error.message)
        throw error
      }
      return ok(buildSettingsView(app.store, app.env, app.keys))
    },
    'webSearch.setKey': async ({ service, key, allowPlainTextStorage }) => {
      if (!isValidKeyText(key)) return invalidKey()
      const saved = await app.keys.vault.set(`web:${service}`, key, { allowPlainTextStorage })
      if (!saved.ok) return vaultRefusal(saved)
      return ok(buildSettingsView(app.store, app.env, app.keys))
    },
    'webSearch.clearKey': async ({ service }) => {
      const cleared = await app.keys.vault.clear(`web:${service}`)
      if (!cleared.ok) return fail('storage', cleared.message, { retryable: true })
      return ok(buildSettingsView(app.store, app.env, app.keys))
    },
  }
}
