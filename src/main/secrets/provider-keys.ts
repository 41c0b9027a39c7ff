import type { TurnRecorder } from '../harness/turn-recorder'
import { IMPLICIT_PROFILE_IDS, isProfileIdSyntax, type ProviderProfileId } from '../../shared/provider-profiles'
import { profileKeyVariable } from '../providers/provider-config'
import type { KeyedSearchService } from '../../shared/web-tools'
import {
  isMcpOAuthId,
  isMcpSecretId,
  isWebSecretId,
  keyEnding,
  oauthSecretValues,
  type KeyStatus,
  type KeyVault,
} from './key-vault'
import { MIN_REDACTED_KEY_LENGTH, keyForms, redactText, redactValue } from './key-redaction'
import type { Env } from '../../shared/env'

export { redactKeys } from './key-redaction'

/**
 * The keys the core may use: the environment's (`OPENAI_API_KEY`, …) first, as the CLI does, then
 * the vault's. Only {@link ProviderKeys.status} ever leaves the core.
 */
/** The environment variables a search service's key may come from (the CLI, browser mode). */
const SEARCH_KEY_VARIABLES: Readonly<Record<KeyedSearchService, string>> = {
  brave: 'BRAVE_API_KEY',
  tavily: 'TAVILY_API_KEY',
}

export class ProviderKeys {
  constructor(
    private readonly env: Env,
    readonly vault: KeyVault,
  ) {}

  private readonly sessionSecrets = new Set<string>()

  private fromEnvironment(provider: ProviderProfileId): string | undefined {
    const variable = profileKeyVariable(provider)
    const value = variable ? this.env[variable]?.trim() : undefined
    return value ? value : undefined
  }

  /** The saved key of a profile (the environment's wins when {@link resolveProfile} is given both). */
  saved(provider: ProviderProfileId): string | undefined {
    return this.vault.get(provider)
  }

  status(provider: ProviderProfileId): KeyStatus {
    const env = this.fromEnvironment(provider)
    if (env) return { set: true, endsWith: keyEnding(env), source: 'environment' }
    const saved = this.vault.get(provider)
    return saved ? { set: true, endsWith: keyEnding(saved), source: 'saved' } : { set: false }
  }

  /** A web search service's key: the saved one, else the environment's (`BRAVE_API_KEY`, `TAVILY_API_KEY`). */
  searchKey(service: KeyedSearchService): string | undefined {
    return this.vault.get(`web:${service}`) ?? (this.env[SEARCH_KEY_VARIABLES[service]]?.trim() || undefined)
  }

  searchKeyStatus(service: KeyedSearchService): { set: false } | { set: true; endsWith: string } {
    const key = this.searchKey(service)
    return key ? { set: true, endsWith: keyEnding(key) } : { set: false }
  }

  /**
   * Secrets that live for this process only and are not in the vault (the env values and headers
   * of `--mcp-config` servers): scrubbed like every key from now on.
   */
  addSessionSecrets(values: Iterable<string>): void {
    for (const value of values) if (value.length >= MIN_REDACTED_KEY_LENGTH) this.sessionSecrets.add(value)
  }

  /**
   * Every secret the core knows of, to scrub from anything that leaves it: providers' keys (the
   * environment's and the vault's), every MCP server secret in the vault (a server that echoes its
   * token must not put it in an event, a stored error or an export) and the session's.
   */
  all(): string[] {
    const keys = new Set<string>()
    const add = (key: string | undefined) => {
      if (key && key.length >= MIN_REDACTED_KEY_LENGTH) keys.add(key)
    }
    for (const provider of IMPLICIT_PROFILE_IDS) add(this.fromEnvironment(provider))
    for (const variable of Object.values(SEARCH_KEY_VARIABLES)) add(this.env[variable]?.trim())
    // Every saved provider key (any profile) and MCP server secret.
    for (const id of this.vault.ids()) {
      // An OAuth record is JSON: its tokens are scrubbed one by one (the whole record never leaves as such).
      if (isMcpOAuthId(id)) for (const secret of oauthSecretValues(this.vault.get(id))) add(secret)
      else if (isMcpSecretId(id) || isProfileIdSyntax(id) || isWebSecretId(id)) add(this.vault.get(id))
    }
    for (const secret of this.sessionSecrets) keys.add(secret)
    return [...keys]
  }
}

/**
 * The store recorder with every known key scrubbed from everything it saves: provider errors,
 * tool rounds and results, the turn's end. Streamed text is scrubbed before it gets here (by the
 * redacting fetch, at the byte level, where a key split across deltas is still whole).
 */
export function redactingRecorder(recorder: TurnRecorder, keys: readonly string[]): TurnRecorder {
  const forms = keyForms(keys)
  if (forms.length === 0) return recorder
  return {
    ...recorder,
    appendText(delta) {
      recorder.appendText(redactText(delta, forms))
    },
    appendReasoning(delta) {
      recorder.appendReasoning(redactText(delta, forms))
    },
    recordToolRound(round) {
      recorder.recordToolRound(redactValue(round, forms))
    },
    recordHosted(round) {
      recorder.recordHosted(redactValue(round, forms))
    },
    recordReplay(provider, items) {
      recorder.recordReplay(provider, redactValue(items, forms))
    },
    recordToolResult(result, outcome, preview) {
      recorder.recordToolResult(redactValue(result, forms), redactValue(outcome, forms), redactValue(preview, forms))
    },
    finishGeneration(id, input) {
      recorder.finishGeneration(id, {
        ...input,
        result: redactValue(input.result, forms),
        requestId: redactValue(input.requestId, forms),
      })
    },
    finish(input) {
      recorder.finish(redactValue(input, forms))
    },
  }
}
