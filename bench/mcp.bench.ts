// MCP speed, against a floor measured in the same run on the same kind of server process:
//   per call   the same tool with the same shape of arguments (each call distinct, so the ledger
//              really records a new action) through
//                floor       a bare @modelcontextprotocol/client `Client.callTool` on its own stdio transport;
//                connection  Keel's McpConnection.callTool (its stdio transport, outcome classification);
//                Keel        the whole tool path: the registry over the MCP hub, `executeToolCall` on the
//                            turn's snapshot (Ajv validation, idempotency key, ledger claim and record on a
//                            real SQLite file, result mapping), each side its own server process;
//              on server-everything `echo` and server-memory `create_entities`;
//   connect + list  spawn + initialize + tools/list for everything, filesystem (a temp folder) and
//              memory, one at a time and all three at once: Keel's McpConnection (start + listTools)
//              vs. a bare SDK Client (connect + listTools); at once also the hub as the app runs it
//              (sync → every tool offered in the registry: hashes, pins, Ajv compiles).
// Medians (and best) of repetitions whose order rotates. Ratios are reported, never asserted; it
// exits non-zero only when something fails (a call, a listing, a process left running).
// Run: `npm run bench -- mcp` or `node --expose-gc --import tsx bench/mcp.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { McpServerStatus } from '../src/shared/mcp'
import { openKeelStore, type KeelStore } from '../src/main/db/keel-store'
import { McpConnection, type McpConnectionOptions } from '../src/main/mcp/mcp-connection'
import type { McpLaunchSpec } from '../src/main/mcp/mcp-connection-port'
import type { McpHub } from '../src/main/mcp/mcp-hub'
import { createMcpHub } from '../src/main/mcp/mcp-runtime'
import { createKeelToolRegistry, type ToolRegistry } from '../src/main/tools/tool-registry'
import {
  connectFloor,
  hubEntry,
  referenceServer,
  runningChildren,
  type FloorClient,
  type ReferenceServer,
  type ReferenceServerName,
} from './mcp/reference-servers'
import { rotated, type VariantTimes } from './mcp/rotated-timing'
import { writeBenchResults } from './results-file'
import { median } from './store/timing'

const CALLS_PER_REP = 20
const CALL_WARMUPS = 3
const CALL_REPS = 21
const CONNECT_REPS = 5
const PARALLEL_REPS = 3
const SERVERS: readonly ReferenceServerName[] = ['everything', 'filesystem', 'memory']

const f2 = (n: number) => n.toFixed(2)
const f1 = (n: number) => n.toFixed(1)

/** Keel's connection options as the app uses them, minus the login-shell lookup (the launcher does that once). */
const CONNECTION_OPTIONS: McpConnectionOptions = { loginPath: async () => undefined }

function launchSpec(server: ReferenceServer, id: string): McpLaunchSpec {
  return {
    id,
    name: id,
    transport: 'stdio',
    command: process.execPath,
    args: server.args,
    env: server.env,
    timeoutMs: 30_000,
    maxTotalTimeoutMs: 60_000,
  }
}

function open(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(`${opened.error.kind}: ${opened.error.message}`)
  return opened.store
}

function describe(status: McpServerStatus): string {
  return status.state === 'failed' ? `failed: ${status.reason}` : status.state
}

async function startConnection(server: ReferenceServer, id: string): Promise<McpConnection> {
  const connection = new McpConnection(launchSpec(server, id), CONNECTION_OPTIONS)
  await connection.start()
  if (connection.status().state !== 'ready') {
    await connection.close()
    throw new Error(`${id} did not start (${describe(connection.status())}): ${connection.stderrTail().slice(-500)}`)
  }
  return connection
}

/** Resolves when `ready()` holds, checked on each of the hub's changes (fails after `limitMs`). */
function whenHub(hub: McpHub, ready: () => boolean, limitMs = 60_000): Promise<void> {
  return new Promise((done, fail) => {
    if (ready()) return done()
    const timer = setTimeout(() => {
      stop()
      fail(
        new Error(
          `the hub was not ready within ${limitMs / 1000} s: ${JSON.stringify(hub.views().map((v) => [v.config.id, describe(v.status)]))}`,
        ),
      )
    }, limitMs)
    const stop = hub.onChanged(() => {
      if (!ready()) return
      clearTimeout(timer)
      stop()
      done()
    })
  })
}

