import { z } from 'zod'
import { WEB_SEARCH_SERVICES, type WebToolsSettings } from './web-tools'

/** The stored form of {@link WebToolsSettings} (checked on write and on read). */
export const webToolsSchema = z.strictObject({
  readPages: z.boolean(),
  search: z.enum(WEB_SEARCH_SERVICES),
  searxngUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable(),
}) satisfies z.ZodType<WebToolsSettings>
