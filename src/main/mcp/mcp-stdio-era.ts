// Which revision to start a stdio server with. Keel probes with `server/discover` (2026-07-28) on
// the very process it keeps. Why not on a throw-away sibling process, as the SDK does for its own
// stdio transport: that runs every server twice on every start, and a server that takes a lock,
// binds a port or writes a file at start would meet itself. In place, a legacy server that answers
// the probe with an error (the reference servers: -32601) or stays silent goes on to `initialize`
// in the same process. A server built on an older SDK that exits (or closes stdout) on any request
// before `initialize` is started again once, straight to `initialize`: only the probe had reached
// it, so nothing it does can have run twice. A legacy verdict is remembered for the command line
// (in memory, for this run of Keel), so the next start (a restart, a toggle) skips the probe. Not
// persisted: a server upgraded meanwhile is probed again at Keel's next launch, and a stale
// verdict costs only the modern features, never a failure.
import type { McpLaunchSpec } from './mcp-connection-port'
import type { StdioRevision } from './mcp-protocol-revision'

/** Longest wait for a silent server's answer to the probe (ms); never more than half the start deadline. */
export const STDIO_PROBE_TIMEOUT_MS = 10_000

type StdioIdentity = Pick<McpLaunchSpec, 'command' | 'args' | 'cwd'>

/** The stdio command lines known to speak only 2025-11-25 (or older). */
export class StdioEraMemory {
  private readonly legacy = new Set<string>()

  knowsLegacy(spec: StdioIdentity): boolean {
    return this.legacy.has(identity(spec))
  }

  rememberLegacy(spec: StdioIdentity): void {
    this.legacy.add(identity(spec))
  }
}

/** The memory of this run of Keel (tests pass their own). */
export const stdioEraMemory = new StdioEraMemory()

/** Environment left out: it may hold secrets, and it rarely decides which revision a program speaks. */
function identity(spec: StdioIdentity): string {
  return JSON.stringify([spec.command ?? '', spec.args ?? [], spec.cwd ?? ''])
}

export interface StdioStartPlan {
  revision: StdioRevision
  /** The SDK's connect timeout: `initialize` after a silent probe gets what the probe left of the deadline. */
  connectTimeoutMs: number
}

/** `leftMs`: what is left of the start deadline. */
export function stdioStartPlan(knownLegacy: boolean, leftMs: number): StdioStartPlan {
  if (knownLegacy) return { revision: { mode: 'legacy' }, connectTimeoutMs: leftMs }
  const probeTimeoutMs = Math.max(1, Math.min(STDIO_PROBE_TIMEOUT_MS, Math.floor(leftMs / 2)))
  return { revision: { mode: 'probe', probeTimeoutMs }, connectTimeoutMs: Math.max(1, leftMs - probeTimeoutMs) }
}