interface CallWorkload {
  label: string
  tool: string
  args: (rep: number, call: number) => Record<string, unknown>
  /** Checks one answer's text (the floor's and Keel's), so a failing call is not timed as a fast one. */
  expect: (text: string, args: Record<string, unknown>) => boolean
}

const ECHO: CallWorkload = {
  label: 'everything echo',
  tool: 'echo',
  args: (rep, call) => ({ message: `bench ${rep}.${call}` }),
  expect: (text, args) => text.includes(`Echo: ${String(args.message)}`),
}

const CREATE_ENTITY: CallWorkload = {
  label: 'memory create_entities',
  tool: 'create_entities',
  args: (rep, call) => ({
    entities: [{ name: `entity-${rep}-${call}`, entityType: 'bench', observations: ['measured'] }],
  }),
  expect: (text, args) => text.includes((args.entities as Array<{ name: string }>)[0]!.name),
}

interface CallResult {
  workload: string
  floor: VariantTimes
  connection: VariantTimes
  keel: VariantTimes
  keelAddedMs: number
  ratio: number
  ledgerRows: number
}

async function callBenchmark(
  workload: CallWorkload,
  sides: { floor: FloorClient; connection: McpConnection; registry: ToolRegistry; store: KeelStore; serverId: string },
): Promise<CallResult> {
  const { floor, connection, registry, store } = sides
  const providerName = registry
    .list()
    .find((tool) => tool.source === `mcp:${sides.serverId}` && tool.name.endsWith(workload.tool))?.name
  if (!providerName)
    throw new Error(
      `Keel offers no '${workload.tool}' of ${sides.serverId}: ${registry
        .list()
        .map((t) => t.name)
        .join(', ')}`,
    )
  const { turn } = store.conversations.startTurn({
    conversationId: store.conversations.createConversation().id,
    userText: `bench ${workload.label}`,
  })
  const signal = new AbortController().signal
  const textOf = (content: unknown) => JSON.stringify(content)
  const ledgerBefore = (store.db.prepare('SELECT count(*) AS n FROM tool_ledger').get() as { n: number }).n
  let keelCalls = 0

  const times = await rotated({
    warmups: CALL_WARMUPS,
    reps: CALL_REPS,
    per: CALLS_PER_REP,
    variants: {
      floor: async (rep) => {
        for (let call = 0; call < CALLS_PER_REP; call++) {
          const args = workload.args(rep, call)
          const result = await floor.client.callTool({ name: workload.tool, arguments: args })
          if (result.isError || !workload.expect(textOf(result.content), args))
            throw new Error(`floor: unexpected answer ${textOf(result).slice(0, 300)}`)
        }
      },
      connection: async (rep) => {
        for (let call = 0; call < CALLS_PER_REP; call++) {
          const args = workload.args(rep, call)
          const outcome = await connection.callTool(workload.tool, args, { signal })
          if (
            outcome.kind !== 'result' ||
            outcome.result.isError ||
            !workload.expect(textOf(outcome.result.content), args)
          ) {
            throw new Error(`connection: unexpected outcome ${JSON.stringify(outcome).slice(0, 300)}`)
          }
        }
      },
      keel: async (rep) => {
        // A turn takes the registry's snapshot once; its calls run on it (as the harness does).
        const tools = registry.snapshot()
        for (let call = 0; call < CALLS_PER_REP; call++) {
          const args = workload.args(rep, call)
          const outcome = await tools.executeToolCall({
            conversationId: turn.conversationId,
            turnId: turn.id,
            callId: `call-${rep}-${call}`,
            toolName: providerName,
            arguments: args,
          })
          if (
            outcome.status !== 'succeeded' ||
            outcome.repeated ||
            typeof outcome.output !== 'string' ||
            !workload.expect(outcome.output, args)
          ) {
            throw new Error(`Keel: unexpected outcome ${JSON.stringify(outcome).slice(0, 300)}`)
          }
          keelCalls++
        }
      },
    },
  })
  const ledgerRows = (store.db.prepare('SELECT count(*) AS n FROM tool_ledger').get() as { n: number }).n - ledgerBefore
  if (ledgerRows !== keelCalls) throw new Error(`the ledger recorded ${ledgerRows} actions for ${keelCalls} calls`)
  return {
    workload: workload.label,
    ...times,
    keelAddedMs: times.keel.medianMs - times.floor.medianMs,
    ratio: times.keel.medianMs / times.floor.medianMs,
    ledgerRows,
  }
}

