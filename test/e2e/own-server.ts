// A browser-mode server of a spec's own (an empty store in a temporary folder), for specs that need
// a first run or an environment the suite's shared server does not have.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startProcess, stop } from './global-setup'

/** No provider key, address or default from anywhere: a first run. */
export const NO_PROVIDER_ENV: NodeJS.ProcessEnv = {
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  GEMINI_API_KEY: '',
  OPENROUTER_API_KEY: '',
  KEEL_DEFAULT_PROVIDER: '',
  KEEL_ANTHROPIC_BASE_URL: '',
}

export interface OwnServer {
  url: string
  /** Its folder (the store is `keel.db` in it). */
  dir: string
  /** Stops the server and removes its folder. */
  close(): Promise<void>
}

/** Starts `start-web` on a new store; `args(dir)` adds arguments (and may write files into `dir` first). */
export async function startOwnBrowserMode(
  label: string,
  env: NodeJS.ProcessEnv,
  args: (dir: string) => string[] = () => [],
): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), `keel-e2e-${label.replace(/\W+/g, '-')}-`))
  const started = await startProcess(
    resolve('node_modules', '.bin', 'tsx'),
    ['src/main/web/start-web.ts', '--port', '0', '--db', join(dir, 'keel.db'), '--no-build', ...args(dir)],
    env,
    /Keel is running at (http:\/\/\S+)/,
    `start-web (${label})`,
  )
  return {
    url: started.match[1]!,
    dir,
    close: async () => {
      await stop(started.child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
