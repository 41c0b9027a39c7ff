// The one place the whole API is cut into the narrow clients the window's parts are given.
import type { KeelApi } from '../../../shared/ipc/app-contract'

/**
 * A client holding only `commands` of the whole API, each calling through to it: a part of the
 * window given it can neither call nor pass on any other command (the type says so, and the object
 * has nothing else).
 */
export function narrowClient<C extends keyof KeelApi>(api: KeelApi, commands: readonly C[]): Pick<KeelApi, C> {
  const client: Partial<Record<C, unknown>> = {}
  for (const command of commands) {
    // A test's or a benchmark's double may lack a command: absent here too, as the store expects.
    if (typeof api[command] !== 'function') continue
    // Called as the API's method (`this` is the API): the WebSocket client's methods may need it.
    client[command] = (...args: unknown[]) => (api[command] as (...a: unknown[]) => unknown).apply(api, args)
  }
  return client as Pick<KeelApi, C>
}
