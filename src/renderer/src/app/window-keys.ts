import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { isMac, isTyping, shortcutFor, type ShortcutAction } from './shortcuts'

export interface WindowKeyHandlers {
  /** Runs the shortcut's action. */
  onShortcut: (action: ShortcutAction) => void
  /** What is open now (a dialog, the drawer, Settings): read before any handler of the key runs. */
  anyOpen: () => boolean
  /** Closes the topmost open thing (Esc). */
  closeTopmost: () => void
  stop: () => void
}

/**
 * The window-level keys: shortcuts, and Esc closing what is open before it stops an answer.
 * Defect 5: Esc that closed Settings also stopped the running answer. Settings closes itself on
 * Esc, and React re-renders before the event reaches the window, so by then nothing looked open.
 * So what is open is read in the capture phase (before any handler), and acted on after them:
 * a handler that dealt with Esc itself (a field, a menu) calls `preventDefault()`; else Esc closes
 * what was open, and only when nothing was open does it stop the answer.
 */
export function useWindowKeys(handlers: WindowKeyHandlers): void {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const mac = isMac()
    let openAtKeyDown = false
    const beforeHandlers = (event: KeyboardEvent) => {
      if (event.key === 'Escape') openAtKeyDown = latest.current.anyOpen()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      if (event.key === 'Escape') {
        if (openAtKeyDown || latest.current.anyOpen()) latest.current.closeTopmost()
        else latest.current.stop()
        return
      }
      const action = shortcutFor(event, { mac, typing: isTyping(event.target) })
      if (!action) return
      event.preventDefault()
      latest.current.onShortcut(action)
    }
    window.addEventListener('keydown', beforeHandlers, true)
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', beforeHandlers, true)
      window.removeEventListener('keydown', onKey)
    }
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
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  )
}
