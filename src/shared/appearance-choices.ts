// The theme and language choices, zod-free: the window's bundle imports them (settings.ts holds zod).
import { LOCALES } from './locale'

/** The window's colours: follow the OS (`system`, the default), or always light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/**
 * The interface language as chosen: a language, or `system` (never chosen: follow the OS or
 * browser language). Stored values from before (`en`, `pt-BR`, `es`) stay valid choices.
 */
export const LANGUAGE_CHOICES = ['system', ...LOCALES] as const
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]
