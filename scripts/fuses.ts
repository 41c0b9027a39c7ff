// Electron fuses: switches compiled into the Electron binary, flipped once at packaging time (before
// code signing, so the OS signature protects them). Every fuse is decided here, and
// `strictlyRequireAllFuses` makes a newer Electron with a fuse nobody decided fail the packaging
// (and the type check) instead of silently inheriting its default.
//
// Keel has no packaging step yet; this is the one to run on the packaged binary:
//   npx tsx scripts/fuses.ts <path to the packaged Electron executable>
// Not applied to node_modules/electron in development: Playwright's Electron support and
// debugging need --inspect, and the app is loaded from a folder, not an asar archive.
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire, type FuseV1Config } from '@electron/fuses'
import { fileURLToPath } from 'node:url'

export const KEEL_FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // The binary never runs as plain Node (ELECTRON_RUN_AS_NODE would turn it into a Node shell).
  [FuseV1Options.RunAsNode]: false,
  // Chromium's cookie store encrypted with the OS keyring (one-way; Keel keeps no cookies anyway).
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS could inject code into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / --inspect-brk would open a debugger on the main process (which holds the keys).
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The packaged app is one asar archive, checked against its embedded hash and the only code loaded.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // No separate browser-process V8 snapshot is shipped.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer is served from app://keel/ (src/main/shell/app-protocol.ts): file:// needs no extra powers.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // WebAssembly trap handlers are Electron's default and a V8 safety/performance feature: kept.
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseV1Config

/** Flips Keel's fuses in the Electron executable at `pathToElectron`, then reads them back. */
export async function applyKeelFuses(pathToElectron: string): Promise<Record<string, string>> {
  await flipFuses(pathToElectron, KEEL_FUSES)
  const wire = await getCurrentFuseWire(pathToElectron)
  const states: Record<string, string> = {}
  for (const [index, state] of Object.entries(wire)) {
    if (index === 'version') continue
    states[FuseV1Options[Number(index)] ?? `fuse ${index}`] =
      state === 49 ? 'on' : state === 48 ? 'off' : state === 114 ? 'removed' : String(state)
  }
  return states
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = process.argv[2]
  if (!target) {
    console.error('usage: npx tsx scripts/fuses.ts <path to the packaged Electron executable>')
    process.exit(2)
  }
  applyKeelFuses(target).then(
    (states) => console.log(JSON.stringify(states, null, 2)),
    (error: unknown) => {
      console.error(`fuses: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
