// The message list's follow rule: while the user is at the end it follows, a scroll up stops it, and
// coming back to the end resumes it (pure function; the hook applies it on scroll events).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AT_BOTTOM_THRESHOLD_PX,
  distanceFromBottom,
  followAfterScroll,
  isAtBottom,
  type FollowState,
} from '../../../../src/renderer/src/features/chat/follow-scroll'

const view = (scrollTop: number, scrollHeight = 3000, clientHeight = 600) => ({ scrollTop, scrollHeight, clientHeight })
const END = 2400 // scrollHeight - clientHeight

describe('at the bottom', () => {
  it('counts the end and anything within the threshold, not beyond it', () => {
    expect(distanceFromBottom(view(END))).toBe(0)
    expect(isAtBottom(view(END))).toBe(true)
    expect(isAtBottom(view(END - AT_BOTTOM_THRESHOLD_PX))).toBe(true)
    expect(isAtBottom(view(END - AT_BOTTOM_THRESHOLD_PX - 1))).toBe(false)
    expect(isAtBottom(view(0))).toBe(false)
    // Content shorter than the view is always at its end.
    expect(isAtBottom(view(0, 300, 600))).toBe(true)
  })
})

describe('following', () => {
  const following: FollowState = { following: true, lastScrollTop: END }

  it('stops when the user scrolls up, even by a few pixels (a smooth wheel scroll arrives in small steps)', () => {
    expect(followAfterScroll(following, view(END - 5)).following).toBe(false)
    expect(followAfterScroll(following, view(1000)).following).toBe(false)
  })

  it('stays stopped while the user reads above, and resumes at the end', () => {
    let state = followAfterScroll(following, view(1000))
    state = followAfterScroll(state, view(1500)) // scrolling down, still far from the end
    expect(state.following).toBe(false)
    state = followAfterScroll(state, view(END - 10)) // down into the threshold
    expect(state.following).toBe(true)
    state = followAfterScroll({ following: false, lastScrollTop: 1000 }, view(END))
    expect(state.following).toBe(true)
  })

  it("keeps following through Keel's own scrolls to the end and content that shrinks", () => {
    // Our scroll after growth lands exactly at the (new) end.
    expect(followAfterScroll(following, view(2900, 3500)).following).toBe(true)
    // The content shrank: the browser pulls scrollTop down to the new end.
    expect(followAfterScroll(following, view(1800, 2400)).following).toBe(true)
  })

  it('any move up away from the end stops following; being at the exact end always follows (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: END }), fc.integer({ min: 0, max: END }), (was, from, to) => {
        const next = followAfterScroll({ following: was, lastScrollTop: from }, view(to))
        if (to >= END - 1) expect(next.following).toBe(true)
        else if (to < from) expect(next.following).toBe(false)
        expect(next.lastScrollTop).toBe(to)
      }),
    )
  })
})
