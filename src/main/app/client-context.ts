/** Who sent a command: one Electron window or one browser-mode socket. */
export interface ClientContext {
  clientId: string
}
