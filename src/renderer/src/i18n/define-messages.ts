/**
 * One feature's words in every language, kept in its own file so features can grow apart:
 * Portuguese and Spanish must name exactly the keys English names (the compiler checks it).
 */
export interface FeatureMessages<K extends string> {
  en: Readonly<Record<K, string>>
  'pt-BR': Readonly<Record<K, string>>
  es: Readonly<Record<K, string>>
}

export function defineMessages<K extends string>(
  en: Record<K, string>,
  ptBR: Record<NoInfer<K>, string>,
  es: Record<NoInfer<K>, string>,
): FeatureMessages<K> {
  return { en, 'pt-BR': ptBR, es }
}
