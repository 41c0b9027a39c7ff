// The bundled CLI the tests start (cli-bundle.ts) is the same program as `node --import tsx
// src/cli/keel.ts`: the same help, the same usage error and exit code for a bad command.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KEEL_CLI_SOURCE, REPO_ROOT, keelCommand } from './cli-bundle'

function run(command: { command: string; args: string[] }, args: string[]) {
  const out = spawnSync(command.command, [...command.args, ...args], { cwd: REPO_ROOT, encoding: 'utf8' })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

const throughTsx = { command: process.execPath, args: ['--import', 'tsx', KEEL_CLI_SOURCE] }

describe('the bundled CLI', () => {
  it('is what the tests start, and is built under the repository', () => {
    const cli = keelCommand()
    expect(cli.command).toBe(process.execPath)
    expect(cli.args).toHaveLength(1)
    expect(cli.args[0]!.startsWith(join(REPO_ROOT, 'out', 'test-cli'))).toBe(true)
  })

  it.each([[['--help']], [['no-such-command']], [['chat', '--no-such-flag', 'hi']]])(
    'answers %j as the source run through tsx does',
    (args) => {
      const bundled = run(keelCommand(), args)
      const source = run(throughTsx, args)
      expect(bundled).toEqual(source)
      expect(bundled.stdout + bundled.stderr).not.toBe('')
    },
  )
})
