import { z } from 'zod'
import { type HostedSearchLimits, MAX_HOSTED_SEARCHES, WEB_SEARCH_SERVICES, type WebToolsSettings } from './web-tools'

/** A site name as search APIs take it: `example.com`, `docs.example.org` (no scheme, no path). */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'A site is a name like example.com.',
  })

export const hostedSearchLimitsSchema = z
  .strictObject({
    maxSearches: z.number().int().min(1).max(MAX_HOSTED_SEARCHES).optional(),
    allowedDomains: z.array(domain).max(100).optional(),
    blockedDomains: z.array(domain).max(100).optional(),
  })
  .refine((limits) => !(limits.allowedDomains?.length && limits.blockedDomains?.length), {
    error: 'Give allowed sites or blocked sites, not both.',
  }) satisfies z.ZodType<HostedSearchLimits>

/** The stored form of {@link WebToolsSettings} (checked on write and on read). */
export const webToolsSchema = z.strictObject({
  readPages: z.boolean(),
  search: z.enum(WEB_SEARCH_SERVICES),
  searxngUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable(),
  providerSearch: hostedSearchLimitsSchema.optional(),
}) satisfies z.ZodType<WebToolsSettings>
