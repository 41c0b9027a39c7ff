// Builds better-sqlite3 for the installed Electron's ABI into node_modules/.keel-native/ (see
// src/main/db/native-addon.ts), in a scratch copy of the package, so the Node build that tests and
// the CLI load is never touched. Needs the network once (Electron's headers or a prebuild).
// Usage: node scripts/build-electron-addon.mjs [--force]
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version
// The electron package ships the ABI (NODE_MODULE_VERSION) its binary reports as process.versions.modules.
const abi = readFileSync(join(dirname(require.resolve('electron/package.json')), 'abi_version'), 'utf8').trim()
// Same rule as electronAddonPath() in src/main/db/native-addon.ts.
const target = join(root, 'node_modules', '.keel-native', `better_sqlite3-electron-abi${abi}.node`)

if (existsSync(target) && !process.argv.includes('--force')) {
  console.log(`[build-electron-addon] already built: ${target}`)
  process.exit(0)
}

const packageDir = dirname(require.resolve('better-sqlite3/package.json'))
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version
// Inside the project's node_modules, so electron-rebuild (walking up from the scratch package)
// finds prebuild-install and downloads Electron's prebuilt addon where one exists, compiling only
// when it must (a machine without a C++ toolchain can still start the app).
mkdirSync(dirname(target), { recursive: true })
const scratch = mkdtempSync(join(dirname(target), 'build-'))
try {
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'keel-electron-addon', private: true, dependencies: { 'better-sqlite3': version } }),
  )
  cpSync(packageDir, join(scratch, 'node_modules', 'better-sqlite3'), {
    recursive: true,
    filter: (source) => !source.startsWith(join(packageDir, 'build')),
  })
  // npm exports npm_config_nodedir=/usr on some machines, and node-gyp would then silently build
  // against Node's headers: never pass it on.
  const env = { ...process.env }
  delete env.npm_config_nodedir
  const cli = join(
    root,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'electron-rebuild.cmd' : 'electron-rebuild',
  )
  const built = spawnSync(
    cli,
    ['--force', '--which-module', 'better-sqlite3', '--version', electronVersion, '--module-dir', scratch],
    {
      stdio: 'inherit',
      env,
    },
  )
  const addon = join(scratch, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
  if (built.status !== 0 || !existsSync(addon)) {
    console.error(
      `[build-electron-addon] electron-rebuild failed (status ${built.status}); the desktop app needs the network once to build its SQLite addon.`,
    )
    // Not process.exit(): the scratch copy below must still be removed.
    process.exitCode = 1
  } else {
    copyFileSync(addon, target)
    console.log(`[build-electron-addon] Electron ${electronVersion} (ABI ${abi}): ${target}`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
