import type { ProviderId } from '../../shared/provider-id'
import type { BuildRequestInput, ProviderRequest } from './provider-request'
import type { ProviderToolRules } from './provider-tool-rules'
import type { WireStreamAdapterFactory } from './wire-stream-adapter'

/** Built-in connection defaults: the public endpoint, a current general model, the key's variable. */
export interface ProviderDefaults {
  baseUrl: string
  model: string
  /** The environment variable the API key is read from (`OPENAI_API_KEY`, …). */
  keyVariable: string
}

/**
 * Everything Keel knows about one wire API, in one object: each provider folder's `index.ts`
 * exports one, and `provider-registry.ts` lists them. `Id` ties the object to its table slot.
 */
export interface ProviderDefinition<Id extends ProviderId = ProviderId> {
  readonly id: Id
  /** Human name, also used in parse error messages ("the Anthropic stream ended …"). */
  readonly label: string
  readonly defaults: Readonly<ProviderDefaults>
  /** Builds the streaming request from the provider-neutral history. */
  readonly buildRequest: (input: BuildRequestInput) => ProviderRequest
  /** Maps this API's stream payloads onto the shared accumulator. */
  readonly createStreamAdapter: WireStreamAdapterFactory
  /** What this API refuses in a request's tools (each value cites its source); every request keeps to it. */
  readonly toolRules: ProviderToolRules
}

/**
 * One definition per provider id, each under its own id. A new id in `PROVIDER_IDS` makes every
 * table of this type fail to compile until its definition is written and listed.
 */
export type ProviderDefinitionTable = { readonly [Id in ProviderId]: ProviderDefinition<Id> }
