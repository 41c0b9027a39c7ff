import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { CheckedAttachment } from '../shared/attachments'
import { MAX_MESSAGE_CHARS } from '../shared/ipc/channels'
import type { Locale } from '../shared/locale'
import { isLocale } from '../shared/locale'
import { IMPLICIT_PROFILE_IDS, isProfileIdSyntax } from '../shared/provider-profiles'
import type { RunEvent } from '../shared/run-events'
import { createMemoryKeyVault } from '../main/secrets/key-vault'
import { ProviderKeys } from '../main/secrets/provider-keys'
import { ConversationCommands } from '../main/app/conversation-commands'
import { prepareTurn, resolveTurnProfile } from '../main/app/turn-setup'
import { defaultDatabasePath } from '../main/data-dir'
import { approveAll, type Approver } from '../main/harness/approval'
import { runTurn } from '../main/harness/run-turn'
import { retryDeferredFinalizations } from '../main/harness/deferred-finalizations'
import { UnknownConversationError } from '../main/harness/store-turn-recorder'
import { providerEnvironmentVariables } from '../main/providers/provider-config'
import { createKeelToolRegistry } from '../main/tools/tool-registry'
import { CliUsageError } from './cli-usage-error'
import { openStoreForCli } from './open-store'
import { terminalApprover } from './terminal-approver'

export const CHAT_USAGE = `usage: keel chat [--provider <${IMPLICIT_PROFILE_IDS.join('|')}|custom-N>] [--model M] [--base-url URL]
                 [--db FILE] [--conversation ID] [--lang en|pt-BR|es] [--yes] [--json]
                 [--mcp-config FILE] [--resource SERVER:URI…] [--prompt SERVER:NAME [--prompt-arg K=V…]]
                 [--read-web] "message"

Runs one user turn with the real harness, tools and store, streaming the answer to stdout.
  --yes           approve write tools (without it: ask on a terminal, deny otherwise)
  --json          one JSON object per line for every run event; the last is {"type":"run-end",…}
  --conversation  continue an existing conversation (its id is in the run-end event and keel export),
                  on the provider and model it was started with unless --provider names another
  --db            the store (default: ${defaultDatabasePath()}; KEEL_DB overrides)
  --mcp-config    MCP servers for this run, as Claude Desktop's config writes them ("mcpServers")
                  or VS Code's ("servers"); KEEL_MCP_CONFIG works too. Servers saved in Keel's
                  settings run as well (those the user agreed to run).
  --resource      attach an MCP server's resource (repeatable; keel mcp resources SERVER lists them):
                  text and images as files within the usual sizes; other types are named, not sent
  --prompt        start the message with an MCP server's prompt (keel mcp prompts SERVER lists them),
                  its arguments as --prompt-arg key=value; the text is shown on stderr first, and
                  the message (if any) follows it
  --read-web      offer read_web_page for this run (Settings → Web turns it on for good; web search
                  follows Settings → Web, BRAVE_API_KEY/TAVILY_API_KEY too); each read is asked for
  --provider      a provider set up in Keel's settings (its id), or one of the built-in ids, for this
                  turn only; without it, the conversation's own (a new one: the default for new
                  conversations). A provider that needs a key and has none is not called.
Exit: 0 completed, 1 failed or interrupted, 2 usage error or no provider ready (one line on stderr,
nothing sent), 130 stopped with Ctrl-C (the partial
answer is saved as interrupted). Environment: ${providerEnvironmentVariables().join(', ')}.`

export interface ChatIo {
  stdin: NodeJS.ReadStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
  /** Ctrl-C: the CLI wires SIGINT here (tests call it directly). */
  onInterrupt: (stop: () => void) => void
}

