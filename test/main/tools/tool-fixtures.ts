// A store with Keel's tool registry on a fake clock, and a helper that builds call requests.
import type { ToolCallRequest } from '../../../src/shared/tool-outcome'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { conversationWithTurn, countRows, fakeClock, useTempStores } from '../db/store-fixtures'

export function useToolHarness() {
  const stores = useTempStores()
  return (start?: number) => {
    const clock = fakeClock(start)
    const handle = stores.open({ clock })
    const store = handle.store
    const registry = createKeelToolRegistry(store)
    const ids = conversationWithTurn(store)
    let calls = 0
    const call = (toolName: string, args: unknown, overrides: Partial<ToolCallRequest> = {}): ToolCallRequest => ({
      ...ids,
      callId: `call_${++calls}`,
      toolName,
      arguments: args,
      ...overrides,
    })
    return {
      clock,
      store,
      registry,
      ids,
      call,
      run: (toolName: string, args: unknown, overrides?: Partial<ToolCallRequest>) =>
        registry.executeToolCall(call(toolName, args, overrides)),
      /** Rows the write tools could have touched: measurements and the ledger. */
      writtenRows: () => ({
        measurements: countRows(store, 'measurements'),
        ledger: countRows(store, 'tool_ledger'),
        calls: countRows(store, 'tool_ledger_calls'),
      }),
    }
  }
}
