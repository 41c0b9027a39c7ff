import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSafeStorageKeyVault, type SafeStorageLike } from '../../../src/main/shell/safe-storage-key-vault'

vi.mock('electron', () => ({}))

const KEY = 'sk-ant-api03-SECRETSECRETSECRET-abcd'

/** A safeStorage stand-in: reversible, but nothing of the plain text survives in the bytes. */
function fakeSafeStorage(options: { available?: boolean; backend?: string; reEncrypt?: boolean; broken?: boolean } = {}) {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b, i) => b ^ (0x5a + (i % 7))))
  const storage = {
    isAsyncEncryptionAvailable: vi.fn(async () => options.available ?? true),
    getSelectedStorageBackend: vi.fn(() => options.backend ?? 'gnome_libsecret'),
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain, 'utf8'))])),
    decryptStringAsync: vi.fn(async (encrypted: Buffer) => {
      if (options.broken || encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return { result: xor(encrypted.subarray(3)).toString('utf8'), shouldReEncrypt: options.reEncrypt ?? false }
    }),
  }
  return storage satisfies SafeStorageLike
}

const dirs: string[] = []
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keel-vault-'))
  dirs.push(dir)
  return join(dir, 'userData', 'provider-keys.json')
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('safeStorage key vault', () => {
  it('encrypts through safeStorage, persists only ciphertext, and reads the key back after a restart', async () => {
    const safeStorage = fakeSafeStorage()
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(vault.storageMode()).toBe('os-encrypted')
    expect(await vault.set('anthropic', KEY)).toEqual({ ok: true, value: { set: true, endsWith: 'abcd' } })
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledWith(KEY)

    const onDisk = readFileSync(filePath, 'utf8')
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).not.toContain('SECRET')
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('base64'))
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('hex'))

    const reopened = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(reopened.reveal('anthropic')).toBe(KEY)
    expect(reopened.status('anthropic')).toEqual({ set: true, endsWith: 'abcd' })
    expect(reopened.status('gemini')).toEqual({ set: false })
  })

  it('never returns the key in a status or result (only the last 4 characters, and none for short keys)', async () => {
    const vault = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath: tempFile(), platform: 'darwin' })
    const results = [await vault.set('anthropic', KEY), vault.status('anthropic'), await vault.set('gemini', 'short-key-1'), vault.status('gemini'), await vault.clear('anthropic'), vault.status('anthropic')]
    const text = JSON.stringify(results)
    expect(text).not.toContain('SECRET')
    expect(text).not.toContain('short-key')
    expect(results[3]).toEqual({ set: true, endsWith: '' })
    expect(results[5]).toEqual({ set: false })
  })

  it('clear removes the key from memory and from disk', async () => {
    const safeStorage = fakeSafeStorage()
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    await vault.set('anthropic', KEY)
    await vault.set('gemini', 'AIzaSyD-0123456789-wxyz')
    expect(await vault.clear('anthropic')).toEqual({ ok: true, value: { set: false } })
    expect(vault.reveal('anthropic')).toBeUndefined()
    const reopened = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(reopened.status('anthropic')).toEqual({ set: false })
    expect(reopened.reveal('gemini')).toBe('AIzaSyD-0123456789-wxyz')
  })

  it('Linux without a keyring (basic_text): refuses to store unless the user opted in, and says so', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' })
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(vault.storageMode()).toBe('plain-text-opt-in')

    for (const options of [undefined, {}, { allowPlainTextStorage: false }]) {
      const refused = await vault.set('anthropic', KEY, options)
      expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden', owner: 'user', retryable: false } })
      expect(JSON.stringify(refused)).not.toContain('SECRET')
    }
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled()
    expect(existsSync(filePath)).toBe(false)
    expect(vault.status('anthropic')).toEqual({ set: false })

    expect(await vault.set('anthropic', KEY, { allowPlainTextStorage: true })).toEqual({ ok: true, value: { set: true, endsWith: 'abcd' } })
    expect(JSON.parse(readFileSync(filePath, 'utf8')).keys.anthropic.storage).toBe('plain-text-opt-in')
    expect(readFileSync(filePath, 'utf8')).not.toContain('SECRET')
  })

  it('a backend of "unknown" (asked before ready) is not trusted either', async () => {
    const vault = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage({ backend: 'unknown' }), filePath: tempFile(), platform: 'linux' })
    expect(vault.storageMode()).toBe('plain-text-opt-in')
  })

  it('the backend is only asked on Linux', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' })
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath: tempFile(), platform: 'win32' })
    expect(vault.storageMode()).toBe('os-encrypted')
    expect(safeStorage.getSelectedStorageBackend).not.toHaveBeenCalled()
  })

  it('without encryption: keys live in memory for the session only, nothing is written', async () => {
    const safeStorage = fakeSafeStorage({ available: false })
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(vault.storageMode()).toBe('memory-only')
    expect(await vault.set('anthropic', KEY)).toEqual({ ok: true, value: { set: true, endsWith: 'abcd' } })
    expect(vault.reveal('anthropic')).toBe(KEY)
    expect(existsSync(filePath)).toBe(false)
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled()
  })

  it('a key that no longer decrypts reads as "not set" (enter it again); a corrupt file does not crash', async () => {
    const filePath = tempFile()
    const first = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    await first.set('anthropic', KEY)
    const broken = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage({ broken: true }), filePath, platform: 'linux' })
    expect(broken.status('anthropic')).toEqual({ set: false })
    expect(broken.loadProblems.join(' ')).toMatch(/anthropic.*enter it again/)
    expect(broken.loadProblems.join(' ')).not.toContain('SECRET')

    writeFileSync(filePath, '{ not json')
    const corrupt = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    expect(corrupt.status('anthropic')).toEqual({ set: false })
    expect(corrupt.loadProblems).toHaveLength(1)
    expect(await corrupt.set('anthropic', KEY)).toMatchObject({ ok: true })
  })

  it('re-encrypts a key when safeStorage asks for it', async () => {
    const filePath = tempFile()
    const first = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    await first.set('anthropic', KEY)
    const rotating = fakeSafeStorage({ reEncrypt: true })
    const reopened = await openSafeStorageKeyVault({ safeStorage: rotating, filePath, platform: 'linux' })
    expect(rotating.encryptStringAsync).toHaveBeenCalledWith(KEY)
    expect(reopened.reveal('anthropic')).toBe(KEY)
  })
})
