// Make sure better-sqlite3 loads under plain Node (vitest, the CLI). The desktop app's Electron build
// lives apart (scripts/build-electron-addon.mjs), but an older checkout's `electron-rebuild` (or a
// failed one, which deletes build/) may have left Electron's ABI or nothing here: rebuild it for Node.
import { execSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
try {
  const Database = require('better-sqlite3')
  new Database(':memory:').close()
} catch (error) {
  const message = String(error?.message ?? error)
  if (!/NODE_MODULE_VERSION|Could not locate the bindings file|invalid ELF|wrong ELF/.test(message)) throw error
  console.warn(`[ensure-node-abi] better-sqlite3 not loadable under Node ${process.version}: ${message.split('\n')[0]}`)
  execSync('npm rebuild better-sqlite3', { stdio: 'inherit' })
}
