// `keel mcp`'s usage text, apart from the command: `keel` loads the MCP parts (the SDK, Ajv) only
// when a command uses them, so `keel export` and `keel replay` start as light as before.
export const MCP_USAGE = `usage: keel mcp list [--json] [--db FILE] [--mcp-config FILE]
       keel mcp accept <server> [--db FILE] [--mcp-config FILE]
       keel mcp resources|prompts <server> [--json] [--db FILE] [--mcp-config FILE]
       keel mcp conformance-client <server-url>

  list                 starts the configured MCP servers (saved in Keel's settings and/or from
                       --mcp-config / KEEL_MCP_CONFIG), waits until each is ready or failed, and
                       prints each one's status and tools: the name providers are sent, the effect
                       (asks first, or a trusted read) and the pin state (accepted, changed, new)
  accept <server>      accepts that server's changed and new tool definitions (shows what changed)
  resources <server>   that server's resources and resource templates (attach one with
                       keel chat --resource <server>:<uri>)
  prompts <server>     that server's prompts and their arguments (use one with keel chat --prompt)
  conformance-client   the client the official MCP conformance suite runs (Streamable HTTP)
Exit: 0 done, 1 a server failed (or is not running) or nothing to accept, 2 usage error.`
