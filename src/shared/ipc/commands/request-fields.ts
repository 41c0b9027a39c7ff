import { z } from 'zod'
import { providerProfileIdSchema } from '../../settings'

// The request fields several domains of the contract share.

export const id = z.string().min(1).max(200)
/** An import upload's id, chosen by the window (a UUID). */
export const uploadId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/)
/** A provider profile id (a wire id, a preset's id, `custom-<n>`); the core refuses ids no profile has. */
export const providerId = providerProfileIdSchema
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2000)
