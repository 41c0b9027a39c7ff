// The crash test's child process: opens the store, then applies the planned steps forever, writing
// one acknowledgement line per committed write. The parent kills it with SIGKILL at a random moment.
// Usage: node crash-child.cjs <db-path> <seed>; then one line on stdin: <start-step>.
import { writeSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { openKeelStore, type KeelStore } from '../../../../src/main/db/keel-store'
import { createKeelToolRegistry } from '../../../../src/main/tools/tool-registry'
import { planStep, type ChildMessage } from './crash-plan'

const [dbPath, seedText] = process.argv.slice(2)
const seed = Number(seedText)

// writeSync: the line is in the pipe before the next step starts (so "acknowledged" means "committed, and said so").
const send = (message: ChildMessage) => writeSync(1, `${JSON.stringify(message)}\n`)

function ensureTurn(store: KeelStore, conversationId: string, turnId: string): void {
  if (!store.conversations.getConversation(conversationId))
    store.conversations.createConversation({ id: conversationId })
  if (!store.conversations.getTurn(turnId))
    store.conversations.startTurn({ conversationId, turnId, userText: `turn ${turnId}` })
}

async function run(startStep: number): Promise<void> {
  if (!dbPath) throw new Error('usage: crash-child <db-path> <seed>')
  const opened = openKeelStore(dbPath)
  if (!opened.ok) {
    send({ type: 'open-failed', kind: opened.error.kind, message: opened.error.message })
    process.exit(3)
  }
  const store = opened.store
  const registry = createKeelToolRegistry(store)
  send({ type: 'ready', interrupted: store.recovery.interruptedMessageIds.length })
  for (let step = startStep; ; step++) {
    const plan = planStep(seed, step, `-pid${process.pid}`)
    ensureTurn(store, plan.conversationId, plan.turnId)
    if (plan.kind === 'tool') {
      const outcome = await registry.executeToolCall({
        conversationId: plan.conversationId,
        turnId: plan.turnId,
        callId: plan.callId,
        toolName: plan.toolName,
        arguments: plan.arguments,
      })
      if (outcome.status !== 'succeeded' && outcome.status !== 'failed')
        throw new Error(`unexpected outcome ${JSON.stringify(outcome)}`)
      if (outcome.status === 'failed' && outcome.error.kind !== 'not-found')
        throw new Error(`write failed: ${JSON.stringify(outcome)}`)
      send({
        type: 'tool-ack',
        step,
        callId: plan.callId,
        status: outcome.status,
        repeated: outcome.repeated,
        key: outcome.idempotencyKey,
        output: outcome.status === 'succeeded' ? outcome.output : outcome.error,
      })
    } else {
      const writer = store.conversations.startAssistantMessage(
        { conversationId: plan.conversationId, turnId: plan.turnId },
        // Flushes happen only where the plan says (so the parent knows what was acknowledged).
        { flushChars: Number.MAX_SAFE_INTEGER, flushIntervalMs: Number.MAX_SAFE_INTEGER, schedule: () => () => {} },
      )
      let length = 0
      for (const [index, chunk] of plan.chunks.entries()) {
        writer.appendText(chunk)
        length += chunk.length
        if ((index + 1) % plan.flushEvery === 0) {
          if (!writer.flush().ok) throw new Error('flush failed')
          send({ type: 'flushed', step, messageId: writer.messageId, length, finalized: false })
        }
      }
      if (!writer.finalize({ status: 'complete' }).ok) throw new Error('finalize failed')
      send({ type: 'flushed', step, messageId: writer.messageId, length, finalized: true })
    }
    // Yield now and then so the event loop stays alive (the kill can land anywhere anyway).
    if (step % 16 === 0) await new Promise((resolve) => setImmediate(resolve))
  }
}

function fail(error: unknown): never {
  process.stderr.write(`crash-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(4)
}

send({ type: 'loaded' })
createInterface({ input: process.stdin }).once('line', (line) => {
  run(Number(line)).catch(fail)
})
