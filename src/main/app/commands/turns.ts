import { saveAlwaysAllow } from '../../settings/apply-settings-update'
import { fail, ok } from '../app-result'
import type { AppParts, HandlerMap } from './command-handler'

/** A new question, the message actions (`message-commands.ts`), and the user's part in a live run. */
export function turnHandlers(app: AppParts): HandlerMap<'turns'> {
  return {
    'turns.start': (request, context) => app.startTurn(request, context),
    'turns.stop': ({ runId }, context) => {
      const run = app.runs.get(runId)
      if (!run || !app.runs.isWatching(runId, context.clientId)) return ok({ stopped: false })
      run.controller.abort(new Error('stopped by the user'))
      return ok({ stopped: true })
    },
    'turns.regenerate': (request, context) => app.messages.regenerate(request, context),
    'turns.edit': (request, context) => app.messages.edit(request, context),
    'turns.continue': (request, context) => app.messages.continue(request, context),
    'approvals.answer': ({ approvalId, decision }, context) => {
      const pending = app.runs.pendingApproval(approvalId, context.clientId)
      if (!pending) return ok({ answered: false })
      // "Always" is not on offer for a tool that may delete or overwrite: it allows this one call.
      const effective = decision === 'always' && !pending.allowAlways ? 'approve' : decision
      if (effective === 'always') saveAlwaysAllow(app.store, pending.tool)
      pending.answer(effective)
      return ok({ answered: true })
    },
    'elicitations.answer': ({ elicitationId, answer }, context) =>
      ok({ answered: app.runs.answerElicitation(elicitationId, context.clientId, answer) }),
    'runs.attach': (_request, context) =>
      app.runs.isConnected(context.clientId)
        ? ok({ runs: app.runs.attach(context.clientId) })
        : fail('forbidden', 'This client cannot receive run events.'),
  }
}
