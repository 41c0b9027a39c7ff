import { useCallback, useRef, useState } from 'react'

/**
 * The content width of an element in CSS px, kept current by a ResizeObserver (undefined until it
 * is measured, and where there is no ResizeObserver). A callback ref: it follows the element even
 * when it mounts after the first render.
 */
export function useElementWidth<E extends Element>(): [(element: E | null) => void, number | undefined] {
  const [width, setWidth] = useState<number | undefined>(undefined)
  const observer = useRef<ResizeObserver | undefined>(undefined)
  const ref = useCallback((element: E | null) => {
    observer.current?.disconnect()
    observer.current = undefined
    if (!element || typeof ResizeObserver !== 'function') return
    observer.current = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (entry) setWidth(Math.round(entry.contentRect.width))
    })
    observer.current.observe(element)
  }, [])
  return [ref, width]
}
