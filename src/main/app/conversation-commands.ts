// The `conversations.settings*` and `conversations.export` commands (import: import-commands.ts), and the
// conversation's settings a turn is started with (its provider and model, system prompt, output
// cap and temperature). Provider ids are strings: a wire id or a configured profile's id; turning
// one into a connection is the turn setup's job (S1), this module only passes the choice on.
import { hasHostedSearch } from '../../shared/hosted-search'
import type { CommandRequest, CommandResponses, ConversationSettingsView } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import { localeFromEnv } from '../../shared/locale-pick'
import {
  generationDefaultsFor,
  type ConversationDefaults,
  type ConversationSettings,
} from '../../shared/conversation-settings'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import { applyPatch } from '../db/conversation-settings-store'
import { exportedConversation, exportedGeneration } from '../export/conversation-json'
import { CONVERSATION_EXPORT_FORMAT, CONVERSATION_EXPORT_VERSION } from '../export/import-records'
import { conversationMarkdown } from '../export/conversation-markdown'
import { fail, ok, notFound } from './app-result'
import type { ProviderKeys } from '../secrets/provider-keys'
import { readSettings } from '../settings/read-settings'
import { defaultProfileId, resolveSavedProfile } from '../settings/saved-profiles'
import type { TurnRequest } from './turn-setup'
import type { Env } from '../../shared/env'

type Result<C extends keyof CommandResponses> = AppResult<CommandResponses[C]>

/** The setting that holds the defaults for new conversations (see settings.ts). */
const DEFAULTS_KEY = 'conversationDefaults'

/** What a turn takes from its conversation's settings (added to the TurnRequest). */
export type TurnSettings = Pick<
  TurnRequest,
  'provider' | 'model' | 'system' | 'maxOutputTokens' | 'temperature' | 'webSearch'
>

/**
 * The reading half (`conversations.settings`, `conversations.export`, what a turn is started with):
 * on a {@link StoreReader}, so it also answers from the import's snapshot.
 */
export class ConversationReadCommands {
  constructor(
    protected readonly store: StoreReader,
    protected readonly env: Env,
    protected readonly keys: ProviderKeys,
  ) {}

  protected get settings() {
    return this.store.conversationSettings
  }

  /** The saved defaults for new conversations. */
  protected savedDefaults(): ConversationDefaults {
    return readSettings(this.store).values[DEFAULTS_KEY]
  }

  /** The provider and model a new conversation starts with: the saved default, else the default provider and its model. */
  defaultChoice(): { provider: string; model: string } {
    const saved = this.savedDefaults()
    if (saved.provider && saved.model) return { provider: saved.provider, model: saved.model }
    const provider = defaultProfileId(readSettings(this.store), this.keys, this.env)
    return { provider, model: this.modelOf(provider) }
  }