interface ConnectTimes {
  /** spawn + initialize (ms). */
  connectMs: number
  /** tools/list (ms). */
  listMs: number
  tools: number
  /** Ending it, its process gone (ms; not part of connect + list). */
  closeMs: number
}

/** Connects and lists; closing is timed apart. */
async function connectList(
  open: () => Promise<{ list: () => Promise<number>; close: () => Promise<void> }>,
): Promise<ConnectTimes & { total: number }> {
  const start = performance.now()
  const side = await open()
  const started = performance.now()
  try {
    const tools = await side.list()
    const listed = performance.now()
    await side.close()
    return {
      connectMs: started - start,
      listMs: listed - started,
      tools,
      closeMs: performance.now() - listed,
      total: listed - start,
    }
  } catch (error) {
    await side.close()
    throw error
  }
}

function openKeel(server: ReferenceServer) {
  return async () => {
    const connection = new McpConnection(launchSpec(server, server.name), CONNECTION_OPTIONS)
    await connection.start()
    if (connection.status().state !== 'ready') {
      await connection.close()
      throw new Error(`Keel: ${server.name} did not start (${describe(connection.status())})`)
    }
    return { list: async () => (await connection.listTools()).length, close: () => connection.close() }
  }
}

function openFloor(server: ReferenceServer) {
  return async () => {
    const floor = await connectFloor(server)
    return { list: async () => (await floor.client.listTools()).tools.length, close: () => floor.close() }
  }
}

interface ConnectResult {
  server: ReferenceServerName
  tools: number
  /** connect + list. */
  keel: VariantTimes
  floor: VariantTimes
  keelConnectMs: number
  floorConnectMs: number
  keelListMs: number
  floorListMs: number
  keelCloseMs: number
  floorCloseMs: number
  ratio: number
}

interface ParallelResult {
  tools: number
  keel: VariantTimes
  floor: VariantTimes
  hub: VariantTimes
  ratio: number
  hubRatio: number
}

async function connectBenchmark(dir: string): Promise<{ servers: ConnectResult[]; parallel: ParallelResult }> {
  const servers: ConnectResult[] = []
  for (const name of SERVERS) {
    const seen = { keel: [] as ConnectTimes[], floor: [] as ConnectTimes[] }
    const counts = new Set<number>()
    const run = (side: 'keel' | 'floor') => async () => {
      const server = referenceServer(name, dir)
      const t = await connectList(side === 'keel' ? openKeel(server) : openFloor(server))
      seen[side].push(t)
      counts.add(t.tools)
      return t.total
    }
    const times = await rotated({
      warmups: 1,
      reps: CONNECT_REPS,
      variants: { keel: run('keel'), floor: run('floor') },
    })
    // Both sides declare the same capabilities, so the server lists the same tools to each.
    if (counts.size !== 1)
      throw new Error(`${name}: Keel and the floor listed different numbers of tools (${[...counts].join(', ')})`)
    const timed = (side: 'keel' | 'floor') => seen[side].slice(-CONNECT_REPS)
    servers.push({
      server: name,
      tools: [...counts][0]!,
      ...times,
      keelConnectMs: median(timed('keel').map((t) => t.connectMs)),
      floorConnectMs: median(timed('floor').map((t) => t.connectMs)),
      keelListMs: median(timed('keel').map((t) => t.listMs)),
      floorListMs: median(timed('floor').map((t) => t.listMs)),
      keelCloseMs: median(timed('keel').map((t) => t.closeMs)),
      floorCloseMs: median(timed('floor').map((t) => t.closeMs)),
      ratio: times.keel.medianMs / times.floor.medianMs,
    })
  }

  const totalTools = servers.reduce((sum, s) => sum + s.tools, 0)
  const all = async (side: 'keel' | 'floor') => {
    const opens = SERVERS.map((name) => (side === 'keel' ? openKeel : openFloor)(referenceServer(name, dir)))
    const start = performance.now()
    const sides = await Promise.allSettled(
      opens.map(async (openSide) => {
        const opened = await openSide()
        try {
          await opened.list()
        } catch (error) {
          await opened.close()
          throw error
        }
        return opened
      }),
    )
    const ms = performance.now() - start
    await Promise.all(sides.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)))
    const failure = sides.find((s) => s.status === 'rejected')
    if (failure) throw failure.reason
    return ms
  }
  const hubStore = open(join(dir, 'hub.db'))
  try {
    const parallel = await rotated({
      warmups: 1,
      reps: PARALLEL_REPS,
      variants: {
        keel: () => all('keel'),
        floor: () => all('floor'),
        hub: async () => {
          // The app's start: the hub starts every server, lists, pins, and the registry offers every tool.
          const hub = createMcpHub({ pins: hubStore.mcpPins, connection: CONNECTION_OPTIONS })
          const registry = createKeelToolRegistry(hubStore, { sources: [hub] })
          try {
            const start = performance.now()
            hub.sync(SERVERS.map((name) => hubEntry(referenceServer(name, dir), name)))
            await whenHub(hub, () =>
              hub.views().every((view) => view.status.state === 'ready' && view.tools.length > 0),
            )
            const offered = registry
              .snapshot()
              .list()
              .filter((tool) => tool.source.startsWith('mcp:')).length
            const ms = performance.now() - start
            if (offered !== totalTools)
              throw new Error(`the hub offered ${offered} tools, the servers listed ${totalTools}`)
            return ms
          } finally {
            await registry.close()
          }
        },
      },
    })
    return {
      servers,
      parallel: {
        ...parallel,
        tools: totalTools,
        ratio: parallel.keel.medianMs / parallel.floor.medianMs,
        hubRatio: parallel.hub.medianMs / parallel.floor.medianMs,
      },
    }
  } finally {
    hubStore.close()
  }
}

