// A prompt's messages (prompts/get) as one message the user sees, can edit and then sends: the
// text blocks in order (an assistant's turn labelled as such: Keel sends one user message), the
// embedded resources and images as attachments within the usual budgets, and a line naming each
// thing that could not be attached. Pure: no I/O.
import type { CheckedAttachment } from '../../shared/attachments'
import type { McpPromptMessage, McpResourceContent } from '../../shared/mcp-server-features'
import {
  omittedResourceLine,
  resourceAttachments,
  type AttachmentBudgetUsed,
  type OmittedResource,
} from './mcp-resource-attachments'

export interface PromptAsMessage {
  /** The text to put in the composer (the user sees and may change it before sending). */
  text: string
  attachments: CheckedAttachment[]
  omitted: OmittedResource[]
}

export function promptAsMessage(
  messages: readonly McpPromptMessage[],
  options: { used?: AttachmentBudgetUsed | undefined } = {},
): PromptAsMessage {
  const blocks: string[] = []
  const contents: McpResourceContent[] = []
  const labelled = messages.some((message) => message.role === 'assistant')
  for (const { role, content } of messages) {
    let block: string | undefined
    switch (content.type) {
      case 'text':
        block = content.text
        break
      case 'resource':
        contents.push(content.resource)
        break
      case 'image':
      case 'audio':
        // As a resource of its own: the same checks (bytes decide) and the same budgets.
        contents.push({
          uri: `prompt-${content.type}-${contents.length + 1}`,
          mimeType: content.mimeType,
          blob: content.data,
        })
        break
      case 'resource_link':
        block = `Resource: ${content.name} <${content.uri}>`
        break
    }
    if (block === undefined || block.trim() === '') continue
    blocks.push(labelled ? `${role === 'assistant' ? 'Assistant' : 'User'}: ${block}` : block)
  }
  const files = resourceAttachments(contents, { used: options.used })
  for (const omitted of files.omitted) blocks.push(omittedResourceLine(omitted))
  return { text: blocks.join('\n\n'), attachments: files.attachments, omitted: files.omitted }
}
