import { defineMessages } from '../define-messages'

/**
 * The window's words for answers that outlive a reload (see define-messages.ts). The key follows
 * `reasonKey` (`reason.<InterruptReason>`), as the other interrupt reasons do.
 */
export const reloadMessages = defineMessages(
  {
    'reason.window-closed': 'the window was closed or lost its connection',
  },
  {
    'reason.window-closed': 'a janela foi fechada ou perdeu a conexão',
  },
  {
    'reason.window-closed': 'la ventana se cerró o perdió la conexión',
  },
)