function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(line(rows[0]!))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row))
}

const dir = mkdtempSync(join(tmpdir(), 'keel-bench-mcp-'))
// Children before any server starts (tsx's esbuild service): only what the bench starts must be gone at the end.
const childrenBefore = new Set(runningChildren() ?? [])
const phaseMs = { start: 0, perCall: 0, connectList: 0 }
const benchStart = performance.now()
const closers: Array<() => Promise<unknown>> = []
let failed = false
try {
  const loadBefore = loadavg()
  const load = loadBefore[0] ?? 0
  console.log(
    `MCP benchmark (stdio reference servers, @modelcontextprotocol/client; ${cpus().length} cores, 1-min load ${f1(load)})`,
  )
  if (load > cpus().length * 0.75)
    console.log('  note: the machine is busy; absolute times are noisy, ratios are paired.')

  // Per call: each side its own server process of the same kind.
  const store = open(join(dir, 'keel.db'))
  closers.push(async () => store.close())
  const hub = createMcpHub({ pins: store.mcpPins, connection: CONNECTION_OPTIONS })
  const registry = createKeelToolRegistry(store, { sources: [hub] })
  closers.push(() => registry.close())
  const everything = referenceServer('everything', dir)
  const memory = referenceServer('memory', dir)
  hub.sync([hubEntry(everything, 'everything'), hubEntry(memory, 'memory')])
  const [floorEverything, floorMemory, connEverything, connMemory] = await Promise.all([
    connectFloor(everything),
    connectFloor(referenceServer('memory', dir)),
    startConnection(everything, 'everything'),
    startConnection(referenceServer('memory', dir), 'memory'),
    whenHub(hub, () => hub.views().every((view) => view.status.state === 'ready' && view.tools.length > 0)),
  ])
  for (const side of [floorEverything, floorMemory, connEverything, connMemory]) closers.push(() => side.close())

  const calls: CallResult[] = []
  phaseMs.start = performance.now() - benchStart
  calls.push(
    await callBenchmark(ECHO, {
      floor: floorEverything,
      connection: connEverything,
      registry,
      store,
      serverId: 'everything',
    }),
  )
  calls.push(
    await callBenchmark(CREATE_ENTITY, {
      floor: floorMemory,
      connection: connMemory,
      registry,
      store,
      serverId: 'memory',
    }),
  )
  for (const close of closers.splice(0).reverse()) await close()
  phaseMs.perCall = performance.now() - benchStart - phaseMs.start

  const connect = await connectBenchmark(dir)
  phaseMs.connectList = performance.now() - benchStart - phaseMs.start - phaseMs.perCall

  console.log()
  console.log(
    `Per call (ms per call; ${CALL_REPS} repetitions of ${CALLS_PER_REP} sequential calls, each with distinct arguments):`,
  )
  table([
    ['tool', 'floor', 'connection', 'Keel', 'Keel/floor', 'Keel − floor', 'best floor', 'best Keel', 'ledger rows'],
    ...calls.map((c) => [
      c.workload,
      f2(c.floor.medianMs),
      f2(c.connection.medianMs),
      f2(c.keel.medianMs),
      f2(c.ratio),
      f2(c.keelAddedMs),
      f2(c.floor.bestMs),
      f2(c.keel.bestMs),
      String(c.ledgerRows),
    ]),
  ])
  console.log()
  console.log(
    `Connect + list (ms; spawn + initialize + tools/list; each process then closed, timed apart; ${CONNECT_REPS} repetitions):`,
  )
  table([
    [
      'server',
      'tools',
      'floor',
      'Keel',
      'Keel/floor',
      'floor connect',
      'Keel connect',
      'floor list',
      'Keel list',
      'best floor',
      'best Keel',
      'floor close',
      'Keel close',
    ],
    ...connect.servers.map((s) => [
      s.server,
      String(s.tools),
      f1(s.floor.medianMs),
      f1(s.keel.medianMs),
      f2(s.ratio),
      f1(s.floorConnectMs),
      f1(s.keelConnectMs),
      f1(s.floorListMs),
      f1(s.keelListMs),
      f1(s.floor.bestMs),
      f1(s.keel.bestMs),
      f1(s.floorCloseMs),
      f1(s.keelCloseMs),
    ]),
  ])
  const p = connect.parallel
  console.log(
    `  all three at once (${PARALLEL_REPS} repetitions): floor ${f1(p.floor.medianMs)} ms, Keel connections ${f1(p.keel.medianMs)} ms (Keel/floor ${f2(p.ratio)}),` +
      ` hub → ${p.tools} tools offered ${f1(p.hub.medianMs)} ms (hub/floor ${f2(p.hubRatio)})`,
  )
  console.log()
  console.log('Notes:')
  console.log(
    "  floor = a bare SDK Client on the SDK stdio transport (same capabilities Keel declares); connection = Keel's McpConnection.callTool alone;",
  )
  console.log(
    '  Keel = executeToolCall on a registry snapshot over the hub: Ajv check, idempotency key, ledger claim + record (SQLite, synchronous=FULL), result mapping.',
  )
  console.log(
    '  The tools are not trusted read-only, so every Keel call is an external effect: claimed before it runs and recorded after.',
  )
  console.log(
    `  phases: servers up ${f1(phaseMs.start / 1000)} s, per call ${f1(phaseMs.perCall / 1000)} s, connect + list ${f1(phaseMs.connectList / 1000)} s.`,
  )

  writeBenchResults('mcp', loadBefore, {
    callsPerRep: CALLS_PER_REP,
    perCall: calls.map(({ floor, connection, keel, ...rest }) => ({
      ...rest,
      floorMs: floor.medianMs,
      connectionMs: connection.medianMs,
      keelMs: keel.medianMs,
      bestFloorMs: floor.bestMs,
      bestConnectionMs: connection.bestMs,
      bestKeelMs: keel.bestMs,
    })),
    connectList: connect.servers.map(({ keel, floor, ...rest }) => ({
      ...rest,
      keelMs: keel.medianMs,
      floorMs: floor.medianMs,
      bestKeelMs: keel.bestMs,
      bestFloorMs: floor.bestMs,
    })),
    phaseMs,
    parallel: {
      tools: p.tools,
      floorMs: p.floor.medianMs,
      keelMs: p.keel.medianMs,
      hubMs: p.hub.medianMs,
      ratio: p.ratio,
      hubRatio: p.hubRatio,
    },
  })
} catch (error) {
  failed = true
  console.error('[mcp bench] failed:', error instanceof Error ? (error.stack ?? error.message) : error)
} finally {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined)
  const left = runningChildren()?.filter((child) => !childrenBefore.has(child))
  if (left && left.length > 0) {
    failed = true
    console.error(`[mcp bench] server processes still running: ${left.join(', ')}`)
  }
  rmSync(dir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
