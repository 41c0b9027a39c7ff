import { mcpFeatureCommands } from '../mcp-feature-commands'
import type { AppParts, HandlerMap } from './command-handler'
import { mcpRegistrySearch } from '../mcp-registry-command'
import { mcpSubscriptionCommands } from '../mcp-subscription-commands'

/** MCP servers (`mcp-commands.ts`). */
export function mcpHandlers(app: AppParts): HandlerMap<'mcp'> {
  // Made when a command comes (the hub is the app's, read then).
  const features = () => mcpFeatureCommands(app.mcp.hub)
  return {
    'mcp.list': () => app.mcp.list(),
    'mcp.import': (request) => app.mcp.import(request),
    'mcp.save': (request) => app.mcp.save(request),
    'mcp.remove': (request) => app.mcp.remove(request),
    'mcp.consent': (request) => app.mcp.consent(request),
    'mcp.update': (request) => app.mcp.update(request),
    'mcp.restart': (request) => app.mcp.restart(request),
    'mcp.secret': (request) => app.mcp.secret(request),
    'mcp.acceptTools': (request) => app.mcp.acceptTools(request),
    'mcp.stderr': (request) => app.mcp.stderr(request),
    'mcp.pickFolder': () => app.mcp.pickFolder(),
    'mcp.resources': (request) => features().resources(request),
    'mcp.readResource': (request) => features().readResource(request),
    'mcp.prompts': (request) => features().prompts(request),
    'mcp.getPrompt': (request) => features().getPrompt(request),
    'mcp.complete': (request) => features().complete(request),
    'mcp.subscribeResource': (request, { clientId }) =>
      mcpSubscriptionCommands(app.mcp.hub).subscribe(request, clientId),
    'mcp.unsubscribeResource': (request, { clientId }) =>
      mcpSubscriptionCommands(app.mcp.hub).unsubscribe(request, clientId),
    'mcp.signIn': ({ serverId }) => app.mcp.signIn.signIn(serverId),
    'mcp.signOut': ({ serverId }) => app.mcp.signIn.signOut(serverId),
    'mcp.registrySearch': (request) => mcpRegistrySearch(app, request),
  }
}
