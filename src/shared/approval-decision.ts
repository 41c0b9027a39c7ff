/** The user's answers to an approval card: once, no, or for good ("always allow"). */
export const APPROVAL_DECISIONS = ['approve', 'deny', 'always'] as const

export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number]
