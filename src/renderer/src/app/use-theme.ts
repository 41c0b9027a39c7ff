import { useEffect } from 'react'
import type { Theme } from '../../../shared/appearance-choices'
import { resolveTheme } from '../lib/appearance'

/**
 * Puts the theme in effect on `<html data-theme>` (styles.css has both palettes) and, while the
 * choice is System, follows the OS as it changes (prefers-color-scheme).
 */
export function useTheme(choice: Theme): void {
  useEffect(() => {
    const root = document.documentElement
    const query =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined
    const apply = () => {
      root.dataset.theme = resolveTheme(choice, query?.matches ?? false)
    }
    apply()
    if (choice !== 'system' || !query) return
    query.addEventListener('change', apply)
    return () => query.removeEventListener('change', apply)
  }, [choice])
}
