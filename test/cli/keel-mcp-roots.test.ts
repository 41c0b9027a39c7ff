// `keel mcp roots` as a user runs it: a real process and a real store file. It shows and edits the
// folders a saved server may use, checked like the window's edits, and starts no server.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../src/main/db/keel-store'
import type { McpServerConfig } from '../../src/shared/mcp'
import { runKeel } from '../support/run-process'

const keel = (args: string[], cwd?: string) => runKeel(args, { env: { SHELL: '' }, ...(cwd ? { cwd } : {}) })

describe('keel mcp roots', () => {
  let dir: string
  let db: string
  const stored = (): McpServerConfig[] => {
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    try {
      const read = opened.store.settings.get('mcpServers')
      if (!read.ok) throw new Error(read.error.message)
      return read.value as McpServerConfig[]
    } finally {
      opened.store.close()
    }
  }
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-cli-roots-'))
    db = join(dir, 'keel.db')
    mkdirSync(join(dir, 'work'))
    mkdirSync(join(dir, 'notes'))
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    // A command that would fail loudly if it were started: the CLI must not start it to edit roots.
    const server: McpServerConfig = { id: 'files', name: 'Files', transport: 'stdio', command: '/nonexistent/server' }
    expect(opened.store.settings.set('mcpServers', [server])).toEqual({ ok: true })
    opened.store.close()
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('shows none, adds (absolute or from the current folder), removes, and keeps the list in the store', async () => {
    let ran = await keel(['mcp', 'roots', 'files', '--db', db])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toBe('Files may use no folders (it is not told Keel has roots).\n')

    ran = await keel(['mcp', 'roots', 'Files', '--add', join(dir, 'work'), '--add', 'notes', '--db', db], dir)
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toBe(`Files may use these folders:\n  ${join(dir, 'work')}\n  ${join(dir, 'notes')}\n`)
    expect(stored()[0]?.roots).toEqual([join(dir, 'work'), join(dir, 'notes')])

    ran = await keel(['mcp', 'roots', 'files', '--remove', `${join(dir, 'work')}/`, '--db', db])
    expect(ran.code, ran.stderr).toBe(0)
    expect(stored()[0]?.roots).toEqual([join(dir, 'notes')])
    ran = await keel(['mcp', 'roots', 'files', '--remove', join(dir, 'notes'), '--db', db])
    expect(ran.code, ran.stderr).toBe(0)
    expect(stored()[0]?.roots).toBeUndefined()
  })

  it('refuses a missing folder, a duplicate, a folder not listed and an unknown server (exit 2, nothing saved)', async () => {
    for (const args of [
      ['files', '--add', join(dir, 'missing')],
      ['files', '--add', join(dir, 'work'), '--add', `${join(dir, 'work')}/`],
      ['files', '--remove', join(dir, 'work')],
      ['nosuch'],
    ]) {
      const ran = await keel(['mcp', 'roots', ...args, '--db', db])
      expect(ran.code, ran.stdout).toBe(2)
      expect(ran.stderr).not.toBe('')
    }
    expect(stored()[0]?.roots).toBeUndefined()
  })
})
