import type { Migration } from './migration'

/**
 * `mcp_tool_pins`: the definition of each MCP server tool the user accepted (when the server was
 * added, or a change was reviewed), as the SHA-256 of its whole canonical definition and the
 * definition itself (for the review diff). A tool whose listed definition hashes differently, or
 * that has no row, is withheld from the model until the user accepts it. No secrets: definitions
 * are what a server lists publicly to any client.
 */
export const migration0090: Migration = {
  version: 90,
  name: 'mcp-tool-pins',
  up(db) {
    db.exec(`
      CREATE TABLE mcp_tool_pins (
        server_id TEXT NOT NULL CHECK (length(server_id) BETWEEN 1 AND 200),
        tool_name TEXT NOT NULL CHECK (length(tool_name) BETWEEN 1 AND 256),
        definition_hash TEXT NOT NULL CHECK (length(definition_hash) = 64),
        definition_json TEXT NOT NULL CHECK (json_valid(definition_json)),
        accepted_at INTEGER NOT NULL,
        PRIMARY KEY (server_id, tool_name)
      ) STRICT, WITHOUT ROWID;
    `)
  },
}
