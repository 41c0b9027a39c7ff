/**
 * Whether the message list follows new content (pure: no DOM). The list follows while the user is
 * at the bottom, stops as soon as they scroll up, and follows again once they come back down to
 * (near) the bottom. Keel's own scrolls always land exactly at the bottom, so they keep it following.
 */

/** The three numbers of a scroll container that decide where its view is. */
export interface ScrollMetrics {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
}

export interface FollowState {
  following: boolean
  /** `scrollTop` at the last scroll event: its change says which way the user scrolled. */
  lastScrollTop: number
}

/** Within this many pixels of the end the view counts as "at the bottom" (a line of text, about). */
export const AT_BOTTOM_THRESHOLD_PX = 32

/** Rounding of fractional scroll positions (zoom, high-DPI): this close is exactly at the end. */
const EXACT_PX = 1

export function distanceFromBottom(metrics: ScrollMetrics): number {
  return Math.max(0, metrics.scrollHeight - metrics.clientHeight - metrics.scrollTop)
}

export function isAtBottom(metrics: ScrollMetrics, threshold = AT_BOTTOM_THRESHOLD_PX): boolean {
  return distanceFromBottom(metrics) <= threshold
}

/**
 * The follow state after a scroll event. Any move up stops following, even a small one inside the
 * threshold (a smooth wheel scroll arrives in small steps: following again on the first one would
 * snap the view back under the user's hand); reaching the bottom, or moving down to near it, resumes.
 * Content that shrinks pulls `scrollTop` down to the new end: that is at the bottom, so it follows.
 */
export function followAfterScroll(state: FollowState, metrics: ScrollMetrics): FollowState {
  const distance = distanceFromBottom(metrics)
  const movedUp = metrics.scrollTop < state.lastScrollTop - EXACT_PX / 2
  let following = state.following
  if (distance <= EXACT_PX) following = true
  else if (movedUp) following = false
  else if (distance <= AT_BOTTOM_THRESHOLD_PX) following = true
  return { following, lastScrollTop: metrics.scrollTop }
}
