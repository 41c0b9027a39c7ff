// What a stdio MCP server's process gets as its environment, and where its command lives. Only the
// SDK's minimal set of the parent's variables, the server's configured env, and (macOS/Linux) the
// login shell's PATH — never the rest of Keel's environment (provider keys, tokens).
import { spawn } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { isAbsolute, join, resolve as resolvePath } from 'node:path'
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio'

/** The parent's variables a server inherits (the SDK's list: HOME, LOGNAME, PATH, SHELL, TERM, USER; Windows its own). */
export const MCP_INHERITED_ENV_KEYS: readonly string[] = DEFAULT_INHERITED_ENV_VARS

export interface ChildEnvironmentInput {
  /** The server's configured env (values resolved). */
  configured?: Readonly<Record<string, string>> | undefined
  /** The login shell's PATH (macOS/Linux); replaces the inherited PATH unless `configured` sets one. */
  loginPath?: string | undefined
  /** Defaults to `process.env`. */
  parentEnv?: NodeJS.ProcessEnv | undefined
}

/** The environment a stdio server is started with. */
export function childEnvironment(input: ChildEnvironmentInput): Record<string, string> {
  const parent = input.parentEnv ?? process.env
  const env: Record<string, string> = {}
  for (const key of MCP_INHERITED_ENV_KEYS) {
    const value = parent[key]
    // The SDK skips values that look like exported shell functions (`() { …`): a security hazard.
    if (value === undefined || value.startsWith('()')) continue
    env[key] = value
  }
  if (input.loginPath) env.PATH = input.loginPath
  return { ...env, ...input.configured }
}

const START = '__KEEL_PATH_START__'
const END = '__KEEL_PATH_END__'

export interface LoginShellPathOptions {
  shell?: string | undefined
  timeoutMs?: number | undefined
  platform?: NodeJS.Platform | undefined
}

/**
 * The PATH an interactive login shell sets up (nvm, mise, homebrew…): a GUI app started from the
 * dock gets a bare PATH, and "npx not found" is the most common MCP complaint. `undefined` on
 * Windows, without a shell, or when the shell fails or takes too long (rc files can hang).
 */
export function readLoginShellPath(options: LoginShellPathOptions = {}): Promise<string | undefined> {
  const platform = options.platform ?? process.platform
  const shell = options.shell ?? process.env.SHELL
  if (platform === 'win32' || !shell) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let out = ''
    let settled = false
    const finish = (value: string | undefined) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(value)
    }
    let child: ReturnType<typeof spawn>
    try {
      // Markers: rc files may print banners around it.
      child = spawn(shell, ['-ilc', `printf '%s%s%s' '${START}' "$PATH" '${END}'`], {
        stdio: ['ignore', 'pipe', 'ignore'],
        detached: true,
      })
    } catch {
      resolve(undefined)
      return
    }
    const timer = setTimeout(() => {
      killGroup(child.pid)
      finish(undefined)
    }, options.timeoutMs ?? 5_000)
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => {
      out += chunk
      if (out.length > 1_000_000) out = out.slice(-100_000)
    })
    child.on('error', () => finish(undefined))
    child.on('close', () => {
      const start = out.lastIndexOf(START)
      const end = out.lastIndexOf(END)
      const path = start >= 0 && end > start ? out.slice(start + START.length, end) : ''
      finish(path.trim() === '' ? undefined : path)
    })
  })
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

let cachedLoginPath: Promise<string | undefined> | undefined

/** The login shell's PATH, resolved once per process (falls back to undefined: the inherited PATH is used). */
export function loginShellPath(): Promise<string | undefined> {
  cachedLoginPath ??= readLoginShellPath()
  return cachedLoginPath
}

export interface ResolveCommandOptions {
  platform?: NodeJS.Platform | undefined
  /** Windows: the executable extensions to try (PATHEXT). */
  pathExt?: string | undefined
  /** Where a relative path with a slash is resolved from (the server's cwd). */
  cwd?: string | undefined
}

/**
 * The absolute path of what `command` runs (shown before the user consents): a path is resolved
 * as is; a plain name is looked up on `path` like the OS would. `undefined`: not found.
 */
export function resolveCommand(
  command: string,
  path: string | undefined,
  options: ResolveCommandOptions = {},
): string | undefined {
  const platform = options.platform ?? process.platform
  const windows = platform === 'win32'
  const extensions = windows
    ? ['', ...(options.pathExt ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)]
    : ['']
  const hasSlash = command.includes('/') || (windows && command.includes('\\'))
  if (command === '') return undefined
  if (isAbsolute(command) || hasSlash) {
    const base = resolvePath(options.cwd ?? process.cwd(), command)
    return extensions.map((ext) => base + ext).find((candidate) => isExecutable(candidate, windows))
  }
  const delimiter = windows ? ';' : ':'
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue
    for (const ext of extensions) {
      const candidate = join(folder, command + ext)
      if (isExecutable(candidate, windows)) return candidate
    }
  }
  return undefined
}

function isExecutable(file: string, windows: boolean): boolean {
  try {
    if (!statSync(file).isFile()) return false
    if (!windows) accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}
