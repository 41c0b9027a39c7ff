import { COMMAND_NAMES, channelOf, type CommandName } from '../../shared/ipc/channels'
import type { AppResult } from '../../shared/ipc/app-error'
import { fail } from '../app/app-result'
import type { KeelAppService } from '../app/keel-app-service'

/**
 * One `ipcMain.handle` per command of the contract (`keel:<command>`), never a generic channel.
 * Every handler, in this order:
 *   1. checks the sender: the frame is the main frame of one of our windows and shows our own page;
 *   2. checks that exactly one argument (the request) came;
 *   3. only then hands the request to the app service, which validates it against the command's
 *      zod schema before any handler runs (the one validator, shared with browser mode);
 * and always answers an `AppResult` (plain data: Electron would pass only the message of a thrown
 * error). A refused sender answers `forbidden` and the service is never called.
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
  service: Pick<KeelAppService, 'handle'>
  /** Is this webContents one of our windows? (the window registry) */
  isOurWindow(contents: W): boolean
  /** Is this URL our own page? (navigation policy) */
  isOwnPage(url: string): boolean
  /** The service's client id for a trusted sender, connected to its run events (`run-event-sender.ts`). */
  clientFor(contents: W): string
  /**
   * Told about unexpected service failures. Gets the command and the error's name only: payloads
   * (which may hold an API key) and messages are never passed on.
   */
  onInternalError?(command: CommandName, errorName: string): void
}

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
  if (frame.parent != null || frame.processId !== main.processId || frame.routingId !== main.routingId)
    return 'not the main frame'
  if (!isOwnPage(frame.url)) return 'foreign page'
  return undefined
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
    if (problem) return fail('forbidden', `Refused: ${problem}.`)
    if (args.length !== 1)
      return fail('validation', `Expected exactly one request object, got ${args.length} arguments.`)
    return await options.service.handle(command, args[0], { clientId: options.clientFor(event.sender) })
  } catch (error) {
    options.onInternalError?.(command, error instanceof Error ? error.name : typeof error)
    return fail('internal', 'Something went wrong in Keel.')
  }
}
