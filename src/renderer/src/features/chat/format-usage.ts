import type { UsageSummary } from '../../../../shared/ipc/app-contract'
import type { CostTotal } from '../../../../shared/pricing'
import type { Translate } from '../../i18n/messages'

/**
 * A cost in US dollars for the user's language: cents for a dollar or more, two significant digits
 * below (a single answer often costs a fraction of a cent; "$0.00" would say nothing).
 */
export function formatUsd(usd: number, locale: string): string {
  const options: Intl.NumberFormatOptions =
    // From 0.995 up two significant digits would round to "$1.0": cents read better.
    usd >= 0.995 || usd === 0
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumSignificantDigits: 1, maximumSignificantDigits: 2 }
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', ...options }).format(usd)
}

/** "$0.0042", or "at least $0.0042" when some call in it had no price or unknown tokens. */
export function formatCost(t: Translate, cost: CostTotal): string {
  const amount = formatUsd(cost.usd, t.locale ?? 'en')
  return cost.complete ? amount : t('costAtLeast', { cost: amount })
}

/**
 * "120 in · 40 out (estimated) · $0.0042": the token counts that are known (never "?": while an
 * answer streams its counts are not known yet, defect 18); cost only where a price is configured.
 * Empty when nothing is known yet.
 */
export function formatUsage(
  t: Translate,
  summary: UsageSummary,
  key: 'usageTokens' | 'conversationUsage' = 'usageTokens',
): string {
  const { usage } = summary
  const input = usage.inputTokens
  const output = usage.outputTokens
  if (input === undefined && output === undefined) return ''
  const conversation = key === 'conversationUsage'
  let text =
    input !== undefined && output !== undefined
      ? t(key, { input, output })
      : input !== undefined
        ? t(conversation ? 'errors.conversationUsageIn' : 'errors.usageIn', { input })
        : t(conversation ? 'errors.conversationUsageOut' : 'errors.usageOut', { output: output! })
  if (summary.estimated) text = `${text} (${t('usageEstimated')})`
  if (summary.cost) text = `${text} · ${formatCost(t, summary.cost)}`
  return text
}
