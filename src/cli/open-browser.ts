// Opens a URL in the user's browser from the CLI: the platform's own opener, run without a shell
// (the URL is one argument, never parsed by a shell), detached so `keel` does not wait for it.
import { spawn } from 'node:child_process'

export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]]
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true })
    child.once('error', reject)
    child.once('spawn', () => {
      child.unref()
      resolve()
    })
  })
}
