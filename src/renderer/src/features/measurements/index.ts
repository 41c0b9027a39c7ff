// The measurements view (what each turn cost and took).
export { MEASUREMENTS_COMMANDS, type MeasurementsClient } from './measurements-client'
export { MeasurementsView } from './measurements-view'
