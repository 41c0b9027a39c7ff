// The desktop's folder picker (Electron's dialog), handed to the core as a plain function so that
// nothing outside ./shell imports `electron`. Used to add a root to an MCP server.
import { dialog, type BrowserWindow } from 'electron'

/** The folder the user chose, or undefined when they cancelled. Modal to `parent` when given. */
export async function pickFolder(parent: BrowserWindow | null): Promise<string | undefined> {
  const options = { properties: ['openDirectory' as const, 'dontAddToRecent' as const] }
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
  return result.canceled ? undefined : result.filePaths[0]
}
