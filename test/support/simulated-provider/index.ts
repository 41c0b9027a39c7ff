/**
 * A loopback HTTP server that speaks the five provider wire APIs, serves scripted turns, records
 * every request and injects faults. See `server.ts` for the API and `types.ts` for scripts.
 */
export { baseUrlFor, startSimulatedProvider, type SimulatedProvider } from './server'
export { basePathFor } from './routes'
export { parseScript } from './script-schema'
export type { WaitOptions } from './request-log'
export type * from './types'
export { DEFAULT_MODEL_IDS, type ModelsScript, type ModelListRequest } from './models-route'
