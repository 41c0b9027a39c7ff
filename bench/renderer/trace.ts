// Main-thread busy time and longest task from a Chrome trace (CDP Tracing), renderer main thread.
import type { CDPSession } from '@playwright/test'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of the slice, µs, when the trace has it. */
  tdur?: number
  args?: { name?: string }
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel']

export async function startTrace(cdp: CDPSession, categories: readonly string[] = TRACE_CATEGORIES): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (data) => {
    for (const e of data.value as unknown as TraceEvent[]) events.push(e)
  })
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: [...categories] }, transferMode: 'ReportEvents' })
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.end')
    await complete
    return events
  }
}

export interface TaskStats {
  /** Sum of top-level tasks on the renderer main thread, ms. */
  busyMs: number
  longestMs: number
  /** The longest task's CPU time on the thread (differs from longestMs when the machine is busy and the thread waits). */
  longestCpuMs: number
  /** Sum of the tasks' CPU time. */
  busyCpuMs: number
  tasks: number
  /** Tasks ≥ 50 ms. */
  longTasks: number
}

/** Top-level `RunTask` slices on CrRendererMain (the busiest one if several renderers traced). */
export function mainThreadTasks(events: TraceEvent[]): TaskStats {
  const mains = new Set<string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`)
  const byThread = new Map<string, { ts: number; dur: number; tdur: number }[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue
    const key = `${e.pid}:${e.tid}`
    if (!mains.has(key)) continue
    const list = byThread.get(key) ?? []
    list.push({ ts: e.ts, dur: e.dur, tdur: e.tdur ?? e.dur })
    byThread.set(key, list)
  }
  let best: TaskStats = { busyMs: 0, longestMs: 0, longestCpuMs: 0, busyCpuMs: 0, tasks: 0, longTasks: 0 }
  for (const slices of byThread.values()) {
    slices.sort((a, b) => a.ts - b.ts || b.dur - a.dur)
    let end = -Infinity
    const stats: TaskStats = { busyMs: 0, longestMs: 0, longestCpuMs: 0, busyCpuMs: 0, tasks: 0, longTasks: 0 }
    for (const s of slices) {
      if (s.ts < end) continue // nested inside the previous top-level task (both names may be present)
      end = s.ts + s.dur
      const ms = s.dur / 1000
      stats.busyMs += ms
      stats.tasks++
      stats.longestMs = Math.max(stats.longestMs, ms)
      stats.longestCpuMs = Math.max(stats.longestCpuMs, s.tdur / 1000)
      stats.busyCpuMs += s.tdur / 1000
      if (ms >= 50) stats.longTasks++
    }
    if (stats.busyMs > best.busyMs) best = stats
  }
  return best
}