export async function runChat(argv: string[], io: ChatIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        provider: { type: 'string' },
        model: { type: 'string' },
        'base-url': { type: 'string' },
        db: { type: 'string' },
        conversation: { type: 'string' },
        lang: { type: 'string' },
        yes: { type: 'boolean' },
        json: { type: 'boolean' },
        'max-rounds': { type: 'string' },
        'mcp-config': { type: 'string' },
        resource: { type: 'string', multiple: true },
        prompt: { type: 'string' },
        'prompt-arg': { type: 'string', multiple: true },
        'read-web': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${CHAT_USAGE}`)
  }
  const flags = parsed.values
  if (flags.help) {
    io.stdout.write(`${CHAT_USAGE}\n`)
    return 0
  }
  let message = parsed.positionals.join(' ').trim()
  if (message.length === 0 && flags.prompt === undefined) throw new CliUsageError(`missing the message\n${CHAT_USAGE}`)
  if (flags['prompt-arg'] !== undefined && flags.prompt === undefined)
    throw new CliUsageError(`--prompt-arg goes with --prompt\n${CHAT_USAGE}`)
  if (message.length > MAX_MESSAGE_CHARS)
    throw new CliUsageError(`the message is ${message.length} characters long; the limit is ${MAX_MESSAGE_CHARS}`)
  if (flags.provider !== undefined && !isProfileIdSyntax(flags.provider)) {
    throw new CliUsageError(
      `unknown provider "${flags.provider}" (expected one of: ${IMPLICIT_PROFILE_IDS.join(', ')}, or a provider id from Keel's settings)`,
    )
  }
  if (flags.lang !== undefined && !isLocale(flags.lang))
    throw new CliUsageError(`--lang must be en, pt-BR or es, got "${flags.lang}"`)
  if (flags['base-url'] !== undefined && !/^https?:\/\//.test(flags['base-url'])) {
    throw new CliUsageError(`--base-url must be an http(s) URL, got "${flags['base-url']}"`)
  }
  let maxRounds: number | undefined
  if (flags['max-rounds'] !== undefined) {
    maxRounds = Number(flags['max-rounds'])
    if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > 50)
      throw new CliUsageError('--max-rounds must be an integer from 1 to 50')
  }

  const dbPath = flags.db ?? defaultDatabasePath(io.env)
  // A provider id no settings can hold (no store yet): said before a store is created for nothing.
  if (flags.provider !== undefined && !IMPLICIT_PROFILE_IDS.includes(flags.provider) && !existsSync(dbPath)) {
    throw new CliUsageError(
      `unknown provider "${flags.provider}" (expected one of: ${IMPLICIT_PROFILE_IDS.join(', ')}, or a provider id from Keel's settings)`,
    )
  }
  const store = openStoreForCli(dbPath, { create: true })
  const cleanups: Array<() => Promise<void>> = []
  try {
    // The CLI has no OS keyring: its keys come from the environment (MCP secrets from --mcp-config).
    const keys = new ProviderKeys(io.env, createMemoryKeyVault())
    // First run, or a provider without the key it needs: one line, exit 2, nothing sent or stored.
    // A continued conversation goes to its own entry (and model) unless --provider names another;
    // a new one takes the defaults for new conversations, as in the window.
    const conversations = new ConversationCommands(store, io.env, keys)
    const settings = conversations.turnSettings(flags.conversation, undefined, flags.provider)
    const provider = settings.provider ?? flags.provider
    const model = flags.model ?? settings.model
    const ready = resolveTurnProfile({
      store,
      env: io.env,
      keys,
      request: { provider, model, baseUrl: flags['base-url'] },
    })
    if (!ready.ok) throw new CliUsageError(ready.error.message)
    const approver: Approver = flags.yes ? approveAll : terminalApprover(io.stdin, io.stderr)
    const controller = new AbortController()
    let interrupted = false
    io.onInterrupt(() => {
      interrupted = true
      controller.abort(new Error('stopped by the user'))
    })
    // The same setup as the app's: settings, connection, grants and key scrubbing on every output.
    const { openMcpForCli, statusText } = await import('./mcp-command')
    const mcp = await openMcpForCli(
      store,
      { stdout: io.stdout, stderr: io.stderr, env: io.env },
      flags['mcp-config'],
      keys,
    )
    // The turn goes on without a server that is not ready: say which, and why.
    for (const view of mcp.hub.views())
      if (view.status.state === 'failed')
        io.stderr.write(`[keel] MCP server ${view.config.name} is not used: ${statusText(view.status)}\n`)
    // The web tools as Settings → Web has them; --read-web turns page reading on for this run.
    const { createWebToolSource } = await import('../main/app/web-tool-source')
    const web = createWebToolSource(() => store, keys, { readPages: flags['read-web'] === true ? true : undefined })
    const tools = createKeelToolRegistry(store, { sources: [web, mcp.hub] })
    cleanups.push(() => tools.close())
    let attachments: CheckedAttachment[] | undefined
    if (flags.prompt !== undefined || (flags.resource?.length ?? 0) > 0) {
      const { chatMcpInputs, promptArguments } = await import('./mcp-features-command')
      const inputs = await chatMcpInputs(
        mcp.hub,
        {
          resources: flags.resource ?? [],
          prompt: flags.prompt,
          promptArgs: promptArguments(flags['prompt-arg'] ?? []),
        },
        io,
      )
      // A prompt or resource that could not be had: said on stderr, nothing sent.
      if (!inputs) return 1
      message = [inputs.before, message, inputs.after].filter((part) => part.trim() !== '').join('\n\n')
      if (message === '' && inputs.attachments.length === 0) {
        io.stderr.write('keel: the prompt gave no text and no files: nothing to send\n')
        return 1
      }
      if (message.length > MAX_MESSAGE_CHARS)
        throw new CliUsageError(`the message is ${message.length} characters long; the limit is ${MAX_MESSAGE_CHARS}`)
      attachments = inputs.attachments
    }
    const print = flags.json ? jsonPrinter(io.stdout) : humanPrinter(io.stdout, io.stderr)
    const prepared = prepareTurn({
      store,
      env: io.env,
      keys,
      tools,
      mcpInstructions: mcp.hub.instructionsForModel(),
      request: {
        ...settings,
        conversationId: flags.conversation,
        text: message,
        ...(attachments && attachments.length > 0 ? { attachments } : {}),
        provider,
        model,
        baseUrl: flags['base-url'],
        maxRounds,
        locale: flags.lang as Locale | undefined,
      },
      io: {
        signal: controller.signal,
        approver,
        onEvent: (event) => {
          // A conversation this turn creates stays with the entry and model it started on.
          if (event.type === 'run-start' && flags.conversation === undefined)
            conversations.adopt(event.conversationId, undefined, {
              provider: prepared.profileId,
              model: prepared.connection.model,
            })
          print(event)
        },
      },
    })
    const { options } = prepared
    let result
    try {
      result = await runTurn(options).done
    } catch (error) {
      if (error instanceof UnknownConversationError) throw new CliUsageError(error.message)
      throw error
    }
    if (interrupted) return 130
    return result.status === 'completed' && !result.storageError ? 0 : 1
  } finally {
    // MCP servers end (their whole process trees) before the store closes.
    for (const cleanup of cleanups) await cleanup().catch(() => {})
    // An end a full disk kept from being written: one last try (else the next start settles it).
    retryDeferredFinalizations(store)
    store.close()
  }
}

