import type { AppParts, HandlerMap } from './command-handler'

/** A conversation exported; an export imported (`import-commands.ts`: in pieces, in slices). */
export function transferHandlers(app: AppParts): HandlerMap<'transfer'> {
  return {
    'conversations.export': (request) => app.reads.conversations.export(request),
    'conversations.import': (request, context) => app.imports.import(request, context.clientId),
    'conversations.importPart': (request, context) => app.imports.part(request, context.clientId),
  }
}
