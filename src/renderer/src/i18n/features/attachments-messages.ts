import { defineMessages } from '../define-messages'

/** The window's words for this feature (see define-messages.ts). */
export const attachmentsMessages = defineMessages({}, {}, {})
