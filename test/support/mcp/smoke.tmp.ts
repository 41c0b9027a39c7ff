import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import { startEverythingHttp, stdioSpec, TEST_OPTIONS } from './mcp-test-servers'
const s = await startEverythingHttp('sse')
const h = await startEverythingHttp('streamableHttp')
const spec = (url: string) => ({ ...stdioSpec([]), command: undefined, transport: 'http' as const, url })
const a = new McpConnection(spec(s.url), TEST_OPTIONS)
await a.start(); console.log('fallback', a.status())
await a.close()
const b = new McpConnection(spec(h.url), TEST_OPTIONS)
let t = Date.now()
b.onToolsChanged(() => console.log('changed', Date.now() - t))
await b.start(); console.log('http', b.status(), Date.now() - t)
t = Date.now(); console.log((await b.listTools()).length, Date.now() - t)
const sig = new AbortController().signal
for (const [n, args] of [['echo', { message: 'x' }], ['get-tiny-image', {}], ['get-sum', { a: 'one', b: 2 }]] as const) {
  t = Date.now(); const r = await b.callTool(n, args, { signal: sig, timeoutMs: 5000 }); console.log(n, r.kind, Date.now() - t)
}
const r = await b.callTool('trigger-long-running-operation', { duration: 0.4, steps: 4 }, { signal: sig, timeoutMs: 5000, onProgress: (p) => console.log('p', p) }); console.log(r.kind)
await b.close(); await s.stop(); await h.stop()
