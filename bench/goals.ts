// The performance goals, in one shape: every benchmark that measures one returns it in its results
// file (`goals`), and `npm run bench` ends with one table of them all (bench/run-all.ts), the same
// table bench/RESULTS.md shows. A figure is always beside its floor, measured in the same run.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What a goal is about, in the order the table lists them: the first word on screen, opening a
 * long conversation, the sidebar, search, startup, a streamed answer, the first-load bundle, the
 * stream parsers.
 */
export const GOAL_AREAS = [
  'first-token',
  'long-conversation',
  'sidebar',
  'search',
  'startup',
  'streamed-answer',
  'bundle',
  'parser-throughput',
] as const
export type GoalArea = (typeof GOAL_AREAS)[number]

/** One goal as measured in one run. */
export interface GoalResult {
  /** What the goal is about (the table's first column, and its order). */
  area: GoalArea
  /** What was measured, short: "first token, large store". */
  name: string
  /** Keel's figure, with its unit: "212.4 ms", "1.31 MB", "1.12×". */
  figure: string
  /** The floor it is compared against, with its unit ("—" when the goal is absolute). */
  floor: string
  /** The goal, in words: "≤ 1.5× floor and < 50 ms". */
  target: string
  pass: boolean
  /** Anything a reader must know (what was tried when it fails, the run's load). */
  note?: string
}

const f = (n: number, digits = 1): string => n.toFixed(digits)

/** A ratio goal: `figure ÷ floor ≤ max` (both in the same unit). */
export function ratioGoal(
  area: GoalArea,
  name: string,
  figure: number,
  floor: number,
  max: number,
  unit = 'ms',
  extra?: { absoluteMax?: number; note?: string },
): GoalResult {
  const ratio = figure / floor
  const absoluteOk = extra?.absoluteMax === undefined || figure < extra.absoluteMax
  return {
    area,
    name,
    figure: `${f(figure)} ${unit} (${f(ratio, 2)}×)`,
    floor: `${f(floor)} ${unit}`,
    target: `≤ ${max}× floor${extra?.absoluteMax !== undefined ? ` and < ${extra.absoluteMax} ${unit}` : ''}`,
    pass: ratio <= max && absoluteOk,
    ...(extra?.note ? { note: extra.note } : {}),
  }
}

/** An absolute goal: `figure < max` (or `≤` when `inclusive`). */
export function maxGoal(
  area: GoalArea,
  name: string,
  figure: number,
  max: number,
  unit = 'ms',
  extra?: { floor?: string; inclusive?: boolean; note?: string },
): GoalResult {
  return {
    area,
    name,
    figure: `${f(figure)} ${unit}`,
    floor: extra?.floor ?? '—',
    target: `${extra?.inclusive ? '≤' : '<'} ${max} ${unit}`,
    pass: extra?.inclusive ? figure <= max : figure < max,
    ...(extra?.note ? { note: extra.note } : {}),
  }
}

/** Every goal in bench-results/*.json, by area then file order. */
export function readGoals(
  dir = join(import.meta.dirname, '..', 'bench-results'),
): Array<GoalResult & { benchmark: string; date: string }> {
  if (!existsSync(dir)) return []
  const all: Array<GoalResult & { benchmark: string; date: string }> = []
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      benchmark?: string
      date?: string
      goals?: Array<GoalResult & { section?: number }>
    }
    for (const { section, ...goal } of data.goals ?? []) {
      // A results file written before goals had areas numbers them 1–8, in GOAL_AREAS' order.
      const area = goal.area ?? GOAL_AREAS[(section ?? 0) - 1] ?? 'first-token'
      all.push({ ...goal, area, benchmark: data.benchmark ?? file, date: data.date ?? '' })
    }
  }
  return all.sort((a, b) => GOAL_AREAS.indexOf(a.area) - GOAL_AREAS.indexOf(b.area))
}

/** The table as Markdown (bench/RESULTS.md's) and as plain lines (the terminal's). */
export function goalsTable(goals: ReadonlyArray<GoalResult & { benchmark: string }>): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|')
  const lines = ['| Area | Goal | Keel | Floor | Target | Result |', '|---|---|---|---|---|---|']
  for (const g of goals)
    lines.push(
      `| ${g.area} | ${cell(g.name)} | ${cell(g.figure)} | ${cell(g.floor)} | ${cell(g.target)} | ${g.pass ? 'PASS' : 'FAIL'}${g.note ? ` (${cell(g.note)})` : ''} |`,
    )
  return lines.join('\n')
}
