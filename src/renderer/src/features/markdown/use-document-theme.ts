import { useSyncExternalStore } from 'react'

/** The theme in effect: what `useTheme` put on `<html data-theme>` (light unless it says dark). */
export type DocumentTheme = 'light' | 'dark'

const current = (): DocumentTheme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light')

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

/**
 * The window's theme, followed as it changes. Read from the document, not passed down: cached
 * Markdown elements (a diagram) are built once per text and must still follow a theme switch.
 */
export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(subscribe, current, () => 'light')
}
