import type Database from 'better-sqlite3'
import type { Clock } from './clock'

/** One accepted MCP tool definition. */
export interface McpPin {
  toolName: string
  definitionHash: string
  definition: Record<string, unknown>
  acceptedAt: number
}

interface PinRow {
  tool_name: string
  definition_hash: string
  definition_json: string
  accepted_at: number
}

/** The accepted definitions of MCP servers' tools (see migration 0090). */
export class McpPinStore {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
    /** The store's write gate (`StoreWriter.whenWritable`). */
    private readonly whenWritable: (write: () => void) => void,
  ) {}

  /** The server's accepted tools by name. A row whose JSON no longer parses reads as no pin (the tool is reviewed again). */
  forServer(serverId: string): Map<string, McpPin> {
    const rows = this.db
      .prepare<[string], PinRow>(
        'SELECT tool_name, definition_hash, definition_json, accepted_at FROM mcp_tool_pins WHERE server_id = ?',
      )
      .all(serverId)
    const pins = new Map<string, McpPin>()
    for (const row of rows) {
      let definition: unknown
      try {
        definition = JSON.parse(row.definition_json)
      } catch {
        continue
      }
      if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) continue
      pins.set(row.tool_name, {
        toolName: row.tool_name,
        definitionHash: row.definition_hash,
        definition: definition as Record<string, unknown>,
        acceptedAt: row.accepted_at,
      })
    }
    return pins
  }

  /** Accepts these definitions (replacing earlier ones of the same tools), in one transaction. */
  accept(
    serverId: string,
    tools: ReadonlyArray<{ toolName: string; definitionHash: string; definition: Record<string, unknown> }>,
  ): void {
    // A server's first listing can arrive while an import holds the writer: written once it has
    // ended, not undone with it (a full disk then: not pinned, the tools are reviewed again).
    this.whenWritable(() => this.write(serverId, tools))
  }

  private write(
    serverId: string,
    tools: ReadonlyArray<{ toolName: string; definitionHash: string; definition: Record<string, unknown> }>,
  ): void {
    const now = this.clock()
    const upsert = this.db.prepare(
      `INSERT INTO mcp_tool_pins (server_id, tool_name, definition_hash, definition_json, accepted_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (server_id, tool_name) DO UPDATE SET definition_hash = excluded.definition_hash, definition_json = excluded.definition_json, accepted_at = excluded.accepted_at`,
    )
    this.db.transaction(() => {
      for (const tool of tools)
        upsert.run(serverId, tool.toolName, tool.definitionHash, JSON.stringify(tool.definition), now)
    })()
  }

  /** Whether the user ever accepted a tool list of this server (its first listing is accepted with consent). */
  hasAny(serverId: string): boolean {
    return this.db.prepare('SELECT 1 FROM mcp_tool_pins WHERE server_id = ? LIMIT 1').get(serverId) !== undefined
  }

  /** Forgets a removed server's pins. */
  removeServer(serverId: string): void {
    this.db.prepare('DELETE FROM mcp_tool_pins WHERE server_id = ?').run(serverId)
  }
}
