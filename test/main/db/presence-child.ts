// A Keel process that keeps the store open (run by process-presence.test.ts with tsx): it starts
// an answer, flushes part of it, says `ready <messageId>` on stdout, and waits to be killed.
import { openKeelStore } from '../../../src/main/db/keel-store'

const [path] = process.argv.slice(2)
if (!path) throw new Error('usage: presence-child <db>')
const opened = openKeelStore(path)
if (!opened.ok) throw new Error(opened.error.message)
const store = opened.store
const conversation = store.conversations.createConversation({ title: 'child' })
const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'hi' })
const writer = store.conversations.startAssistantMessage({ conversationId: conversation.id, turnId: turn.id })
writer.appendText('still arriving')
writer.flush()
process.stdout.write(`ready ${writer.messageId}\n`)
setInterval(() => {}, 60_000)
