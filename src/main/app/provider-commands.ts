// The `providers.*` commands: provider profiles (saved in settings, keys in the key vault), the
// models a server lists, and Test connection of what the form shows before it is saved.
import { vaultRefusal } from './vault-refusal'
import type { CommandRequest, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import {
  PROVIDER_PRESETS,
  newProfileId,
  presetOfProfile,
  type ProviderProfileId,
  type StoredProviderProfile,
} from '../../shared/provider-profiles'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import type { FetchLike } from '../harness/stream-model-round'
import { isKnownProfile, notReadyReason, resolveProfile, type ResolvedProfile } from '../providers/provider-config'
import { listProviderModels } from '../providers/provider-models'
import { fail, ok } from './app-result'
import { redactKeys } from '../secrets/key-redaction'
import { testConnection } from './provider-check'
import type { ProviderKeys } from '../secrets/provider-keys'
import { buildSettingsView } from './settings-view'
import { readSettings } from '../settings/read-settings'
import { defaultProfileId } from '../settings/saved-profiles'
import type { Env } from '../../shared/env'

type Target = CommandRequest<'providers.test'>

/** An HTTP header carries the key: one line of visible ASCII (a pasted newline or space is a mistake, and fetch would refuse it). */
export function isValidKeyText(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key)
}

export const invalidKey = () =>
  fail('validation', 'A key is one line of visible characters, without spaces or line breaks.', {
    owner: 'user',
    detail: { code: 'invalid-key' },
  })

export const unknownProvider = (id: string) => fail('validation', `There is no provider "${id}".`, { owner: 'user' })

export interface ProviderCheckOptions {
  fetch?: FetchLike | undefined
  timeoutMs?: number | undefined
}

/**
 * `providers.test` and `providers.models`: they read the saved profiles and call the server, never
 * write, so they take a {@link StoreReader} (and answer from the import's snapshot while one runs).
 */
export class ProviderReadCommands {
  constructor(
    protected readonly store: StoreReader,
    protected readonly env: Env,
    protected readonly keys: ProviderKeys,
    protected readonly options: ProviderCheckOptions = {},
  ) {}

  private saved(): Record<string, StoredProviderProfile> {
    return readSettings(this.store).values.providers
  }

  /** Whether a profile with this id exists (the wire ids and presets' ids always do). */
  isKnown(id: string): boolean {
    return isKnownProfile(id, this.saved())
  }

  /**
   * The profile the form shows: the saved one (or, for a new one, the profile its preset would
   * make) with the values on screen laid over it. The key typed wins over the saved one.
   */
  private resolveTarget({
    provider,
    draft,
  }: Target): { ok: true; profile: ResolvedProfile } | { ok: false; error: ReturnType<typeof unknownProvider> } {
    const saved = this.saved()
    if (provider !== undefined && !isKnownProfile(provider, saved))
      return { ok: false, error: unknownProvider(provider) }
    const id: ProviderProfileId = provider ?? newProfileId(draft!.preset!, new Set(Object.keys(saved)))
    const stored: StoredProviderProfile = {
      ...(Object.hasOwn(saved, id) ? saved[id] : {}),
      ...(draft?.preset ? { preset: draft.preset } : {}),
      ...(draft?.keyRequired !== undefined ? { keyRequired: draft.keyRequired } : {}),
    }
    const profile = resolveProfile(id, {
      saved: { ...saved, [id]: stored },
      savedKey: this.keys.saved(id),
      env: this.env,
      overrides: { baseUrl: draft?.baseUrl, model: draft?.model, apiKey: draft?.apiKey },
    })
    return profile ? { ok: true, profile } : { ok: false, error: unknownProvider(id) }
  }

  async models(request: CommandRequest<'providers.models'>): Promise<AppResult<CommandResponses['providers.models']>> {
    if (request.draft?.apiKey !== undefined && !isValidKeyText(request.draft.apiKey)) return invalidKey()
    const target = this.resolveTarget(request)
    if (!target.ok) return target.error
    const { profile } = target
    if (profile.connection.baseUrl === '')
      return ok({ ok: false, kind: 'unreachable', message: 'Enter the server’s address (base URL).' })
    if (profile.keyRequired && profile.connection.apiKey === '')
      return ok({ ok: false, kind: 'no-key', message: 'This provider needs an API key: nothing was sent.' })
    const result = await listProviderModels(profile.api, profile.connection, this.options)
    // The typed key is in no redaction set yet (it is not saved): scrub it here.
    return ok(redactKeys(result, [profile.connection.apiKey]))
  }

