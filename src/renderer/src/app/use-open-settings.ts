import { useCallback, useEffect, useState } from 'react'

/**
 * Opens Settings from a message's action, at the section that fixes it: the element with that id
 * (`provider-settings-<providerId>`, the provider's form) is scrolled into view and focused once
 * the panel shows it. A section the panel does not have opens Settings as it is.
 */
export function useOpenSettings(open: boolean, setOpen: (open: boolean) => void): (section?: string) => void {
  const [section, setSection] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!open || !section) return
    // After the panel rendered (it mounts on open).
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(section)
      if (target) {
        target.scrollIntoView({ block: 'start' })
        const field = target.matches('input, select, textarea, button, [tabindex]')
          ? target
          : target.querySelector<HTMLElement>('input, select, textarea, button')
        ;(field ?? target).focus?.()
      }
      setSection(undefined)
    })
    return () => cancelAnimationFrame(frame)
  }, [open, section])
  return useCallback(
    (next?: string) => {
      setSection(next)
      setOpen(true)
    },
    [setOpen],
  )
}
