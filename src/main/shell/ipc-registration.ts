import { COMMAND_NAMES, COMMAND_SCHEMAS, channelOf, type CommandName } from '../../shared/ipc/app-contract'
import type { AppError, AppResult } from '../../shared/ipc/app-error'
import type { AppClient, AppServicePort, CommandPayload } from './app-service-port'

/**
 * One `ipcMain.handle` per command of the contract (`keel:<command>`), never a generic channel.
 * Every handler, in this order:
 *   1. checks the sender: the frame is the main frame of one of our windows and shows our own page;
 *   2. validates the payload with the command's zod schema (exactly one argument);
 *   3. only then calls the service;
 * and always answers an `AppResult` (plain data: Electron would pass only the message of a thrown
 * error). A rejected call answers `forbidden` or `validation` and the service is never called.
 */

/** The parts of Electron's `WebFrameMain` the sender check reads. */
export interface SenderFrame {
  readonly url: string
  readonly parent: unknown
  readonly processId: number
  readonly routingId: number
}

/** The parts of Electron's `WebContents` the sender check reads. */
export interface SenderContents {
  readonly id: number
  readonly mainFrame: Pick<SenderFrame, 'processId' | 'routingId'>
  isDestroyed(): boolean
}

/** The parts of Electron's `IpcMainInvokeEvent` the handlers read. */
export interface InvokeEvent<W extends SenderContents = SenderContents> {
  readonly sender: W
  readonly senderFrame: SenderFrame | null
}

export interface IpcMainLike<W extends SenderContents> {
  handle(channel: string, listener: (event: InvokeEvent<W>, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

export interface IpcRegistrationOptions<W extends SenderContents> {
  ipcMain: IpcMainLike<W>
  service: AppServicePort
  /** Is this webContents one of our windows? (the window registry) */
  isOurWindow(contents: W): boolean
  /** Is this URL our own page? (navigation policy) */
  isOwnPage(url: string): boolean
  /** The client (run-event target) for a trusted sender. */
  clientFor(contents: W): AppClient
  /**
   * Told about unexpected service failures. Gets the command and the error's name only: payloads
   * (which may hold an API key) and messages are never passed on.
   */
  onInternalError?(command: CommandName, errorName: string): void
}

const MAX_VALIDATION_MESSAGE = 500

export function forbidden(message: string): AppResult<never> {
  return { ok: false, error: { kind: 'forbidden', message, owner: 'system', retryable: false } }
}

function validationError(message: string): AppResult<never> {
  return { ok: false, error: { kind: 'validation', message, owner: 'system', retryable: false } }
}

const internalError: AppError = { kind: 'internal', message: 'Something went wrong in Keel.', owner: 'system', retryable: false }

/** Why a sender is refused, or undefined when it is our own page in the main frame of one of our windows. */
export function senderProblem<W extends SenderContents>(
  event: InvokeEvent<W>,
  isOurWindow: (contents: W) => boolean,
  isOwnPage: (url: string) => boolean,
): string | undefined {
  const contents = event.sender
  if (!contents || contents.isDestroyed() || !isOurWindow(contents)) return 'unknown window'
  const frame = event.senderFrame
  if (!frame) return 'no sender frame'
  const main = contents.mainFrame
  if (frame.parent != null || frame.processId !== main.processId || frame.routingId !== main.routingId) return 'not the main frame'
  if (!isOwnPage(frame.url)) return 'foreign page'
  return undefined
}

/** The validation message: paths and zod's messages only (they never quote the input). */
function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const text = issues
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ')
  return text.length > MAX_VALIDATION_MESSAGE ? `${text.slice(0, MAX_VALIDATION_MESSAGE)}…` : text
}

/** Registers every command handler; returns a function that removes them all. */
export function registerIpcHandlers<W extends SenderContents>(options: IpcRegistrationOptions<W>): () => void {
  const { ipcMain } = options
  for (const command of COMMAND_NAMES) {
    ipcMain.handle(channelOf(command), (event, ...args) => handleCommand(options, command, event, args))
  }
  return () => {
    for (const command of COMMAND_NAMES) ipcMain.removeHandler(channelOf(command))
  }
}

async function handleCommand<W extends SenderContents>(
  options: IpcRegistrationOptions<W>,
  command: CommandName,
  event: InvokeEvent<W>,
  args: unknown[],
): Promise<AppResult<unknown>> {
  try {
    const problem = senderProblem(event, options.isOurWindow, options.isOwnPage)
    if (problem) return forbidden(`Refused: ${problem}.`)
    if (args.length !== 1) return validationError(`Expected exactly one request object, got ${args.length} arguments.`)
    const parsed = COMMAND_SCHEMAS[command].safeParse(args[0])
    if (!parsed.success) return validationError(describeIssues(parsed.error.issues))
    const client = options.clientFor(event.sender)
    const result = await options.service.handle(command, parsed.data as CommandPayload<typeof command>, client)
    return isAppResult(result) ? result : { ok: false, error: internalError }
  } catch (error) {
    options.onInternalError?.(command, error instanceof Error ? error.name : typeof error)
    return { ok: false, error: internalError }
  }
}

function isAppResult(value: unknown): value is AppResult<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof (value as { ok: unknown }).ok === 'boolean'
}
