import { createContext, useContext } from 'react'
import { translator, type Translate } from '../../i18n/messages'

/**
 * The window's language for what Markdown renders (code block buttons, diagrams). A context, not a
 * prop: parsed blocks are cached by their text alone, and an element that reads the context at
 * render time follows a language change without being parsed again.
 */
export const ReadingTranslate = createContext<Translate>(translator('en'))

export const useReadingTranslate = (): Translate => useContext(ReadingTranslate)
