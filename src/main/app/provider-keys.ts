import type { TurnRecorder } from '../harness/turn-recorder'
import { PROVIDER_IDS, type ProviderId } from '../../shared/provider-id'
import { PROVIDER_DEFAULTS } from '../providers/provider-config'
import { keyEnding, type KeyStatus, type KeyVault } from './key-vault'

type Env = Readonly<Record<string, string | undefined>>

/**
 * The keys the core may use: the environment's (`OPENAI_API_KEY`, …) first, as the CLI does, then
 * the vault's. Only {@link ProviderKeys.status} ever leaves the core.
 */
export class ProviderKeys {
  constructor(
    private readonly env: Env,
    readonly vault: KeyVault,
  ) {}

  private fromEnvironment(provider: ProviderId): string | undefined {
    const value = this.env[PROVIDER_DEFAULTS[provider].keyVariable]?.trim()
    return value ? value : undefined
  }

  /** The saved key (the environment's wins when {@link resolveConnection} is given both). */
  saved(provider: ProviderId): string | undefined {
    return this.vault.get(provider)
  }

  status(provider: ProviderId): KeyStatus {
    const env = this.fromEnvironment(provider)
    if (env) return { set: true, endsWith: keyEnding(env), source: 'environment' }
    const saved = this.vault.get(provider)
    return saved ? { set: true, endsWith: keyEnding(saved), source: 'saved' } : { set: false }
  }

  /** Every key the core knows of, to scrub from anything that leaves it. */
  all(): string[] {
    const keys = new Set<string>()
    for (const provider of PROVIDER_IDS) {
      for (const key of [this.fromEnvironment(provider), this.vault.get(provider)]) if (key && key.length >= 8) keys.add(key)
    }
    return [...keys]
  }
}

/**
 * Replaces every known key inside a plain-data value with `[redacted]` (a provider or proxy that
 * echoes the key in an error message must not carry it to the UI).
 */
export function redactKeys<T>(value: T, keys: readonly string[]): T {
  if (keys.length === 0) return value
  const json = JSON.stringify(value)
  if (json === undefined || !keys.some((key) => json.includes(jsonInner(key)))) return value
  let scrubbed = json
  for (const key of keys) scrubbed = scrubbed.split(jsonInner(key)).join('[redacted]')
  return JSON.parse(scrubbed) as T
}

/** A string as it appears inside a JSON string literal. */
function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1)
}

/**
 * The store recorder, with every known key scrubbed from the provider error messages it saves
 * (a proxy that echoes the key in its error body must not put it into the database).
 */
export function redactingRecorder(recorder: TurnRecorder, keys: readonly string[]): TurnRecorder {
  if (keys.length === 0) return recorder
  return {
    ...recorder,
    finishGeneration(id, input) {
      const result = input.result?.error ? { ...input.result, error: redactKeys(input.result.error, keys) } : input.result
      recorder.finishGeneration(id, { ...input, result })
    },
    finish(input) {
      recorder.finish({ ...input, error: input.error ? redactKeys(input.error, keys) : undefined })
    },
  }
}
