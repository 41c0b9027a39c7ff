// `keel mcp`'s usage text, apart from the command: `keel` loads the MCP parts (the SDK, Ajv) only
// when a command uses them, so `keel export` and `keel replay` start as light as before.
export const MCP_USAGE = `usage: keel mcp list [--json] [--db FILE] [--mcp-config FILE]
       keel mcp accept <server> [--db FILE] [--mcp-config FILE]
       keel mcp roots <server> [--add DIR]... [--remove DIR]... [--db FILE]
       keel mcp login <server> [--no-browser] [--client-id ID] [--db FILE] [--mcp-config FILE]
       keel mcp logout <server> [--db FILE] [--mcp-config FILE]
       keel mcp resources|prompts <server> [--json] [--db FILE] [--mcp-config FILE]
       keel mcp resources <server> --watch <uri> [--json] [--db FILE] [--mcp-config FILE]
       keel mcp registry [search] [--cursor C] [--json] [--db FILE]
       keel mcp conformance-client <server-url>

  list                 starts the configured MCP servers (saved in Keel's settings and/or from
                       --mcp-config / KEEL_MCP_CONFIG), waits until each is ready or failed, and
                       prints each one's status and tools: the name providers are sent, the effect
                       (asks first, or a trusted read) and the pin state (accepted, changed, new)
  accept <server>      accepts that server's changed and new tool definitions (shows what changed)
  roots <server>       shows the folders a saved server may work in (its MCP roots; none by
                       default); --add and --remove change them (a relative DIR is taken from the
                       current folder; an added one must exist)
  login <server>       signs in to a remote server that asks for OAuth: opens the system browser
                       (--no-browser prints the address) and waits for the redirect on 127.0.0.1;
                       --client-id uses a client registered by hand (secret: KEEL_MCP_CLIENT_SECRET).
                       The CLI keeps the sign-in for this run only; the app keeps it in its key vault
  logout <server>      forgets the server's tokens and client registration
  resources <server>   that server's resources and resource templates (attach one with
                       keel chat --resource <server>:<uri>); --watch <uri> prints one line (--json:
                       one JSON object) each time the server says that resource changed, until Ctrl-C
  prompts <server>     that server's prompts and their arguments (use one with keel chat --prompt)
  registry [search]    one page of the MCP registry's servers (KEEL_MCP_REGISTRY_URL, else the
                       mcpRegistryUrl setting, else registry.modelcontextprotocol.io) and what adding
                       each would run; add one from Settings in the window (it asks consent first)
  conformance-client   the client the official MCP conformance suite runs (Streamable HTTP)
Exit: 0 done, 1 a server failed (or is not running) or nothing to accept, 2 usage error.`
