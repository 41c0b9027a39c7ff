import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSafeStorageKeyVault, type SafeStorageLike } from '../../../src/main/shell/safe-storage-key-vault'
import { startAppWorld } from '../app/app-helpers'

vi.mock('electron', () => ({}))

const KEY = 'sk-ant-api03-SECRETSECRETSECRET-abcd'

/** A safeStorage stand-in: reversible, but nothing of the plain text survives in the bytes. */
function fakeSafeStorage(
  options: { available?: boolean; backend?: string; reEncrypt?: boolean; broken?: boolean } = {},
) {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b, i) => b ^ (0x5a + (i % 7))))
  const storage = {
    isAsyncEncryptionAvailable: vi.fn(async () => options.available ?? true),
    getSelectedStorageBackend: vi.fn(() => options.backend ?? 'gnome_libsecret'),
    encryptStringAsync: vi.fn(async (plain: string) =>
      Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain, 'utf8'))]),
    ),
    decryptStringAsync: vi.fn(async (encrypted: Buffer) => {
      if (options.broken || encrypted.subarray(0, 3).toString() !== 'v11')
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
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
    expect(vault.storage).toBe('os-encrypted')
    expect(await vault.set('anthropic', KEY)).toEqual({ ok: true })
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledWith(KEY)

    const onDisk = readFileSync(filePath, 'utf8')
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).not.toContain('SECRET')
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('base64'))
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('hex'))

    const reopened = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(reopened.get('anthropic')).toBe(KEY)
    expect(reopened.get('gemini')).toBeUndefined()
  })

  it('never returns the key in a result (only get does)', async () => {
    const vault = await openSafeStorageKeyVault({
      safeStorage: fakeSafeStorage(),
      filePath: tempFile(),
      platform: 'darwin',
    })
    const results = [
      await vault.set('anthropic', KEY),
      await vault.set('gemini', 'short-key-1'),
      await vault.clear('anthropic'),
    ]
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }])
    expect(vault.get('anthropic')).toBeUndefined()
    expect(vault.get('gemini')).toBe('short-key-1')
  })

  it('clear removes the key from memory and from disk', async () => {
    const safeStorage = fakeSafeStorage()
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    await vault.set('anthropic', KEY)
    await vault.set('gemini', 'AIzaSyD-0123456789-wxyz')
    expect(await vault.clear('anthropic')).toEqual({ ok: true })
    expect(vault.get('anthropic')).toBeUndefined()
    const reopened = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(reopened.get('anthropic')).toBeUndefined()
    expect(reopened.get('gemini')).toBe('AIzaSyD-0123456789-wxyz')
  })

  it('Linux without a keyring (basic_text): refuses to store unless the user opted in, and says so', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' })
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(vault.storage).toBe('plain-text-opt-in')

    for (const options of [undefined, {}, { allowPlainTextStorage: false }]) {
      const refused = await vault.set('anthropic', KEY, options)
      expect(refused).toMatchObject({ ok: false, reason: 'plain-text-not-allowed' })
      expect(JSON.stringify(refused)).not.toContain('SECRET')
    }
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled()
    expect(existsSync(filePath)).toBe(false)
    expect(vault.get('anthropic')).toBeUndefined()

    expect(await vault.set('anthropic', KEY, { allowPlainTextStorage: true })).toEqual({ ok: true })
    expect(JSON.parse(readFileSync(filePath, 'utf8')).keys.anthropic.storage).toBe('plain-text-opt-in')
    expect(readFileSync(filePath, 'utf8')).not.toContain('SECRET')
  })

  it('a backend of "unknown" (asked before ready) is not trusted either', async () => {
    const vault = await openSafeStorageKeyVault({
      safeStorage: fakeSafeStorage({ backend: 'unknown' }),
      filePath: tempFile(),
      platform: 'linux',
    })
    expect(vault.storage).toBe('plain-text-opt-in')
  })

  it('the backend is only asked on Linux', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' })
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath: tempFile(), platform: 'win32' })
    expect(vault.storage).toBe('os-encrypted')
    expect(safeStorage.getSelectedStorageBackend).not.toHaveBeenCalled()
  })

  it('without encryption: keys live in memory for the session only, nothing is written', async () => {
    const safeStorage = fakeSafeStorage({ available: false })
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'linux' })
    expect(vault.storage).toBe('memory-only')
    expect(await vault.set('anthropic', KEY)).toEqual({ ok: true })
    expect(vault.get('anthropic')).toBe(KEY)
    expect(existsSync(filePath)).toBe(false)
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled()
  })

  it('a key that no longer decrypts reads as "not set" (enter it again); a corrupt file does not crash', async () => {
    const filePath = tempFile()
    const first = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    await first.set('anthropic', KEY)
    const broken = await openSafeStorageKeyVault({
      safeStorage: fakeSafeStorage({ broken: true }),
      filePath,
      platform: 'linux',
    })
    expect(broken.get('anthropic')).toBeUndefined()
    expect(broken.loadProblems.join(' ')).toMatch(/anthropic.*enter it again/)
    expect(broken.loadProblems.join(' ')).not.toContain('SECRET')

    writeFileSync(filePath, '{ not json')
    const corrupt = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    expect(corrupt.get('anthropic')).toBeUndefined()
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
    expect(reopened.get('anthropic')).toBe(KEY)
  })

  // The shell's adapter used to drop clear's answer: a key still on disk read as removed, and came back on restart.
  it('a key that cannot be removed from disk: clear says so, and keys.clear answers a storage error', async () => {
    const filePath = tempFile()
    const vault = await openSafeStorageKeyVault({ safeStorage: fakeSafeStorage(), filePath, platform: 'linux' })
    const world = await startAppWorld({ vault })
    try {
      const client = world.client('window')
      await client.value('keys.set', { provider: 'anthropic', key: KEY })
      // The keys file's place taken by a non-empty folder: the rewrite after removing the key fails.
      rmSync(filePath)
      mkdirSync(join(filePath, 'in-the-way'), { recursive: true })
      const result = await client.call('keys.clear', { provider: 'anthropic' })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'storage', message: 'The saved key could not be removed from disk.', retryable: true },
      })
      expect(JSON.stringify(result)).not.toContain('SECRET')
    } finally {
      await world.close()
    }
  })

  describe('MCP secrets in the same vault', () => {
    const TOKEN = 'ghp_McpTokenSECRETSECRET-0001'

    it('a keys file written before MCP (provider keys only) still loads, unchanged, and MCP values join it', async () => {
      const safeStorage = fakeSafeStorage()
      const filePath = tempFile()
      // Exactly what the pre-MCP vault wrote: { version: 1, keys: { <provider>: { encrypted, storage } } }.
      const encrypted = (await safeStorage.encryptStringAsync(KEY)).toString('base64')
      mkdirSync(join(filePath, '..'), { recursive: true })
      const before = JSON.stringify(
        { version: 1, keys: { anthropic: { encrypted, storage: 'os-encrypted' } } },
        null,
        2,
      )
      writeFileSync(filePath, before)
      const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'darwin' })
      expect(vault.loadProblems).toEqual([])
      expect(vault.get('anthropic')).toBe(KEY)
      expect(readFileSync(filePath, 'utf8')).toBe(before)

      expect(await vault.set('mcp:github:env:GITHUB_TOKEN', TOKEN)).toEqual({ ok: true })
      expect(await vault.set('mcp:remote:headers:Authorization', 'Bearer SECRETSECRET-2')).toEqual({ ok: true })
      const onDisk = readFileSync(filePath, 'utf8')
      expect(onDisk).not.toContain('SECRET')
      expect(Object.keys(JSON.parse(onDisk).keys)).toEqual([
        'anthropic',
        'mcp:github:env:GITHUB_TOKEN',
        'mcp:remote:headers:Authorization',
      ])

      const reopened = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'darwin' })
      expect(reopened.loadProblems).toEqual([])
      expect(reopened.get('anthropic')).toBe(KEY)
      expect(reopened.get('mcp:github:env:GITHUB_TOKEN')).toBe(TOKEN)
      expect(reopened.ids().sort()).toEqual([
        'anthropic',
        'mcp:github:env:GITHUB_TOKEN',
        'mcp:remote:headers:Authorization',
      ])
      expect(await reopened.clear('mcp:github:env:GITHUB_TOKEN')).toEqual({ ok: true })
      const third = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'darwin' })
      expect(third.ids().sort()).toEqual(['anthropic', 'mcp:remote:headers:Authorization'])
    })

    it('entries it does not understand (another version, a damaged id) are ignored and reported; the rest load', async () => {
      const safeStorage = fakeSafeStorage()
      const filePath = tempFile()
      const encrypted = (await safeStorage.encryptStringAsync(TOKEN)).toString('base64')
      mkdirSync(join(filePath, '..'), { recursive: true })
      const entry = { encrypted, storage: 'os-encrypted' }
      writeFileSync(
        filePath,
        JSON.stringify({
          version: 1,
          keys: {
            'mcp:ok:env:A': entry,
            'mcp:Bad Id:env:A': entry,
            'mcp:ok:cookies:A': entry,
            'Not a provider id': entry,
          },
        }),
      )
      const vault = await openSafeStorageKeyVault({ safeStorage, filePath, platform: 'darwin' })
      expect(vault.ids()).toEqual(['mcp:ok:env:A'])
      expect(vault.loadProblems).toEqual(Array(3).fill('A saved key entry was not understood and was ignored.'))
    })

    it('the plain-text opt-in applies to MCP values too', async () => {
      const vault = await openSafeStorageKeyVault({
        safeStorage: fakeSafeStorage({ backend: 'basic_text' }),
        filePath: tempFile(),
        platform: 'linux',
      })
      expect(await vault.set('mcp:github:env:GITHUB_TOKEN', TOKEN)).toMatchObject({
        ok: false,
        reason: 'plain-text-not-allowed',
      })
      expect(vault.get('mcp:github:env:GITHUB_TOKEN')).toBeUndefined()
      expect(await vault.set('mcp:github:env:GITHUB_TOKEN', TOKEN, { allowPlainTextStorage: true })).toEqual({
        ok: true,
      })
    })
  })
})
