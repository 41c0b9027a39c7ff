// An MCP registry's server list as Keel shows it (`mcp.registrySearch`). Everything here came from a
// registry: untrusted text, shown as text; URLs are plain http(s) or absent.

/** The official registry, unless a setting or `KEEL_MCP_REGISTRY_URL` names another (an enterprise's own). */
export const MCP_REGISTRY_DEFAULT_URL = 'https://registry.modelcontextprotocol.io'

/** Longest description kept from an entry (a registry may send any length). */
export const MCP_REGISTRY_DESCRIPTION_MAX = 2000

/** The URL when it is plain http(s); anything else (`javascript:`, `file:`, …) is dropped. */
export function httpUrl(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined
  const parsed = new URL(url)
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined
}

/** Why a page could not be read: each worded by the window in the user's language. */
export type McpRegistryProblem =
  | { code: 'unreachable' }
  | { code: 'timeout'; seconds: number }
  | { code: 'http-status'; status: number }
  | { code: 'not-json' }
  | { code: 'too-large'; maxBytes: number }
  /** JSON, but not a registry's page (no `servers` list). */
  | { code: 'not-registry' }

/** A value the user gives before the server is added (a URL variable, an argument without a value). */
export interface McpRegistryInput {
  name: string
  description: string
  /** Prefilled in the field. */
  default: string
  required: boolean
  /** Where it goes: `{name}` in the URL, or one argument. */
  where: 'url' | 'argument'
}

/**
 * A piece of a stdio command line: fixed text; what the user typed for an input (left out when
 * optional and left empty); or text whose `{input}`s (those listed) are replaced by what the user
 * typed (`--port={port}`, `type=bind,src={source_path}`; left out when every one is optional and empty).
 */
export type McpRegistryArg =
  | { kind: 'text'; text: string }
  | { kind: 'input'; input: string }
  | { kind: 'template'; text: string; inputs: string[] }

/** An env value or header the server needs: the user types it on the consent screen (kept in the key vault). */
export interface McpRegistryValue {
  key: string
  description: string
  secret: boolean
  /** The registry's default, for values that are not secret (prefilled: it goes to the vault like any value). */
  default?: string
}

/** What "Add…" saves, once the inputs are filled: a Keel server like one typed in the Add server form. */
export interface McpRegistryDraft {
  /** The registry name (reverse-DNS: its namespace is verified by the registry, a title is not). */
  name: string
  transport: 'stdio' | 'http' | 'sse'
  command?: string
  args?: McpRegistryArg[]
  /** May hold `{variable}`s named in `inputs`. */
  url?: string
  inputs: McpRegistryInput[]
  /** `env` for stdio, `headers` for remote servers. */
  values: McpRegistryValue[]
}

/** Why a package or remote cannot be added by Keel (the entry is still shown). */
export type McpRegistryUnusableReason =
  | { code: 'registry-type'; registryType: string }
  /** A package that serves HTTP itself: Keel would have to run it and then connect to it. */
  | { code: 'package-transport'; transport: string }
  | { code: 'url-not-http' }
  | { code: 'no-way' }

/** One way to use a server: a package Keel runs, or a remote Keel connects to. */
export type McpRegistryOption =
  | { usable: true; label: string; transport: 'stdio' | 'http' | 'sse'; draft: McpRegistryDraft }
  | { usable: false; label: string; transport: string; reason: McpRegistryUnusableReason }

export interface McpRegistryServerView {
  /** Reverse-DNS, e.g. `io.github.user/weather`. */
  name: string
  title?: string
  description: string
  version: string
  websiteUrl?: string
  repositoryUrl?: string
  /** The registry's own status (`active`, `deprecated`, …) when it said. */
  status?: string
  publishedAt?: string
  options: McpRegistryOption[]
}

export type McpRegistrySearchResponse =
  | {
      state: 'found'
      registryUrl: string
      servers: McpRegistryServerView[]
      /** Entries on the page that were not servers Keel could read (left out). */
      skipped: number
      nextCursor?: string
    }
  | { state: 'failed'; registryUrl: string; problem: McpRegistryProblem }