function jsonPrinter(stdout: NodeJS.WritableStream): (event: RunEvent) => void {
  return (event) => {
    stdout.write(`${JSON.stringify(event)}\n`)
  }
}

/** Plain output: the answer on stdout as it streams; tool activity and diagnostics on stderr. */
function humanPrinter(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): (event: RunEvent) => void {
  let atLineStart = true
  const write = (text: string) => {
    if (text.length === 0) return
    stdout.write(text)
    atLineStart = text.endsWith('\n')
  }
  return (event) => {
    switch (event.type) {
      case 'stream':
        if (event.event.type === 'text-delta') write(event.event.delta)
        return
      case 'notice':
        write(`${atLineStart ? '' : '\n\n'}${event.text}\n`)
        return
      case 'tool-call':
        if (event.state !== 'preparing')
          stderr.write(
            `[keel] ${event.name} (${event.callId}): ${event.state}${event.summary ? ` — ${event.summary}` : ''}\n`,
          )
        return
      case 'tool-progress':
        stderr.write(
          `[keel] ${event.callId}: ${event.total ? `${event.progress}/${event.total}` : event.progress}${event.message ? ` — ${event.message}` : ''}\n`,
        )
        return
      case 'retry-scheduled':
        stderr.write(`[keel] ${event.message}\n`)
        return
      case 'diagnostics':
        stderr.write(
          `[keel] ${event.kind}${event.status ? ` HTTP ${event.status}` : ''}${event.requestId ? ` request ${event.requestId}` : ''}: ${event.providerMessage}\n`,
        )
        return
      case 'run-end':
        if (!atLineStart) stdout.write('\n')
        stderr.write(
          `[keel] ${event.status}${event.interruptReason ? ` (${event.interruptReason})` : ''} · conversation ${event.conversationId}\n`,
        )
        return
      default:
        return
    }
  }
}
