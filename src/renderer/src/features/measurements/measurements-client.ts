import type { KeelApi } from '../../../../shared/ipc/app-contract'

/** What the measurements view calls. */
export const MEASUREMENTS_COMMANDS = [
  'measurements.list',
  'measurements.add',
  'measurements.update',
  'measurements.delete',
] as const satisfies readonly (keyof KeelApi)[]

export type MeasurementsClient = Pick<KeelApi, (typeof MEASUREMENTS_COMMANDS)[number]>
