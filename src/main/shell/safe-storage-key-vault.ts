import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { KeyStorageMode } from '../../shared/ipc/app-contract'
import { isVaultEntryId, type KeyVault, type KeyVaultResult, type VaultEntryId } from '../secrets/key-vault'

/**
 * The desktop app's {@link KeyVault}: API keys encrypted with Electron `safeStorage` and kept in
 * their own file under userData (not in the database). The Electron 45 async API is used (`encryptString`/`decryptString` are deprecated
 * there); a key the OS asks to re-encrypt is re-encrypted on load.
 *
 * Storage modes:
 * - `os-encrypted`: the OS keyring (Keychain, DPAPI, libsecret, KWallet) protects the key.
 * - `plain-text-opt-in`: Linux without a keyring (`basic_text`: a hard-coded password, i.e. no real
 *   protection). `set` is refused unless the request carries `allowPlainTextStorage: true`.
 * - `memory-only`: encryption is unavailable; keys are kept for this session only, never written.
 *
 * An entry that no longer decrypts (keyring changed, file copied from another machine) reads as
 * "not set": the user enters the key again; nothing crashes and the entry stays until replaced.
 *
 * The file (`{ version: 1, keys: { <id>: { encrypted, storage } } }`) holds providers' keys under
 * their provider id, as it always did, and MCP servers' secrets under `mcp:<server>:env|headers:<key>`
 * ids in the same map: a file written before MCP loads unchanged. (A version before MCP reading a
 * newer file ignores the `mcp:` entries, reporting them as not understood.)
 */

/** The part of Electron's `safeStorage` used here. */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>
  encryptStringAsync(plainText: string): Promise<Buffer>
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  /** Linux only. */
  getSelectedStorageBackend(): string
}

export interface SafeStorageKeyVaultOptions {
  safeStorage: SafeStorageLike
  /** e.g. `join(app.getPath('userData'), 'provider-keys.json')`. */
  filePath: string
  platform?: NodeJS.Platform
}

interface StoredEntry {
  encrypted: string
  storage: 'os-encrypted' | 'plain-text-opt-in'
}

interface StoredFile {
  version: 1
  keys: Partial<Record<VaultEntryId, StoredEntry>>
}

const PLAIN_TEXT_REFUSED =
  'This system has no OS keyring, so the key could only be stored with a built-in password (not real protection). Confirm plain-text storage to save it anyway, or provide the key through the environment.'

/** Opens the vault (after `app` is ready: the Linux backend is `unknown` before). */
export async function openSafeStorageKeyVault(
  options: SafeStorageKeyVaultOptions,
): Promise<KeyVault & { readonly loadProblems: readonly string[] }> {
  const { safeStorage, filePath } = options
  const platform = options.platform ?? process.platform
  const mode = await detectMode(safeStorage, platform)
  const keys = new Map<VaultEntryId, string>()
  const stored: StoredFile = { version: 1, keys: {} }
  const loadProblems: string[] = []
  let writes: Promise<void> = Promise.resolve()

  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(stored, null, 2)
    const next = writes.then(async () => {
      await mkdir(dirname(filePath), { recursive: true })
      const temp = `${filePath}.${process.pid}.tmp`
      await writeFile(temp, snapshot, { mode: 0o600 })
      await rename(temp, filePath)
    })
    writes = next.catch(() => {})
    return next
  }

  if (mode !== 'memory-only') {
    let needsRewrite = false
    const file = await readStoredFile(filePath, loadProblems)
    for (const [id, entry] of Object.entries(file.keys) as Array<[VaultEntryId, StoredEntry]>) {
      stored.keys[id] = entry
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(entry.encrypted, 'base64'))
        keys.set(id, result)
        if (shouldReEncrypt) {
          stored.keys[id] = { ...entry, encrypted: (await safeStorage.encryptStringAsync(result)).toString('base64') }
          needsRewrite = true
        }
      } catch {
        loadProblems.push(
          `The saved ${id.startsWith('mcp:') ? 'MCP server value' : 'key for'} ${id} could not be decrypted; enter it again.`,
        )
      }
    }
    if (needsRewrite) await persist().catch(() => loadProblems.push('Could not re-encrypt the saved keys.'))
  }

  return {
    loadProblems,
    storage: mode,
    get: (id) => keys.get(id),
    ids: () => [...keys.keys()],
    async set(id, key, setOptions): Promise<KeyVaultResult> {
      if (mode === 'plain-text-opt-in' && setOptions?.allowPlainTextStorage !== true) {
        return { ok: false, reason: 'plain-text-not-allowed', message: PLAIN_TEXT_REFUSED }
      }
      if (mode === 'memory-only') {
        keys.set(id, key)
        return { ok: true }
      }
      try {
        const encrypted = (await safeStorage.encryptStringAsync(key)).toString('base64')
        const previous = stored.keys[id]
        stored.keys[id] = { encrypted, storage: mode }
        try {
          await persist()
        } catch {
          if (previous) stored.keys[id] = previous
          else delete stored.keys[id]
          return storageFailure('The key could not be saved.')
        }
        keys.set(id, key)
        return { ok: true }
      } catch {
        return storageFailure('The key could not be encrypted.')
      }
    },
    async clear(id): Promise<KeyVaultResult> {
      keys.delete(id)
      if (stored.keys[id]) {
        delete stored.keys[id]
        try {
          await persist()
        } catch {
          return storageFailure('The saved key could not be removed from disk.')
        }
      }
      return { ok: true }
    },
  }
}

async function detectMode(safeStorage: SafeStorageLike, platform: NodeJS.Platform): Promise<KeyStorageMode> {
  let available = false
  try {
    available = await safeStorage.isAsyncEncryptionAvailable()
  } catch {
    available = false
  }
  if (!available) return 'memory-only'
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend()
    // `unknown` means "asked before ready": do not assume a keyring.
    if (backend === 'basic_text' || backend === 'unknown') return 'plain-text-opt-in'
  }
  return 'os-encrypted'
}

async function readStoredFile(filePath: string, problems: string[]): Promise<StoredFile> {
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push('The saved keys could not be read.')
    return { version: 1, keys: {} }
  }
  try {
    const parsed: unknown = JSON.parse(text)
    const keys: StoredFile['keys'] = {}
    const rawKeys = (parsed as { keys?: unknown })?.keys
    if (typeof rawKeys === 'object' && rawKeys !== null) {
      for (const [id, entry] of Object.entries(rawKeys)) {
        if (!isVaultEntryId(id) || !isStoredEntry(entry)) {
          problems.push('A saved key entry was not understood and was ignored.')
          continue
        }
        keys[id] = entry
      }
    }
    return { version: 1, keys }
  } catch {
    problems.push('The saved keys file is corrupt; enter the keys again.')
    return { version: 1, keys: {} }
  }
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.encrypted === 'string' && (entry.storage === 'os-encrypted' || entry.storage === 'plain-text-opt-in')
  )
}

function storageFailure(message: string): KeyVaultResult {
  return { ok: false, reason: 'unavailable', message }
}
