// The `mcp.*` commands: the saved server list (settings), its secrets (key vault), servers from a
// `--mcp-config` file (this process only), and the hub that runs them. Every change is saved first,
// then applied to the hub (which starts, restarts or stops what changed).
import type { CommandRequest, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import { mcpServerId, type McpServerConfig, type McpServerView, type McpValue } from '../../shared/mcp'
import { mcpServerListSchema } from '../../shared/mcp-server-schema'
import type { StoreWriter } from '../db/keel-store'
import type { McpFileServer } from '../mcp/mcp-config-file'
import { unknownMcpKeys } from '../mcp/mcp-config-forward'
import { mcpClientSecretId, preRegisteredClient, storeClientSecret } from '../mcp/mcp-oauth-client'
import { parseMcpConfigJson } from '../mcp/mcp-config-import'
import { checkMcpRoots } from '../mcp/mcp-roots'
import type { McpHub, McpHubEntry } from '../mcp/mcp-hub'
import { McpOAuthVault } from '../mcp/mcp-oauth-vault'
import { McpSignInCommands, type McpSignInDeps } from './mcp-sign-in-commands'
import { McpSecrets, mcpSecretValueList, type McpSecretWhere } from '../mcp/mcp-secrets'
import { fail, ok, notFound } from './app-result'
import { vaultRefusal } from './vault-refusal'
import type { ProviderKeys } from '../secrets/provider-keys'
import { readSettings } from '../settings/read-settings'

type Result<C extends keyof CommandResponses> = Promise<AppResult<CommandResponses[C]>> | AppResult<CommandResponses[C]>

export class McpCommands {
  private readonly secrets: McpSecrets
  /** Servers from the config file, with the user's switches for this session. */
  private readonly fileServers: McpFileServer[]

  constructor(
    private readonly store: StoreWriter,
    private readonly keys: ProviderKeys,
    readonly hub: McpHub,
    fileServers: readonly McpFileServer[] = [],
    /** The desktop shell's folder picker (absent in browser mode and the CLI). */
    private readonly folderPicker?: (() => Promise<string | undefined>) | undefined,
    /** Sign-ins: the desktop shell's "open in the system browser" (absent in browser mode), the wait. */
    signIn: Pick<McpSignInDeps, 'openInBrowser' | 'timeoutMs'> = {},
  ) {
    this.secrets = new McpSecrets(keys.vault)
    this.fileServers = fileServers.map((server) => ({ ...server, config: { ...server.config } }))
    keys.addSessionSecrets(this.fileServers.flatMap((server) => mcpSecretValueList(server.secrets)))
    this.signIn = new McpSignInCommands({
      vault: new McpOAuthVault(keys.vault),
      find: (serverId) => {
        const entry = this.entries().find((candidate) => candidate.config.id === serverId)
        return (
          entry && {
            config: entry.config,
            headers: entry.secrets.headers,
            preRegistered: preRegisteredClient(entry.config, keys.vault),
          }
        )
      },
      restart: (serverId) => this.hub.restart(serverId),
      ...signIn,
    })
  }

  /** `mcp.signIn` / `mcp.signOut` (mcp-sign-in-commands.ts). */
  readonly signIn: McpSignInCommands

  /** Starts what is configured (with the core) and applies every later change. */
  sync(): void {
    this.hub.sync(this.entries())
  }

  private saved(): McpServerConfig[] {
    return readSettings(this.store).values.mcpServers as McpServerConfig[]
  }

  private entries(): McpHubEntry[] {
    const saved = this.saved().map(
      (config): McpHubEntry => ({
        config: this.secrets.withVaultState(config),
        origin: 'settings',
        secrets: this.secrets.resolve(config).values,
      }),
    )
    const file = this.fileServers.map(
      (server): McpHubEntry => ({ config: server.config, origin: 'file', secrets: server.secrets }),
    )
    return [...saved, ...file]
  }

  /** Saves the whole list (validated by the setting's schema: no value can reach SQLite) and applies it. */
  private write(list: McpServerConfig[]): AppResult<true> {
    const parsed = mcpServerListSchema.safeParse(list)
    if (!parsed.success)
      return fail(
        'validation',
        `Invalid MCP server: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      )
    const written = this.store.settings.set('mcpServers', parsed.data)
    if (!written.ok) return fail('validation', written.error.message)
    this.sync()
    return ok(true)
  }

  private view(serverId: string): AppResult<McpServerView> {
    const view = this.hub.view(serverId)
    return view ? ok(this.signIn.decorate(view)) : notFound('mcp-server')
  }

  /** "Always allow" grants on a server's tools are void once what it runs changed (or it is gone). */
  private voidGrants(serverId: string): void {
    const permissions = readSettings(this.store).values.toolPermissions
    const kept = Object.fromEntries(Object.entries(permissions).filter(([key]) => !key.startsWith(`mcp:${serverId}:`)))
    if (Object.keys(kept).length !== Object.keys(permissions).length) this.store.settings.set('toolPermissions', kept)
  }

  list(): Result<'mcp.list'> {
    return ok(this.hub.views().map((view) => this.signIn.decorate(view)))
  }

  async import({
    text,
    allowPlainTextStorage,
  }: CommandRequest<'mcp.import'>): Promise<AppResult<CommandResponses['mcp.import']>> {
    const existing = [...this.saved(), ...this.fileServers.map((server) => server.config)]
    const parsed = parseMcpConfigJson(text, existing)
    if (!parsed.ok) return fail('validation', parsed.error.message, { detail: { code: 'mcp-import-invalid' } })
    const report = { ...parsed.report, added: [] as string[], skipped: [...parsed.report.skipped] }
    const added: McpServerConfig[] = []
    for (const server of parsed.servers) {
      // Values first: a server whose values the vault refuses is not imported at all.
      const stored = await this.secrets.setAll(server.config.id, server.secrets, { allowPlainTextStorage })
      if (!stored.ok) {
        report.skipped.push({ name: server.config.name, reason: stored.message })
        continue
      }
      added.push(this.secrets.withVaultState(server.config))
      report.added.push(server.config.name)
    }
    if (added.length > 0) {
      const written = this.write([...this.saved(), ...added])
      if (!written.ok) return written
    }
    return ok(report)
  }

  async save(request: CommandRequest<'mcp.save'>): Promise<AppResult<CommandResponses['mcp.save']>> {
    const list = this.saved()
    const index = request.serverId === undefined ? -1 : list.findIndex((config) => config.id === request.serverId)
    if (request.serverId !== undefined && index < 0) {
      return this.fileServers.some((server) => server.config.id === request.serverId)
        ? fail('forbidden', 'This server comes from the configuration file Keel was started with: edit that file.', {
            owner: 'user',
          })
        : notFound('mcp-server')
    }
    const previous = index >= 0 ? list[index] : undefined
    const taken = new Set(
      [...list, ...this.fileServers.map((server) => server.config)]
        .filter((config) => config !== previous)
        .flatMap((config) => [config.id, config.name.toLowerCase()]),
    )
    if (taken.has(request.name.toLowerCase()))
      return fail('validation', `A server named "${request.name}" exists already.`, { owner: 'user' })
    let id = previous?.id ?? mcpServerId(request.name)
    for (let n = 2; !previous && taken.has(id); n++) id = `${mcpServerId(request.name).slice(0, 36)}_${n}`
    const values = (where: McpSecretWhere): Record<string, McpValue> | undefined => {
      const given = request[where]
      if (given === undefined) return previous?.[where]
      return Object.fromEntries(Object.keys(given).map((key) => [key, { secret: true as const, set: false }]))
    }
    const config: McpServerConfig = {
      // A newer Keel's keys stay as they were (the known ones below are rebuilt from the request).
      ...unknownMcpKeys(previous),
      id,
      name: request.name,
      transport: request.transport,
      ...(request.transport === 'stdio'
        ? {
            command: request.command,
            args: request.args ?? [],
            ...(request.cwd ? { cwd: request.cwd } : {}),
            ...(values('env') ? { env: values('env') } : {}),
          }
        : { url: request.url, ...(values('headers') ? { headers: values('headers') } : {}) }),
      ...(request.timeoutMs !== undefined
        ? { timeoutMs: request.timeoutMs }
        : previous?.timeoutMs !== undefined
          ? { timeoutMs: previous.timeoutMs }
          : {}),
      ...((request.trustReadOnlyHints ?? previous?.trustReadOnlyHints) ? { trustReadOnlyHints: true } : {}),
      ...((request.disabled ?? previous?.disabled) ? { disabled: true } : {}),
      ...(previous?.disabledTools ? { disabledTools: previous.disabledTools } : {}),
      ...(previous?.extra ? { extra: previous.extra } : {}),
      ...(previous?.consentedFingerprint ? { consentedFingerprint: previous.consentedFingerprint } : {}),
      ...(previous?.roots ? { roots: previous.roots } : {}),
      ...(previous?.instructionsAccepted ? { instructionsAccepted: previous.instructionsAccepted } : {}),
    }
    if (request.transport !== 'stdio') {
      const client = await this.saveOAuthClient(id, request, previous)
      if (!client.ok) return vaultRefusal(client)
      if (client.value) config.oauthClient = client.value
    }
    if (config.transport === 'stdio' && !config.command)
      return fail('validation', 'A server Keel starts needs a command.', { owner: 'user' })
    if (config.transport !== 'stdio' && !config.url)
      return fail('validation', 'A server Keel connects to needs a URL.', { owner: 'user' })
    // Values: new ones to the vault; `null` keeps the stored one; keys no longer named are forgotten.
    for (const where of ['env', 'headers'] as const) {
      for (const [key, value] of Object.entries(request[where] ?? {})) {
        if (value === null) continue
        const stored = await this.secrets.set(id, where, key, value, {
          allowPlainTextStorage: request.allowPlainTextStorage,
        })
        if (!stored.ok) return vaultRefusal(stored)
      }
    }
    await this.secrets.pruneTo(config)
    // A sign-in for the old address (or a server now off) is no longer the user's wish.
    if (previous && (config.disabled || config.url !== previous.url || config.transport !== previous.transport))
      await this.signIn.cancelFor(id)
    // Tokens are bound to the server and the authorization server that issued them: at another
    // address (or over another transport) it signs in afresh, and no registration made for the
    // old one is reused. Not saved when they cannot be dropped (the vault refused).
    if (previous && (config.url !== previous.url || config.transport !== previous.transport)) {
      const forgotten = await new McpOAuthVault(this.keys.vault).forget(id)
      if (!forgotten.ok) return vaultRefusal(forgotten)
    }
    const next = [...list]
    if (index >= 0) next[index] = this.secrets.withVaultState(config)
    else next.push(this.secrets.withVaultState(config))
    const written = this.write(next)
    if (!written.ok) return written
    const view = this.hub.view(id)
    if (previous && view?.needsConsent) this.voidGrants(id)
    return this.view(id)
  }

  async remove({ serverId }: CommandRequest<'mcp.remove'>): Promise<AppResult<CommandResponses['mcp.remove']>> {
    const list = this.saved()
    if (!list.some((config) => config.id === serverId)) return ok({ removed: false })
    // A sign-in still open ends first: what it would save is then forgotten below, not after.
    await this.signIn.cancelFor(serverId)
    const written = this.write(list.filter((config) => config.id !== serverId))
    if (!written.ok) return written
    await this.secrets.removeServer(serverId)
    await storeClientSecret(this.keys.vault, serverId, null, {})
    // Its OAuth sign-ins go too: a server added again later signs in afresh.
    await new McpOAuthVault(this.keys.vault).forget(serverId)
    this.hub.forget(serverId)
    this.voidGrants(serverId)
    return ok({ removed: true })
  }

  consent({ serverId, fingerprint }: CommandRequest<'mcp.consent'>): Result<'mcp.consent'> {
    const view = this.hub.view(serverId)
    if (!view) return notFound('mcp-server')
    if (view.origin === 'file' || !view.needsConsent) return ok(view)
    // What the user saw must be what runs now: a change since (another window, an edit) is shown again.
    if (view.fingerprint !== fingerprint)
      return fail(
        'validation',
        'What this server runs changed since it was shown: look at it again before allowing it.',
        { owner: 'user', detail: { code: 'mcp-consent-stale' } },
      )
    if (view.missingValues.length > 0)
      return fail(
        'validation',
        `Enter the missing values first: ${view.missingValues.map((value) => value.key).join(', ')}.`,
        { owner: 'user' },
      )
    this.voidGrants(serverId)
    const written = this.write(
      this.saved().map((config) =>
        config.id === serverId ? { ...config, consentedFingerprint: fingerprint } : config,
      ),
    )
    if (!written.ok) return written
    return this.view(serverId)
  }

  update({
    serverId,
    disabled,
    timeoutMs,
    trustReadOnlyHints,
    tool,
    roots,
    sendInstructions,
  }: CommandRequest<'mcp.update'>): Result<'mcp.update'> {
    const current =
      this.fileServers.find((server) => server.config.id === serverId)?.config ??
      this.saved().find((config) => config.id === serverId)
    if (!current) return notFound('mcp-server')
    // Turned off: its open sign-in ends at once (cancelFor aborts before its first await).
    if (disabled === true) void this.signIn.cancelFor(serverId)
    const checkedRoots = roots === undefined ? undefined : checkMcpRoots(roots, current.roots)
    if (checkedRoots && !checkedRoots.ok) return fail('validation', checkedRoots.message, { owner: 'user' })
    if (sendInstructions?.send && this.hub.view(serverId)?.instructions?.hash !== sendInstructions.hash)
      return fail('validation', 'The server’s instructions changed since they were shown: look at them again.', {
        owner: 'user',
        detail: { code: 'mcp-instructions-stale' },
      })
    const change = (config: McpServerConfig): McpServerConfig => {
      const next = { ...config }
      if (checkedRoots?.ok) next.roots = checkedRoots.roots.length > 0 ? checkedRoots.roots : undefined
      if (sendInstructions) next.instructionsAccepted = sendInstructions.send ? sendInstructions.hash : undefined
      if (disabled !== undefined) next.disabled = disabled || undefined
      if (timeoutMs !== undefined) next.timeoutMs = timeoutMs
      if (trustReadOnlyHints !== undefined) next.trustReadOnlyHints = trustReadOnlyHints || undefined
      if (tool) {
        const off = new Set(config.disabledTools ?? [])
        if (tool.enabled) off.delete(tool.name)
        else off.add(tool.name)
        next.disabledTools = off.size > 0 ? [...off].sort() : undefined
      }
      return JSON.parse(JSON.stringify(next)) as McpServerConfig
    }
    const file = this.fileServers.find((server) => server.config.id === serverId)
    if (file) {
      // A file's server: the switches hold for this session (the file is the user's to edit).
      file.config = change(file.config)
      this.sync()
      return this.view(serverId)
    }
    const list = this.saved()
    if (!list.some((config) => config.id === serverId)) return notFound('mcp-server')
    const written = this.write(list.map((config) => (config.id === serverId ? change(config) : config)))
    if (!written.ok) return written
    return this.view(serverId)
  }

  /** The hand-registered OAuth client the form asks for (its secret to the vault), or the saved one. */
  private async saveOAuthClient(
    id: string,
    request: CommandRequest<'mcp.save'>,
    previous: McpServerConfig | undefined,
  ): Promise<
    | { ok: true; value: McpServerConfig['oauthClient'] }
    | { ok: false; reason: 'plain-text-not-allowed' | 'unavailable'; message: string }
  > {
    const asked = request.oauthClient
    if (asked === undefined) return { ok: true, value: previous?.oauthClient }
    const stored = await storeClientSecret(this.keys.vault, id, asked === null ? null : asked.secret, {
      allowPlainTextStorage: request.allowPlainTextStorage,
    })
    if (!stored.ok) return stored
    if (asked === null) return { ok: true, value: undefined }
    return {
      ok: true,
      value: { clientId: asked.clientId, secretSet: this.keys.vault.get(mcpClientSecretId(id)) !== undefined },
    }
  }

  async restart({ serverId }: CommandRequest<'mcp.restart'>): Promise<AppResult<CommandResponses['mcp.restart']>> {
    if (!(await this.hub.restart(serverId))) return notFound('mcp-server')
    return this.view(serverId)
  }

  async secret({
    serverId,
    where,
    key,
    value,
    allowPlainTextStorage,
  }: CommandRequest<'mcp.secret'>): Promise<AppResult<CommandResponses['mcp.secret']>> {
    const list = this.saved()
    const config = list.find((candidate) => candidate.id === serverId)
    if (!config) return notFound('mcp-server')
    if (!config[where] || !Object.hasOwn(config[where], key))
      return fail('validation', `This server has no ${where === 'env' ? 'variable' : 'header'} named ${key}.`, {
        owner: 'user',
      })
    const stored =
      value === null
        ? await this.secrets.clear(serverId, where, key)
        : await this.secrets.set(serverId, where, key, value, { allowPlainTextStorage })
    if (!stored.ok) return vaultRefusal(stored)
    const written = this.write(
      list.map((candidate) => (candidate.id === serverId ? this.secrets.withVaultState(candidate) : candidate)),
    )
    if (!written.ok) return written
    return this.view(serverId)
  }

  acceptTools({ serverId, tools }: CommandRequest<'mcp.acceptTools'>): Result<'mcp.acceptTools'> {
    if (!this.hub.view(serverId)) return notFound('mcp-server')
    this.hub.acceptTools(serverId, tools)
    return this.view(serverId)
  }

  async pickFolder(): Promise<AppResult<CommandResponses['mcp.pickFolder']>> {
    if (!this.folderPicker)
      return fail('forbidden', 'Choosing a folder needs the desktop app: type the folder’s path instead.', {
        owner: 'user',
      })
    return ok({ path: (await this.folderPicker()) ?? null })
  }

  stderr({ serverId }: CommandRequest<'mcp.stderr'>): Result<'mcp.stderr'> {
    const text = this.hub.stderr(serverId)
    return text === undefined ? notFound('mcp-server') : ok({ text })
  }
}
