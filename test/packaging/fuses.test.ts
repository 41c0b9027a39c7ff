import { FuseV1Options } from '@electron/fuses'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KEEL_FUSES, applyKeelFuses } from '../../scripts/fuses'

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FUSE_NAMES = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)))

/** A stand-in executable: some bytes, then the fuse wire as Electron lays it out (version 1, every fuse on). */
function fakeElectron(dir: string, fuses = FUSE_NAMES.length): string {
  const path = join(dir, 'electron')
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, fuses]), Buffer.alloc(fuses, '1')])
  writeFileSync(path, Buffer.concat([Buffer.alloc(4096, 7), wire, Buffer.alloc(4096, 9)]))
  return path
}

let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

describe('Electron fuses', () => {
  it('every fuse this @electron/fuses knows is decided, and the decisions are the hardened ones', () => {
    const decided = Object.keys(KEEL_FUSES)
      .filter((key) => !Number.isNaN(Number(key)))
      .map((key) => FuseV1Options[Number(key)])
    expect(decided.sort()).toEqual([...FUSE_NAMES].sort())
    expect(KEEL_FUSES.strictlyRequireAllFuses).toBe(true)
    expect(KEEL_FUSES[FuseV1Options.RunAsNode]).toBe(false)
    expect(KEEL_FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false)
    expect(KEEL_FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false)
    expect(KEEL_FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false)
    expect(KEEL_FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true)
    expect(KEEL_FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(
      KEEL_FUSES[FuseV1Options.OnlyLoadAppFromAsar],
    )
  })

  it('flips exactly those bits in an executable and reads them back; nothing else in the file changes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keel-fuses-'))
    const exe = fakeElectron(dir)
    const before = readFileSync(exe)
    const states = await applyKeelFuses(exe)
    expect(states).toEqual({
      RunAsNode: 'off',
      EnableCookieEncryption: 'on',
      EnableNodeOptionsEnvironmentVariable: 'off',
      EnableNodeCliInspectArguments: 'off',
      EnableEmbeddedAsarIntegrityValidation: 'on',
      OnlyLoadAppFromAsar: 'on',
      LoadBrowserProcessSpecificV8Snapshot: 'off',
      GrantFileProtocolExtraPrivileges: 'off',
      WasmTrapHandlers: 'on',
    })
    const after = readFileSync(exe)
    const wireStart = 4096 + SENTINEL.length + 2
    const changed = [...after.keys()].filter((i) => after[i] !== before[i])
    expect(changed.every((i) => i >= wireStart && i < wireStart + FUSE_NAMES.length)).toBe(true)
    expect(changed.length).toBe(5) // the five fuses turned off (all started on)
  })

  it('refuses a binary with a fuse nobody decided (a newer Electron), leaving it untouched', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keel-fuses-'))
    const exe = fakeElectron(dir, FUSE_NAMES.length + 1)
    const before = readFileSync(exe)
    await expect(applyKeelFuses(exe)).rejects.toThrow(/strictlyRequireAllFuses/)
    expect(readFileSync(exe).equals(before)).toBe(true)
  })

  it('the command line flips a file and exits 0; a file without fuses exits 1', () => {
    dir = mkdtempSync(join(tmpdir(), 'keel-fuses-'))
    const exe = fakeElectron(dir)
    const ok = spawnSync('npx', ['tsx', 'scripts/fuses.ts', exe], { encoding: 'utf8' })
    expect(ok.status, ok.stderr).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({ RunAsNode: 'off', OnlyLoadAppFromAsar: 'on' })
    const notElectron = join(dir, 'not-electron')
    writeFileSync(notElectron, 'plain bytes')
    const bad = spawnSync('npx', ['tsx', 'scripts/fuses.ts', notElectron], { encoding: 'utf8' })
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/sentinel/)
  })
})
