// The child environment of a stdio server, the login shell's PATH and command resolution.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { childEnvironment, readLoginShellPath, resolveCommand } from '../../../src/main/mcp/mcp-environment'
import { tempDir } from '../../support/mcp/mcp-test-servers'

const dirs: Array<{ remove: () => void }> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove()
})
function scratch() {
  const dir = tempDir()
  dirs.push(dir)
  return dir.path
}
function executable(path: string, body: string) {
  writeFileSync(path, body)
  chmodSync(path, 0o755)
}

describe('childEnvironment', () => {
  const parentEnv = {
    HOME: '/home/ann',
    PATH: '/usr/bin',
    USER: 'ann',
    SHELL: '/bin/zsh',
    OPENAI_API_KEY: 'sk-canary',
    ANTHROPIC_API_KEY: 'sk-ant',
    KEEL_TOKEN: 'secret',
    TERM: '() { :; }; echo pwned',
  }

  it('keeps only the minimal set of the parent (no provider keys, no shell functions)', () => {
    expect(childEnvironment({ parentEnv })).toEqual({
      HOME: '/home/ann',
      PATH: '/usr/bin',
      USER: 'ann',
      SHELL: '/bin/zsh',
    })
  })

  it("uses the login shell's PATH and lets the server's own env win", () => {
    expect(childEnvironment({ parentEnv, loginPath: '/opt/homebrew/bin:/usr/bin' }).PATH).toBe(
      '/opt/homebrew/bin:/usr/bin',
    )
    const env = childEnvironment({ parentEnv, loginPath: '/login', configured: { PATH: '/mine', API_TOKEN: 't' } })
    expect(env).toMatchObject({ PATH: '/mine', API_TOKEN: 't' })
    expect(env).not.toHaveProperty('OPENAI_API_KEY')
  })
})

describe('readLoginShellPath', () => {
  it('reads PATH between markers even when rc files print around it', async () => {
    const dir = scratch()
    const shell = join(dir, 'fake-shell')
    // A "login shell" that prints a banner, then runs the command it is given with its own PATH.
    executable(
      shell,
      `#!/bin/sh\necho "Welcome banner"\nPATH="/from/login:/usr/bin:/bin"\nexport PATH\nexec /bin/sh -c "$2"\n`,
    )
    expect(await readLoginShellPath({ shell, platform: 'linux' })).toBe('/from/login:/usr/bin:/bin')
  })

  it('gives up on a shell that hangs or fails, and on Windows', async () => {
    const dir = scratch()
    const hangs = join(dir, 'hangs')
    executable(hangs, '#!/bin/sh\nsleep 30\n')
    expect(await readLoginShellPath({ shell: hangs, platform: 'linux', timeoutMs: 200 })).toBeUndefined()
    const fails = join(dir, 'fails')
    executable(fails, '#!/bin/sh\nexit 1\n')
    expect(await readLoginShellPath({ shell: fails, platform: 'linux' })).toBeUndefined()
    expect(await readLoginShellPath({ shell: join(dir, 'missing'), platform: 'linux' })).toBeUndefined()
    expect(await readLoginShellPath({ shell: '/bin/sh', platform: 'win32' })).toBeUndefined()
  })
})

describe('resolveCommand', () => {
  it('finds a plain name on PATH, in PATH order, and only executables', () => {
    const dir = scratch()
    const first = join(dir, 'first')
    const second = join(dir, 'second')
    mkdirSync(first)
    mkdirSync(second)
    writeFileSync(join(first, 'tool'), 'not executable')
    executable(join(second, 'tool'), '#!/bin/sh\n')
    executable(join(first, 'other'), '#!/bin/sh\n')
    expect(resolveCommand('tool', `${first}:${second}`, { platform: 'linux' })).toBe(join(second, 'tool'))
    expect(resolveCommand('other', `${first}:${second}`, { platform: 'linux' })).toBe(join(first, 'other'))
    expect(resolveCommand('missing', `${first}:${second}`, { platform: 'linux' })).toBeUndefined()
    expect(resolveCommand('tool', undefined, { platform: 'linux' })).toBeUndefined()
  })

  it('resolves a path as is (relative to the working folder), a folder is not a command', () => {
    const dir = scratch()
    executable(join(dir, 'server'), '#!/bin/sh\n')
    expect(resolveCommand(join(dir, 'server'), '', { platform: 'linux' })).toBe(join(dir, 'server'))
    expect(resolveCommand('./server', '', { platform: 'linux', cwd: dir })).toBe(join(dir, 'server'))
    expect(resolveCommand(dir, '', { platform: 'linux' })).toBeUndefined()
    expect(resolveCommand('node', process.env.PATH, { platform: 'linux' })).toMatch(/\/node$/)
  })
})
