// `tsx src/cli/mcp-conformance-entry.ts <url>`: the command the MCP conformance suite runs (it
// appends the scenario server's URL and sets MCP_CONFORMANCE_SCENARIO). `keel mcp
// conformance-client <url>` runs the same function.
import { runConformanceClient } from '../main/mcp/mcp-conformance-client'

const url = process.argv.at(-1)
if (!url || !/^https?:\/\//.test(url)) {
  process.stderr.write('usage: mcp-conformance-entry <server-url>\n')
  process.exit(2)
}
const code = await runConformanceClient(url, process.env)
// Exit at once: an SSE reconnect timer of the SDK must not keep the suite waiting.
process.exit(code)
