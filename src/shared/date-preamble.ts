/**
 * The few lines every turn's system prompt begins with, so the model can reason about dates
 * ("I weighed 72 kg yesterday") instead of guessing: today's date and weekday in the user's time
 * zone, the zone's IANA name and its UTC offset now, and that dates the user gives are in it.
 *
 * Names of days and months come from the tables below, not from `Intl`'s locale data, so the
 * text is the same in Node, Electron and any ICU build.
 */
import type { Locale } from './locale'
import { localDayAt, offsetText, utcOffsetMinutes } from './time-zone'

interface PreambleWords {
  weekdays: readonly string[]
  months: readonly string[]
  sentence(date: string, iso: string, zone: string): string
}

const WORDS: Readonly<Record<Locale, PreambleWords>> = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    sentence: (date, iso, zone) =>
      `Today is ${date} (${iso}). The user's time zone is ${zone}; dates and times the user gives are in it unless they say otherwise.`,
  },
  'pt-BR': {
    weekdays: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'],
    months: [
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ],
    sentence: (date, iso, zone) =>
      `Hoje é ${date} (${iso}). O fuso horário do usuário é ${zone}; as datas e horas que o usuário informar estão nesse fuso, salvo se ele disser outra coisa.`,
  },
  es: {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    months: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    sentence: (date, iso, zone) =>
      `Hoy es ${date} (${iso}). La zona horaria del usuario es ${zone}; las fechas y horas que indique el usuario están en ella, salvo que diga otra cosa.`,
  },
}

/**
 * The date preamble in the turn's language, e.g. "Today is Tuesday, 1 December 2026 (2026-12-01).
 * The user's time zone is America/Sao_Paulo (UTC−03:00); dates and times the user gives are in it
 * unless they say otherwise." `timeZone` must be a zone Intl knows (see `resolveUserTimeZone`).
 */
export function datePreamble(input: { now: number; timeZone: string; locale: Locale }): string {
  const words = WORDS[input.locale]
  const today = localDayAt(input.now, input.timeZone)
  const weekday = words.weekdays[today.weekday] ?? ''
  const month = words.months[today.month - 1] ?? ''
  const date =
    input.locale === 'en'
      ? `${weekday}, ${today.day} ${month} ${today.year}`
      : `${weekday}, ${today.day} de ${month} de ${today.year}`
  const iso = `${String(today.year).padStart(4, '0')}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`
  const zone = `${input.timeZone} (UTC${offsetText(utcOffsetMinutes(input.now, input.timeZone), '\u2212')})`
  return words.sentence(date, iso, zone)
}

/**
 * The system prompt a turn is sent: Keel's preamble first, then the user's own system prompt
 * (when there is one) after it, never instead of it.
 */
export function systemPrompt(preamble: string, userPrompt?: string | undefined): string {
  const own = userPrompt?.trim() ?? ''
  return own === '' ? preamble : `${preamble}\n\n${own}`
}