  /** A provider profile's configured model ('' for an unknown profile). */
  private modelOf(provider: string): string {
    return resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider)?.connection.model ?? ''
  }

  view(conversationId: string | undefined, pending: ConversationSettings = {}): ConversationSettingsView {
    const own = conversationId !== undefined ? this.settings.get(conversationId) : pending
    const saved = this.savedDefaults()
    const choice = this.defaultChoice()
    const provider = own.provider ?? choice.provider
    // Limits follow the wire API the profile speaks (an Ollama profile is Chat Completions).
    const profile = resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider)
    const api = profile?.api
    const generation = generationDefaultsFor(api ?? provider)
    const hostedSearch = profile !== undefined && hasHostedSearch(profile.api, profile.preset)
    return {
      conversationId: conversationId ?? null,
      own,
      saved,
      defaults: {
        ...choice,
        system: saved.system ?? '',
        maxOutputTokens: generation.maxOutputTokens ?? null,
        temperature: generation.temperature,
        maxTemperature: generation.maxTemperature,
      },
      effective: {
        provider,
        model: own.model ?? choice.model,
        system: own.system ?? saved.system ?? '',
        maxOutputTokens: own.maxOutputTokens ?? generation.maxOutputTokens ?? null,
        temperature: own.temperature ?? null,
        webSearch: hostedSearch && own.webSearch === true,
      },
      hostedSearch,
    }
  }

  get(request: CommandRequest<'conversations.settings'>): Result<'conversations.settings'> {
    if (request.conversationId !== undefined && !this.store.conversations.getConversation(request.conversationId))
      return notFound('conversation')
    return ok(this.view(request.conversationId))
  }

  /**
   * The fields a turn takes from its conversation: its own settings (or, for a conversation the turn
   * creates, the ones chosen before the first message), then the saved defaults. An explicit provider
   * in the request (the CLI's flag) wins, and then the conversation's model is not imposed on it.
   *
   * A conversation's own entry is never swapped for another: if it was removed since, the turn is
   * refused as an unknown provider (the user picks another), rather than sending the history to
   * whatever the default is now. Only a saved default that no longer exists falls back.
   */
  turnSettings(
    conversationId: string | undefined,
    pending: ConversationSettings | undefined,
    explicitProvider: string | undefined,
  ): TurnSettings {
    const own = conversationId !== undefined ? this.settings.get(conversationId) : (pending ?? {})
    const saved = this.savedDefaults()
    const exists = (provider: string) =>
      resolveSavedProfile(readSettings(this.store), this.keys, this.env, provider) !== undefined
    const choice = ((): { provider: string; model?: string | undefined } | undefined => {
      if (own.provider)
        return explicitProvider === undefined || explicitProvider === own.provider
          ? { provider: own.provider, model: own.model }
          : undefined
      if (
        saved.provider &&
        saved.model &&
        (explicitProvider === undefined || explicitProvider === saved.provider) &&
        exists(saved.provider)
      )
        return { provider: saved.provider, model: saved.model }
      return undefined
    })()
    return {
      ...(choice ? { provider: choice.provider, ...(choice.model ? { model: choice.model } : {}) } : {}),
      ...((own.system ?? saved.system) ? { system: own.system ?? saved.system } : {}),
      ...(own.maxOutputTokens !== undefined ? { maxOutputTokens: own.maxOutputTokens } : {}),
      ...(own.temperature !== undefined ? { temperature: own.temperature } : {}),
      // Asked for here; the turn sends it only where the provider's API has it.
      ...(own.webSearch === true ? { webSearch: true } : {}),
    }
  }

  export(request: CommandRequest<'conversations.export'>): Result<'conversations.export'> {
    const conversation = this.store.conversations.getConversation(request.conversationId)
    if (!conversation) return notFound('conversation')
    const messages = this.store.conversations.getMessages(conversation.id)
    const calls = this.store.generations.listForConversation(conversation.id)
    const generationsByTurn = new Map(
      this.store.conversations.turnIdsInOrder(conversation.id).map((turnId) => [turnId, calls.get(turnId) ?? []]),
    )
    const settings = this.settings.get(conversation.id)
    const exportedAt = this.store.clock()
    const base = fileNameOf(conversation.title, conversation.id)
    if (request.format === 'markdown') {
      const chosen = readSettings(this.store).values.language
      const locale = request.locale ?? (chosen === 'system' ? localeFromEnv(this.env) : chosen)
      return ok({
        fileName: `${base}.md`,
        mimeType: 'text/markdown',
        text: conversationMarkdown({ conversation, messages, generationsByTurn, settings, locale, exportedAt }),
      })
    }
    const json = {
      format: CONVERSATION_EXPORT_FORMAT,
      version: CONVERSATION_EXPORT_VERSION,
      exportedAt: new Date(exportedAt).toISOString(),
      conversation: {
        ...exportedConversation(conversation, messages),
        createdAt: new Date(conversation.createdAt).toISOString(),
        updatedAt: new Date(conversation.updatedAt).toISOString(),
        settings,
      },
      generations: [...generationsByTurn.values()].flat().map(exportedGeneration),
    }
    return ok({ fileName: `${base}.json`, mimeType: 'application/json', text: `${JSON.stringify(json, null, 2)}\n` })
  }
}

/** The writing half: a conversation's own settings, the defaults, and what a new conversation keeps. */
export class ConversationCommands extends ConversationReadCommands {
  constructor(
    protected override readonly store: StoreWriter,
    env: Env,
    keys: ProviderKeys,
  ) {
    super(store, env, keys)
  }

  protected override get settings() {
    return this.store.conversationSettings
  }

  update(request: CommandRequest<'conversations.settingsUpdate'>): Result<'conversations.settingsUpdate'> {
    if (!this.store.conversations.getConversation(request.conversationId)) return notFound('conversation')
    this.settings.update(request.conversationId, request.patch)
    return ok(this.view(request.conversationId))
  }

  updateDefaults(request: CommandRequest<'conversations.settingsDefaults'>): Result<'conversations.settingsDefaults'> {
    const next = applyPatch(this.savedDefaults(), request.patch) as ConversationDefaults
    if (next.system !== undefined && next.system.trim() === '') delete next.system
    const written = this.store.settings.set(DEFAULTS_KEY, next)
    if (!written.ok) return fail('validation', written.error.message)
    return ok(this.view(undefined))
  }

  /**
   * A turn created a conversation: it keeps what was chosen before its first message, and the
   * entry (profile id) and model that turn used (a later change of the default does not move it).
   */
  adopt(
    conversationId: string,
    pending: ConversationSettings | undefined,
    used: { provider: string; model: string },
  ): void {
    this.settings.set(conversationId, {
      ...pending,
      provider: pending?.provider ?? used.provider,
      model: pending?.model ?? used.model,
    })
  }
}

/** A file name from the title: letters, digits and dashes, never empty. */
function fileNameOf(title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || `conversation-${id.slice(0, 8)}`
}
