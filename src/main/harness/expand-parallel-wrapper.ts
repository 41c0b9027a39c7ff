import type { TurnToolCall } from '../../shared/round-result'
import { asArray, asObject, asString } from '../providers/wire-access'

const WRAPPER_NAMES = new Set(['multi_tool_use.parallel', 'parallel'])
const RECIPIENT_PREFIX = 'functions.'

/**
 * GPT models sometimes invent one call named `multi_tool_use.parallel` (or `parallel`) whose
 * arguments are `{"tool_uses":[{"recipient_name":"functions.X","parameters":{…}}]}`. When no tool
 * of that name is declared and every inner call names a declared tool, the inner calls are run
 * one by one (each with its own schema check, approval and ledger key) and the wrapper gets one
 * result with all of theirs. Anything else is left alone (and answered as an unknown tool).
 */
export function expandParallelWrapper(
  call: TurnToolCall,
  declaredTools: ReadonlySet<string>,
): TurnToolCall[] | undefined {
  if (!WRAPPER_NAMES.has(call.name) || declaredTools.has(call.name) || !call.arguments) return undefined
  const uses = asArray(call.arguments.tool_uses)
  if (!uses || uses.length === 0) return undefined
  const inner: TurnToolCall[] = []
  for (const [index, entry] of uses.entries()) {
    const use = asObject(entry)
    const recipient = asString(use?.recipient_name)
    const parameters = asObject(use?.parameters)
    if (!recipient?.startsWith(RECIPIENT_PREFIX) || !parameters) return undefined
    const name = recipient.slice(RECIPIENT_PREFIX.length)
    if (!declaredTools.has(name)) return undefined
    inner.push({
      callId: `${call.callId}_${index}`,
      callIdIsLocal: true,
      name,
      argumentsText: JSON.stringify(parameters),
      arguments: parameters,
      closed: true,
    })
  }
  return inner
}
