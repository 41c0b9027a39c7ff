// Every benchmark leaves its numbers in bench-results/<name>.json, with the same header: when,
// on what (Node, cores) and under which load, so runs on different days can be compared.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'

/** Writes bench-results/<benchmark>.json (the common header, then `fields`) and says where. */
export function writeBenchResults(benchmark: string, loadBefore: number[], fields: Record<string, unknown>): string {
  const dir = join(import.meta.dirname, '..', 'bench-results')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${benchmark}.json`)
  const header = {
    benchmark,
    date: new Date().toISOString(),
    node: process.versions.node,
    cores: cpus().length,
    loadAverage: { before: loadBefore, after: loadavg() },
  }
  writeFileSync(file, JSON.stringify({ ...header, ...fields }, null, 2) + '\n')
  console.log(`  wrote ${file}`)
  return file
}
