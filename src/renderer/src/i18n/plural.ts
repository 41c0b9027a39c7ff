// Count sentences ("1 model", "2 models"; pt-BR "1 modelo", "2 modelos"): each is a pair of keys,
// `<base>.one` and `<base>.other`, and the language's own plural rule (CLDR, via Intl.PluralRules)
// picks one. Languages with more forms (Spanish "many" for millions) use "other" for them.
import type { Locale } from '../../../shared/locale'
import type { MessageKey, Translate } from './messages'

/** A message with a singular and a plural form (both keys exist in every dictionary). */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.one` ? (`${Base}.other` extends MessageKey ? Base : never) : never
}[MessageKey]

const rules = new Map<Locale, Intl.PluralRules>()

/** Which of the two forms `count` takes in `locale` (pt-BR: 0 and 1 are singular; English: only 1). */
export function pluralForm(locale: Locale, count: number): 'one' | 'other' {
  let rule = rules.get(locale)
  if (!rule) {
    rule = new Intl.PluralRules(locale)
    rules.set(locale, rule)
  }
  return rule.select(count) === 'one' ? 'one' : 'other'
}

/** The sentence for `count` things, with `{count}` written in the language's digits and grouping. */
export function countText(
  t: Translate,
  key: PluralKey,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const locale = t.locale ?? 'en'
  return t(`${key}.${pluralForm(locale, count)}` as MessageKey, { ...values, count: count.toLocaleString(locale) })
}
