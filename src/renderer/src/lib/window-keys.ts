import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { isMac, isTyping, shortcutFor, type ShortcutAction } from './shortcuts'

export interface WindowKeyHandlers {
  /** Runs the shortcut's action. */
  onShortcut: (action: ShortcutAction) => void
  /**
   * Esc with nothing handling it on the way: close the topmost open thing (returns true when it
   * did), else stop the answer. Components that handle Esc themselves (a field, a menu, a dialog)
   * call `preventDefault()`, and then nothing else happens here.
   */
  closeTopmost: () => boolean
  stop: () => void
}

/**
 * The window-level keys: shortcuts, and Esc closing what is open before it stops an answer
 * (defect 5: Esc that closed Settings also stopped the running answer).
 */
export function useWindowKeys(handlers: WindowKeyHandlers): void {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const mac = isMac()
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      if (event.key === 'Escape') {
        if (!latest.current.closeTopmost()) latest.current.stop()
        return
      }
      const action = shortcutFor(event, { mac, typing: isTyping(event.target) })
      if (!action) return
      event.preventDefault()
      latest.current.onShortcut(action)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/** Focuses the composer's text field (the skip link, Ctrl+Shift+E, load, after an approval). */
export function focusComposer(): boolean {
  const box = document.querySelector<HTMLTextAreaElement>('.composer textarea')
  box?.focus()
  return box !== null
}

/** Whether a media query matches (re-renders when that changes). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches)
}
