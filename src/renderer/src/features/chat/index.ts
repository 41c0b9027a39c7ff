// The chat feature's public surface: the message list, the composer and what the layout wires to them.
export { Composer } from './composer'
export { COMPOSER_MCP_COMMANDS, type ComposerMcpClient } from './composer-mcp-client'
export { formatUsage } from './format-usage'
export { MessageActionsScope } from './message-actions'
export { MessageList, type MessageListHandle } from './message-list'
export type { ApprovalDecision } from './tool-card'
export { UnknownActions } from './unknown-actions'