  async test(request: CommandRequest<'providers.test'>): Promise<AppResult<CommandResponses['providers.test']>> {
    if (request.draft?.apiKey !== undefined && !isValidKeyText(request.draft.apiKey)) return invalidKey()
    const target = this.resolveTarget(request)
    if (!target.ok) return target.error
    const { profile } = target
    const result = await testConnection(profile.api, profile.connection, {
      ...this.options,
      keyRequired: profile.keyRequired,
    })
    return ok(redactKeys(result, [profile.connection.apiKey]))
  }
}

/** …and saving and removing profiles. */
export class ProviderCommands extends ProviderReadCommands {
  constructor(
    protected override readonly store: StoreWriter,
    env: Env,
    keys: ProviderKeys,
    options: ProviderCheckOptions = {},
  ) {
    super(store, env, keys, options)
  }

  async save(request: CommandRequest<'providers.save'>): Promise<AppResult<CommandResponses['providers.save']>> {
    const values = readSettings(this.store).values
    const saved = values.providers
    if (request.id !== undefined && !isKnownProfile(request.id, saved)) return unknownProvider(request.id)
    if (request.apiKey !== undefined && !isValidKeyText(request.apiKey)) return invalidKey()
    const id = request.id ?? newProfileId(request.preset, new Set(Object.keys(saved)))
    const previous = Object.hasOwn(saved, id) ? saved[id] : undefined
    const preset = PROVIDER_PRESETS[request.preset]
    // The preset's own name is not saved as the user's: the window shows it in its language.
    const name = request.name !== undefined && request.name !== preset.name ? request.name : undefined
    const next: StoredProviderProfile = {
      ...(request.preset !== presetOfProfile(id) ? { preset: request.preset } : {}),
      ...(name ? { name } : {}),
      ...(request.baseUrl ? { baseUrl: request.baseUrl } : {}),
      ...(request.model ? { model: request.model } : {}),
      // Saved explicitly: an OpenRouter profile pointed at another address still needs its key.
      keyRequired: request.keyRequired ?? previous?.keyRequired ?? preset.needsKey,
      ...(request.models
        ? { models: [...new Set(request.models)] }
        : previous?.models
          ? { models: previous.models }
          : {}),
    }
    // The key first: a key the vault refuses leaves the profile as it was.
    if (request.apiKey !== undefined) {
      const stored = await this.keys.vault.set(id, request.apiKey, {
        allowPlainTextStorage: request.allowPlainTextStorage,
      })
      if (!stored.ok) return vaultRefusal(stored)
    }
    const providers = { ...saved, [id]: next }
    // The first provider set up becomes the default: the window can answer at once.
    const current = readSettings(this.store)
    const currentDefault = defaultProfileId(current, this.keys, this.env)
    const defaultProfile = resolveProfile(currentDefault, {
      saved: current.values.providers,
      savedKey: this.keys.saved(currentDefault),
      env: this.env,
    })
    const defaultCannotAnswer = !defaultProfile || notReadyReason(defaultProfile) !== undefined
    const makeDefault = request.makeDefault === true || defaultCannotAnswer
    const written = this.store.transaction(() => {
      const first = this.store.settings.set('providers', providers)
      if (!first.ok) return first
      return makeDefault ? this.store.settings.set('activeProvider', id) : first
    })
    if (!written.ok) return fail('validation', written.error.message, { owner: 'user' })
    return ok({ id, settings: buildSettingsView(this.store, this.env, this.keys) })
  }

  async remove({ id }: CommandRequest<'providers.remove'>): Promise<AppResult<CommandResponses['providers.remove']>> {
    const values = readSettings(this.store).values
    if (!isKnownProfile(id, values.providers)) return unknownProvider(id)
    const cleared = await this.keys.vault.clear(id)
    if (!cleared.ok) return fail('storage', cleared.message, { retryable: true })
    const providers = Object.fromEntries(Object.entries(values.providers).filter(([key]) => key !== id))
    this.store.transaction(() => {
      this.store.settings.set('providers', providers)
      if (values.activeProvider === id) this.store.settings.set('activeProvider', null)
    })
    return ok(buildSettingsView(this.store, this.env, this.keys))
  }
}
