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

export async function startTrace(
  cdp: CDPSession,
  categories: readonly string[] = TRACE_CATEGORIES,
): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (data) => {
    for (const e of data.value as unknown as TraceEvent[]) events.push(e)
  })
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: [...categories] },
    transferMode: 'ReportEvents',
  })
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

/** The `pid:tid` of every renderer main thread in the trace. */
function rendererMainThreads(events: TraceEvent[]): Set<string> {
  const mains = new Set<string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`)
  return mains
}

/** Top-level `RunTask` slices on CrRendererMain (the busiest one if several renderers traced). */
export function mainThreadTasks(events: TraceEvent[]): TaskStats {
  const mains = rendererMainThreads(events)
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

/**
 * The longest top-level task on a renderer main thread (its start and duration, µs): for profiles.
 * `withScript`: only tasks that ran page script (a CPU profile's own hand-over is a long task too).
 */
export function longestTask(events: TraceEvent[], withScript = false): { ts: number; dur: number } | undefined {
  const mains = rendererMainThreads(events)
  const onMain = (e: TraceEvent) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`)
  const scripts = withScript ? events.filter((e) => onMain(e) && e.name === 'FunctionCall').map((e) => e.ts) : []
  let best: { ts: number; dur: number } | undefined
  for (const e of events)
    if (
      onMain(e) &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      (!best || e.dur! > best.dur)
    )
      if (!withScript || scripts.some((ts) => ts >= e.ts && ts <= e.ts + e.dur!)) best = { ts: e.ts, dur: e.dur! }
  return best
}

/** Trace events on the main thread inside `task`, summed by name (ms, largest first): what a long task did. */
export function eventsWithin(events: TraceEvent[], task: { ts: number; dur: number }): string {
  const mains = rendererMainThreads(events)
  const byName = new Map<string, number>()
  for (const e of events)
    if (
      e.ph === 'X' &&
      e.dur !== undefined &&
      mains.has(`${e.pid}:${e.tid}`) &&
      e.ts >= task.ts &&
      e.ts + e.dur <= task.ts + task.dur &&
      !e.name.includes('RunTask')
    )
      byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000)
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
    .join(', ')
}
