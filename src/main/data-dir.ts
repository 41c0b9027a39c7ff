import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where Keel keeps its database: the same folder Electron's `app.getPath('userData')` gives an app
 * named "Keel", so the CLI and the desktop app share one store. `KEEL_DB` overrides the file.
 */
export function defaultDatabasePath(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform = process.platform,
): string {
  if (env.KEEL_DB) return env.KEEL_DB
  const home = homedir()
  const base =
    platform === 'darwin'
      ? join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'))
  return join(base, 'Keel', 'keel.db')
}
