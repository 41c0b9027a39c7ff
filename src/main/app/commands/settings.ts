import { SettingsWriteError, applySettingsUpdate } from '../../settings/apply-settings-update'
import { fail, ok } from '../app-result'
import { unknownProvider } from '../provider-commands'
import { buildSettingsView } from '../settings-view'
import type { AppParts, HandlerMap } from './command-handler'

/** The app's settings: read, and changed (tools' permissions and providers checked first). */
export function settingsHandlers(app: AppParts): HandlerMap<'settings'> {
  return {
    'settings.get': () => ok(buildSettingsView(app.reads.store, app.env, app.keys)),
    'settings.update': (update) => {
      // Grants are keyed to what `always` allows (a name, or an MCP tool's server + tool + definition).
      const known = new Set(app.tools.list().map((tool) => tool.grantKey))
      const unknown = Object.keys(update.toolPermissions ?? {}).filter((tool) => !known.has(tool))
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
  }
}
