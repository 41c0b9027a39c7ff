import type { Generation } from '../../shared/conversation'
import type { AnswerModel, ConversationView, UsageSummary } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import { costOfUsage, priceFor, sumCosts, sumCostTotals, type PriceBook } from '../../shared/pricing'
import type { AttemptDiagnostic } from '../../shared/run-events'
import type { Usage } from '../../shared/usage'
import type { StoreReader } from '../db/keel-store'
import {
  IMPLICIT_PROFILE_IDS,
  nameOfProfile,
  presetOfProfile,
  type StoredProviderProfile,
} from '../../shared/provider-profiles'
import { withDeferredEnd } from '../harness/deferred-finalizations'
import { readSettings } from '../settings/read-settings'
import { notFound, ok } from './app-result'

/** `conversations.open` (and the answer of a change to the message tree): the view, priced with the saved prices. */
export function openConversation(store: StoreReader, conversationId: string): AppResult<ConversationView> {
  const { modelPrices, providers } = readSettings(store).values
  const view = buildConversationView(store, conversationId, modelPrices, providers)
  return view ? ok(view) : notFound('conversation')
}

/**
 * A conversation with its messages and token usage: per assistant message, the sum over every model
 * call that streamed into it (rounds, retries, failed and stopped attempts); `estimated` when any
 * call's usage was estimated or is unknown (a call the app crashed in). Unknown numbers stay
 * `undefined`, never 0. Each call is priced with the price of *its* provider profile and model, so a
 * conversation that switched models is priced right.
 */
export function buildConversationView(
  store: StoreReader,
  conversationId: string,
  prices: PriceBook = {},
  entries: SavedEntries = {},
): ConversationView | undefined {
  const conversation = store.conversations.getConversation(conversationId)
  if (!conversation) return undefined
  // One read of the messages and one of their parts (not one query per turn, per message or per version).
  const read = store.conversations.readConversation(conversationId)
  const messages = read.messages.map((message) => withDeferredEnd(store, message))
  const byMessage = new Map<string, Generation[]>()
  // Every turn, not only the branch shown: the conversation's total counts every version's calls.
  const turnIds = new Set(read.turnIds)
  // One query for all of them (a query per turn was 2,500 queries for a 5,000-message conversation).
  const generationsByTurn = store.generations.listForConversation(conversationId)
  for (const turnId of turnIds) {
    for (const generation of generationsByTurn.get(turnId) ?? []) {
      if (!generation.messageId) continue
      const list = byMessage.get(generation.messageId) ?? []
      list.push(generation)
      byMessage.set(generation.messageId, list)
    }
  }
  const perMessage: Record<string, UsageSummary> = {}
  const diagnostics: Record<string, AttemptDiagnostic[]> = {}
  const totals: UsageSummary[] = []
  const models: Record<string, AnswerModel> = {}
  const shown = new Set(messages.map((m) => m.id))
  for (const [messageId, generations] of byMessage) {
    const total = summarize(generations, prices)
    totals.push(total)
    if (!shown.has(messageId)) continue
    const ordered = [...generations].sort((a, b) => a.round - b.round || a.attempt - b.attempt)
    const failed = ordered.filter((g) => g.error !== undefined)
    if (failed.length > 0) diagnostics[messageId] = failed.map((g) => diagnosticOf(g, ordered[0]!.round))
    perMessage[messageId] = total
    const last = ordered.at(-1)!
    models[messageId] = {
      ...answerEntry(last, entries),
      model: last.model,
      cutOffByLength: last.finishReason === 'length',
    }
  }
  const total: UsageSummary = {
    ...sumUsage(totals),
    cost: sumCostTotals(totals.map((t) => t.cost ?? undefined)) ?? null,
  }
  const allVersions = read.versions
  const versions = Object.fromEntries(messages.flatMap((m) => (allVersions[m.id] ? [[m.id, allVersions[m.id]!]] : [])))
  const attachments = Object.fromEntries(store.attachments.infoByMessage(conversationId))
  return {
    conversation,
    messages,
    usage: { perMessage, total },
    diagnostics,
    versions,
    models,
    ...(Object.keys(attachments).length > 0 ? { attachments } : {}),
  }
}

/** The provider entries saved in settings (`providers`), by profile id. */
export type SavedEntries = Readonly<Record<string, StoredProviderProfile>>

/**
 * The entry a model call went to, named as Settings names it. An entry removed since is named by the
 * wire API the call spoke, never by whatever a reused id (`custom-2`) names today.
 */
export function answerEntry(
  call: Pick<Generation, 'provider' | 'profile'>,
  entries: SavedEntries,
): Pick<AnswerModel, 'provider' | 'providerName' | 'named' | 'preset'> {
  const id = call.profile
  const stored = Object.hasOwn(entries, id) ? entries[id] : undefined
  const known = stored !== undefined || IMPLICIT_PROFILE_IDS.includes(id)
  const nameId = known ? id : call.provider
  const own = known ? stored : undefined
  return {
    provider: id,
    providerName: nameOfProfile(nameId, own),
    named: own?.name !== undefined,
    preset: presetOfProfile(nameId, own),
  }
}

/** A failed model call as the live `diagnostics` event showed it (rounds from 1 within its answer: a regenerated one's go on in the turn). */
function diagnosticOf(generation: Generation, firstRound: number): AttemptDiagnostic {
  const error = generation.error!
  return {
    round: generation.round - firstRound + 1,
    attempt: generation.attempt,
    kind: error.kind as AttemptDiagnostic['kind'],
    status: error.status,
    requestId: error.requestId,
    providerMessage: error.message,
  }
}

function summarize(generations: readonly Generation[], prices: PriceBook): UsageSummary {
  const usage = sumUsage(generations.map((g) => ({ usage: g.usage, estimated: g.usageSource !== 'reported' })))
  const costs = generations.map((g) => {
    // By the profile the call went to (prices are entered per profile; a call from before profiles has its wire id).
    const price = priceFor(prices, g.profile, g.model)
    return price ? costOfUsage(g.usage, price) : undefined
  })
  return { ...usage, cost: sumCosts(costs) ?? null }
}

function sumUsage(parts: readonly { usage: Usage; estimated: boolean }[]): { usage: Usage; estimated: boolean } {
  const add = (field: keyof Usage): number | undefined => {
    const known = parts.map((p) => p.usage[field]).filter((n): n is number => n !== undefined)
    return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0)
  }
  return {
    usage: {
      inputTokens: add('inputTokens'),
      outputTokens: add('outputTokens'),
      reasoningTokens: add('reasoningTokens'),
      cachedInputTokens: add('cachedInputTokens'),
    },
    estimated: parts.some((p) => p.estimated),
  }
}
