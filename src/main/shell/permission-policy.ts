/**
 * Keel asks the OS for nothing: no camera, microphone, notifications, geolocation, clipboard
 * reads, HID/serial/USB devices, screen capture. Electron grants every permission when no handler
 * is set, so each session gets deny-all handlers. One exception: writing text to the clipboard
 * (`clipboard-sanitized-write`, what `navigator.clipboard.writeText` needs), for the window's "Copy"
 * buttons; the page can never read the clipboard. Only structural types here: tests pass fakes.
 */

export interface PermissionSession {
  setPermissionRequestHandler(
    handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null,
  ): void
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string) => boolean) | null): void
  setDevicePermissionHandler(handler: ((details: unknown) => boolean) | null): void
}

/** The permission decision (deny everything but writing text to the clipboard), kept as a function so the table test can call it. */
export function isPermissionAllowed(permission: string): boolean {
  return permission === 'clipboard-sanitized-write'
}

export function applyPermissionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, permission, callback) => callback(isPermissionAllowed(permission)))
  session.setPermissionCheckHandler((_webContents, permission) => isPermissionAllowed(permission))
  session.setDevicePermissionHandler(() => false)
}
