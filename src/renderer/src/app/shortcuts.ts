// The window's keyboard shortcuts, in one table (the help view lists this same table). Chosen to
// work in the desktop app and in a browser tab alike: Ctrl+N/T/W belong to Chromium there.

export type ShortcutAction = 'newConversation' | 'search' | 'find' | 'focusComposer' | 'settings' | 'help'

export interface Shortcut {
  action: ShortcutAction
  /** `mod` is Ctrl (⌘ on macOS). */
  mod: boolean
  shift: boolean
  /** `KeyboardEvent.key`, lower case. */
  key: string
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'newConversation', mod: true, shift: true, key: 'o' },
  { action: 'search', mod: true, shift: false, key: 'k' },
  // The browser's own find cannot see a long conversation (only what is on screen is in the page).
  { action: 'find', mod: true, shift: false, key: 'f' },
  { action: 'focusComposer', mod: true, shift: true, key: 'e' },
  { action: 'settings', mod: true, shift: false, key: ',' },
  { action: 'help', mod: true, shift: false, key: '/' },
]

export interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/**
 * The action a key press asks for, if any. `?` alone opens the help too, but not while typing
 * (`typing`: focus is in a text field), where it is just a character.
 */
export function shortcutFor(event: KeyLike, options: { mac: boolean; typing: boolean }): ShortcutAction | undefined {
  if (event.altKey) return undefined
  const mod = options.mac ? event.metaKey : event.ctrlKey
  const otherMod = options.mac ? event.ctrlKey : event.metaKey
  if (!mod && !otherMod && event.key === '?' && !options.typing) return 'help'
  if (!mod || otherMod) return undefined
  const key = event.key.toLowerCase()
  return SHORTCUTS.find((s) => s.key === key && (s.shift === event.shiftKey || s.key === '/'))?.action
}

/** How a shortcut is written for this platform: "Ctrl+Shift+O", "⌘⇧O". */
export function shortcutLabel(shortcut: Shortcut, mac: boolean): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key
  if (mac) return `⌘${shortcut.shift ? '⇧' : ''}${key}`
  return `Ctrl+${shortcut.shift ? 'Shift+' : ''}${key}`
}

export function isMac(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform)
}

/** Focus is where typing goes (a text field): single-key shortcuts stay out of its way. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' &&
      !['button', 'checkbox', 'radio', 'submit'].includes((target as HTMLInputElement).type))
  )
}
