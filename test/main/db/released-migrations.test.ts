// Migrations must reach main in numeric order: src/main/db/migrations/released.txt lists every one
// that did (append only), and a migration whose number is not above every one already listed, or a
// listed one removed or renamed, fails here. Why: 0120 reached main before 0100 and 0110, 0180
// before 0160, and stores used in between never got them (the runner now records each migration,
// but older builds still compare user_version to refuse a newer store).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../../src/main/db/migrations/index'

const MANIFEST = join(import.meta.dirname, '../../../src/main/db/migrations/released.txt')

interface Listed {
  version: number
  name: string
}

/** What is wrong with a manifest against the build's migrations (empty: nothing). */
function manifestProblems(text: string, migrations: readonly Listed[]): string[] {
  const problems: string[] = []
  const listed: Listed[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue
    const match = /^(\d{4}) ([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(line)
    if (!match) {
      problems.push(`"${line}" is not "<4-digit version> <kebab-case name>"`)
      continue
    }
    const entry = { version: Number(match[1]), name: match[2]! }
    const highest = Math.max(0, ...listed.map((l) => l.version))
    if (entry.version <= highest) {
      problems.push(
        `${match[1]} ${entry.name} is listed after ${String(highest).padStart(4, '0')}: a new migration must be numbered above every one already on main`,
      )
    }
    listed.push(entry)
  }
  for (const entry of listed) {
    const migration = migrations.find((m) => m.version === entry.version)
    if (!migration)
      problems.push(`${entry.version} ${entry.name} was released and is gone: a released migration is never removed`)
    else if (migration.name !== entry.name)
      problems.push(
        `${entry.version} was released as ${entry.name} and is now ${migration.name}: a released migration is never renamed`,
      )
  }
  const highest = Math.max(0, ...listed.map((l) => l.version))
  for (const migration of migrations) {
    if (listed.some((l) => l.version === migration.version)) continue
    problems.push(
      migration.version > highest
        ? `${migration.version} ${migration.name} is not listed: append "${String(migration.version).padStart(4, '0')} ${migration.name}" to released.txt`
        : `${migration.version} ${migration.name} is numbered below ${highest}, already on main: renumber it above every listed migration`,
    )
  }
  return problems
}

const manifest = readFileSync(MANIFEST, 'utf8')

describe('released migrations', () => {
  it('lists every migration of this build, in increasing order, none removed or renamed', () => {
    expect(manifestProblems(manifest, MIGRATIONS)).toEqual([])
  })

  const today = MIGRATIONS.map(({ version, name }) => ({ version, name }))
  const withMigration = (version: number, name: string) =>
    [...today, { version, name }].sort((a, b) => a.version - b.version)

  it('fails for a new migration numbered below one already on main (how 0160 landed after 0180)', () => {
    const problems = manifestProblems(manifest, withMigration(170, 'late-fix'))
    expect(problems).toEqual([expect.stringMatching(/^170 late-fix is numbered below \d+, already on main/)])
    // Appending it does not help: it would come after a higher number.
    expect(manifestProblems(`${manifest}0170 late-fix\n`, withMigration(170, 'late-fix'))).toEqual([
      expect.stringMatching(/^0170 late-fix is listed after 0\d+/),
    ])
  })

  it('asks for a new migration above every listed one to be appended, and accepts it then', () => {
    expect(manifestProblems(manifest, withMigration(990, 'next'))).toEqual([
      expect.stringMatching(/append "0990 next"/),
    ])
    expect(manifestProblems(`${manifest}0990 next\n`, withMigration(990, 'next'))).toEqual([])
  })

  it('fails when a released migration is removed or renamed', () => {
    expect(
      manifestProblems(
        manifest,
        today.filter((m) => m.version !== 110),
      ),
    ).toEqual([expect.stringMatching(/^110 conversation-settings was released and is gone/)])
    const renamed = today.map((m) => (m.version === 110 ? { ...m, name: 'chat-settings' } : m))
    expect(manifestProblems(manifest, renamed)).toEqual([
      expect.stringMatching(/^110 was released as conversation-settings and is now chat-settings/),
    ])
  })
})
