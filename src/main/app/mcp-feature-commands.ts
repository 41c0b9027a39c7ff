// `mcp.resources`, `mcp.readResource`, `mcp.prompts`, `mcp.getPrompt`, `mcp.complete`: a running server's
// resources and prompts, read for the composer. They only read (from the server; nothing is
// stored): what they return becomes part of a message only when the user sends it with
// `turns.start`, which checks the files again. The server's own secrets are scrubbed from all of it.
import type { CommandRequest, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import { encodeBase64, type AttachmentInput, type CheckedAttachment } from '../../shared/attachments'
import type { McpFeatureResult } from '../../shared/mcp-server-features'
import { completeArgument } from '../mcp/mcp-completions'
import type { McpHub } from '../mcp/mcp-hub'
import { promptAsMessage } from '../mcp/mcp-prompt-message'
import { resourceAttachments } from '../mcp/mcp-resource-attachments'
import {
  expandTemplate,
  getPrompt,
  listPrompts,
  readResource,
  resourcesView,
  type McpRequester,
} from '../mcp/mcp-server-features'
import { notFound, ok } from './app-result'
import { mcpFeatureFailure } from './mcp-feature-failure'

type Response<C extends keyof CommandResponses> = Promise<AppResult<CommandResponses[C]>>

/** A feature failure as the app's error (mcp-feature-failure.ts owns what each one means). */
export const featureFailure = mcpFeatureFailure

/** Runs `ask` on the server's requester; its answer (values and errors) scrubbed of the server's secrets. */
async function withServer<T, R>(
  hub: McpHub,
  serverId: string,
  ask: (requester: McpRequester) => Promise<McpFeatureResult<T>>,
  shape: (value: T) => R,
): Promise<AppResult<R>> {
  const features = hub.features(serverId)
  if (!features) return notFound('mcp-server')
  if ('notReady' in features) return featureFailure({ code: 'mcp-not-ready', message: features.notReady })
  const result = features.scrub(await ask(features.requester))
  return result.ok ? ok(shape(result.value)) : featureFailure(result.error)
}

function asInputs(files: readonly CheckedAttachment[]): AttachmentInput[] {
  return files.map((file) => ({ name: file.name, mimeType: file.mimeType, dataBase64: encodeBase64(file.bytes) }))
}

export function mcpFeatureCommands(hub: McpHub) {
  return {
    async resources({ serverId }: CommandRequest<'mcp.resources'>): Response<'mcp.resources'> {
      return withServer(
        hub,
        serverId,
        (requester) => resourcesView(requester, serverId),
        (value) => value,
      )
    },

    async readResource(request: CommandRequest<'mcp.readResource'>): Response<'mcp.readResource'> {
      let uri = request.uri
      if (uri === undefined) {
        const expanded = expandTemplate(request.uriTemplate ?? '', request.arguments ?? {})
        if (!expanded.ok) return featureFailure(expanded.error)
        uri = expanded.value
      }
      const target = uri
      return withServer(
        hub,
        request.serverId,
        (requester) => readResource(requester, target),
        (contents) => {
          const names = request.name ? new Map([[target, request.name]]) : undefined
          const files = resourceAttachments(contents.items, { names, used: request.used })
          return {
            uri: target,
            attachments: asInputs(files.attachments),
            omitted: files.omitted,
            dropped: contents.dropped,
          }
        },
      )
    },

    async prompts({ serverId }: CommandRequest<'mcp.prompts'>): Response<'mcp.prompts'> {
      return withServer(hub, serverId, listPrompts, (prompts) => ({ serverId, prompts }))
    },

    async getPrompt(request: CommandRequest<'mcp.getPrompt'>): Response<'mcp.getPrompt'> {
      return withServer(
        hub,
        request.serverId,
        (requester) => getPrompt(requester, request.name, request.arguments ?? {}),
        (prompt) => {
          const message = promptAsMessage(prompt.messages.items, { used: request.used })
          return {
            name: prompt.name,
            ...(prompt.description !== undefined ? { description: prompt.description } : {}),
            text: message.text,
            attachments: asInputs(message.attachments),
            omitted: message.omitted,
            dropped: prompt.messages.dropped,
          }
        },
      )
    },

    async complete(request: CommandRequest<'mcp.complete'>): Response<'mcp.complete'> {
      return withServer(
        hub,
        request.serverId,
        (requester) => completeArgument(requester, request.ref, request.argument, request.context ?? {}),
        (value) => value,
      )
    },
  }
}
