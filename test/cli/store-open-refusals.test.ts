// Every way of starting Keel shows the store's own message when it refuses a file: the file's
// path, what is wrong, and that it was not changed. (The desktop app's dialog is tested in
// test/main/shell/main-lifecycle.test.ts.) Real processes, real files.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runScript } from '../support/run-process'

const run = (script: string, args: string[]) => runScript(script, args)

describe('a store Keel refuses, as each entry point shows it', () => {
  let dir: string
  let db: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-refusals-'))
    db = join(dir, 'keel.db')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it.for([
    ['an empty file', '', /It is empty \(0 bytes\)/],
    ['notes, not a database', 'These are my notes. '.repeat(300), /not an SQLite database/],
  ] as const)(
    '%s: browser mode and `keel chat` / `keel export` say where it is and that it was not changed',
    async ([, content, what]) => {
      writeFileSync(db, content)
      const renderer = join(dir, 'renderer')
      mkdirSync(renderer)
      writeFileSync(join(renderer, 'index.html'), '<!doctype html>')
      const expected = new RegExp(`Cannot open the store ${db}: .*${what.source}.*The file was not changed\\.`)

      const web = await run('src/main/web/start-web.ts', ['--db', db, '--renderer', renderer, '--port', '0'])
      expect(web.code).toBe(1)
      expect(web.stdout).toBe('')
      expect(web.stderr).toMatch(expected)

      for (const command of [
        ['export', '--db', db],
        ['chat', '--db', db, '--provider', 'anthropic', 'hi'],
      ]) {
        const cli = await run('src/cli/keel.ts', command)
        expect(cli.code, command[0]).toBe(2)
        expect(cli.stderr, command[0]).toMatch(expected)
      }
      expect(readFileSync(db, 'utf8')).toBe(content)
    },
  )
})
