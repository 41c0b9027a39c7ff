import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { followAfterScroll, isAtBottom, type FollowState } from './follow-scroll'

export interface FollowScroll {
  /** The scroll container. */
  scrollerRef: RefObject<HTMLDivElement | null>
  /** Everything inside it: its size changes when an answer grows. */
  contentRef: RefObject<HTMLDivElement | null>
  /** Near the end of the list (no "Jump to latest" needed). */
  atBottom: boolean
  /** Scrolls to the end and follows new content again. */
  toBottom: () => void
  /** Whether the list follows the end now (read at render: the virtualized list mounts its last screen). */
  isFollowing: () => boolean
  /** Stops following (Keel is about to scroll elsewhere: a search result). */
  stopFollowing: () => void
}

/**
 * Keeps the end of the list in view while the user is at the end ({@link followAfterScroll}).
 * Growth is seen by one ResizeObserver on the content and the container: it reports at most once a
 * frame, after layout, so following costs one scrollTop write a frame and never forces a layout of
 * its own (no listening to every streamed token). `openKey`: a new value (another conversation)
 * starts at the end.
 */
export function useFollowScroll(openKey: unknown): FollowScroll {
  const scrollerRef = useRef<HTMLDivElement | null>(null)
  const contentRef = useRef<HTMLDivElement | null>(null)
  const follow = useRef<FollowState>({ following: true, lastScrollTop: 0 })
  const [atBottom, setAtBottom] = useState(true)

  const toBottom = useCallback(() => {
    const scroller = scrollerRef.current
    if (!scroller) return
    scroller.scrollTop = scroller.scrollHeight
    follow.current = { following: true, lastScrollTop: scroller.scrollTop }
    setAtBottom(true)
  }, [])

  const isFollowing = useCallback(() => follow.current.following, [])
  const stopFollowing = useCallback(() => {
    follow.current = { following: false, lastScrollTop: scrollerRef.current?.scrollTop ?? 0 }
  }, [])

  // A conversation opens at its end (before the first paint: no flash of its top).
  useLayoutEffect(() => toBottom(), [openKey, toBottom])

  // A layout effect: its scroll listener is added before the virtualized list's, so the list
  // reads the new follow state when it decides which rows to mount for that scroll.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current
    const content = contentRef.current
    if (!scroller || !content) return
    const onScroll = () => {
      follow.current = followAfterScroll(follow.current, scroller)
      setAtBottom(isAtBottom(scroller))
    }
    const observer = new ResizeObserver(() => {
      if (follow.current.following) {
        scroller.scrollTop = scroller.scrollHeight
        follow.current = { following: true, lastScrollTop: scroller.scrollTop }
      } else setAtBottom(isAtBottom(scroller))
    })
    observer.observe(content)
    observer.observe(scroller)
    scroller.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      observer.disconnect()
      scroller.removeEventListener('scroll', onScroll)
    }
  }, [])

  return { scrollerRef, contentRef, atBottom, toBottom, isFollowing, stopFollowing }
}
