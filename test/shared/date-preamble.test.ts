// The date preamble every turn begins with: today, its weekday and the user's zone with its offset, in three languages.
import { describe, expect, it } from 'vitest'
import { datePreamble, systemPrompt } from '../../src/shared/date-preamble'

describe('datePreamble', () => {
  it('says the date, the weekday and the zone with its offset, in English', () => {
    expect(datePreamble({ now: Date.UTC(2026, 11, 1, 12), timeZone: 'America/Sao_Paulo', locale: 'en' })).toBe(
      "Today is Tuesday, 1 December 2026 (2026-12-01). The user's time zone is America/Sao_Paulo (UTC−03:00); dates and times the user gives are in it unless they say otherwise.",
    )
  })

  it('gives the local day, not the UTC one: 23:00 in São Paulo is still the 1st when UTC is on the 2nd', () => {
    expect(datePreamble({ now: Date.UTC(2026, 11, 2, 2), timeZone: 'America/Sao_Paulo', locale: 'en' })).toContain(
      'Tuesday, 1 December 2026 (2026-12-01)',
    )
  })

  it('speaks Portuguese, in a half-hour zone whose day is already the next one', () => {
    expect(datePreamble({ now: Date.UTC(2026, 11, 1, 20), timeZone: 'Asia/Kolkata', locale: 'pt-BR' })).toBe(
      'Hoje é quarta-feira, 2 de dezembro de 2026 (2026-12-02). O fuso horário do usuário é Asia/Kolkata (UTC+05:30); as datas e horas que o usuário informar estão nesse fuso, salvo se ele disser outra coisa.',
    )
  })

  it('speaks Spanish, with the offset in force before and after New York springs forward', () => {
    const before = datePreamble({ now: Date.UTC(2026, 2, 8, 5, 30), timeZone: 'America/New_York', locale: 'es' })
    const after = datePreamble({ now: Date.UTC(2026, 2, 8, 12), timeZone: 'America/New_York', locale: 'es' })
    expect(before).toBe(
      'Hoy es domingo, 8 de marzo de 2026 (2026-03-08). La zona horaria del usuario es America/New_York (UTC−05:00); las fechas y horas que indique el usuario están en ella, salvo que diga otra cosa.',
    )
    expect(after).toContain('domingo, 8 de marzo de 2026 (2026-03-08)')
    expect(after).toContain('America/New_York (UTC−04:00)')
  })

  it('follows Lisbon across its change to summer time (01:00 UTC on the last Sunday of March)', () => {
    const before = datePreamble({ now: Date.UTC(2026, 2, 29, 0, 30), timeZone: 'Europe/Lisbon', locale: 'en' })
    const after = datePreamble({ now: Date.UTC(2026, 2, 29, 1, 30), timeZone: 'Europe/Lisbon', locale: 'en' })
    expect(before).toContain('Today is Sunday, 29 March 2026 (2026-03-29)')
    expect(before).toContain('Europe/Lisbon (UTC+00:00)')
    expect(after).toContain('Today is Sunday, 29 March 2026 (2026-03-29)')
    expect(after).toContain('Europe/Lisbon (UTC+01:00)')
  })

  it('names every weekday and month right in each language (a week of days, a year of months)', () => {
    const en = Array.from(
      { length: 7 },
      (_, i) => datePreamble({ now: Date.UTC(2026, 0, 4 + i, 12), timeZone: 'UTC', locale: 'en' }).split(',')[0],
    )
    expect(en).toEqual([
      'Today is Sunday',
      'Today is Monday',
      'Today is Tuesday',
      'Today is Wednesday',
      'Today is Thursday',
      'Today is Friday',
      'Today is Saturday',
    ])
    const months = Array.from(
      { length: 12 },
      (_, i) =>
        /de (\p{L}+) de/u.exec(datePreamble({ now: Date.UTC(2026, i, 15, 12), timeZone: 'UTC', locale: 'es' }))?.[1],
    )
    expect(months).toEqual([
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
    ])
  })
})

describe('systemPrompt', () => {
  const preamble = datePreamble({ now: Date.UTC(2026, 11, 1, 12), timeZone: 'UTC', locale: 'en' })

  it('is the preamble alone when the user set no prompt of their own', () => {
    expect(systemPrompt(preamble)).toBe(preamble)
    expect(systemPrompt(preamble, '  \n ')).toBe(preamble)
  })

  it("puts the user's own prompt after the preamble, never instead of it", () => {
    expect(systemPrompt(preamble, 'Answer in haiku.')).toBe(`${preamble}\n\nAnswer in haiku.`)
  })
})
