// Issue 13's goals, in one shape: every benchmark that measures one returns it in its results
// file (`goals`), and `npm run bench` ends with one table of them all (bench/run-all.ts), the same
// table bench/RESULTS.md shows. A figure is always beside its floor, measured in the same run.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** One goal of issue 13 as measured in one run. */
export interface GoalResult {
  /** The issue's section (1 first token … 8 parsers). */
  section: number
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
  section: number,
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
    section,
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
  section: number,
  name: string,
  figure: number,
  max: number,
  unit = 'ms',
  extra?: { floor?: string; inclusive?: boolean; note?: string },
): GoalResult {
  return {
    section,
    name,
    figure: `${f(figure)} ${unit}`,
    floor: extra?.floor ?? '—',
    target: `${extra?.inclusive ? '≤' : '<'} ${max} ${unit}`,
    pass: extra?.inclusive ? figure <= max : figure < max,
    ...(extra?.note ? { note: extra.note } : {}),
  }
}

/** Every goal in bench-results/*.json, by section then file order. */
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
      goals?: GoalResult[]
    }
    for (const goal of data.goals ?? []) all.push({ ...goal, benchmark: data.benchmark ?? file, date: data.date ?? '' })
  }
  return all.sort((a, b) => a.section - b.section)
}

/** The table as Markdown (bench/RESULTS.md's) and as plain lines (the terminal's). */
export function goalsTable(goals: ReadonlyArray<GoalResult & { benchmark: string }>): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|')
  const lines = ['| # | Goal | Keel | Floor | Target | Result |', '|---|---|---|---|---|---|']
  for (const g of goals)
    lines.push(
      `| ${g.section} | ${cell(g.name)} | ${cell(g.figure)} | ${cell(g.floor)} | ${cell(g.target)} | ${g.pass ? 'PASS' : 'FAIL'}${g.note ? ` (${cell(g.note)})` : ''} |`,
    )
  return lines.join('\n')
}
