// `mcp.registrySearch`: one page of the registry the user chose (or the official one). Reads only:
// the answer is shown, and adding a server from it is an ordinary `mcp.save`.
import type { CommandRequest } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { McpRegistrySearchResponse } from '../../shared/mcp-registry'
import { mcpRegistryUrl, searchMcpRegistry } from '../mcp/mcp-registry-client'
import { readSettings } from '../settings/read-settings'
import { ok } from './app-result'
import type { AppParts } from './commands/command-handler'

export async function mcpRegistrySearch(
  app: Pick<AppParts, 'env' | 'reads'>,
  request: CommandRequest<'mcp.registrySearch'>,
): Promise<AppResult<McpRegistrySearchResponse>> {
  const registryUrl = mcpRegistryUrl(app.env, readSettings(app.reads.store).values.mcpRegistryUrl)
  return ok(await searchMcpRegistry(registryUrl, request))
}
