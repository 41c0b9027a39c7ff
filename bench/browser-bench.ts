// What every Chromium benchmark does the same way: build its pages with vite (production, like the
// packaged app), serve them on 127.0.0.1 and launch Debian's Chromium; plus the statistics they
// report (medians, and ratios of paired runs).
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * The median of `a[i] / b[i]`: runs paired in time, so a load that moves both cancels out.
 * `minDivisor` keeps a floor that can measure 0 from making the ratio infinite.
 */
export function pairedRatio(a: readonly number[], b: readonly number[], minDivisor = 0): number {
  return median(a.map((x, i) => x / Math.max(b[i]!, minDivisor)))
}

/** Builds `<root>/<page>.html` for each page into `outDir` (production mode, relative base). */
export async function buildPages(
  root: string,
  outDir: string,
  pages: readonly string[],
  options: { minify?: boolean } = {},
): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    base: './',
    mode: 'production',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      ...(options.minify === undefined ? {} : { minify: options.minify }),
      rollupOptions: { input: Object.fromEntries(pages.map((page) => [page, join(root, `${page}.html`)])) },
    },
  })
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
}

/** Serves the files under `dir` (nothing outside it; `/` is `index`) on 127.0.0.1, on a free port. */
export async function serveDirectory(dir: string, index = 'index.html'): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    const file = join(dir, path === '/' ? index : path)
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return { server, port: typeof address === 'object' && address ? address.port : 0 }
}

/** Debian's Chromium, headless, quiet (no background network, sync or updates); `gc` exposes `gc()` to pages. */
export function launchChromium(options: { gc?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(options.gc ? ['--js-flags=--expose-gc'] : []),
    ],
  })
}

/** A benchmark's pages built into a temporary folder, served, and a Chromium open; `close` undoes all three. */
export interface PageBench {
  port: number
  browser: Browser
  close(): Promise<void>
}

/** Builds `pages` of `root` (see {@link buildPages}), serves them and launches Chromium. */
export async function openPageBench(
  root: string,
  tempPrefix: string,
  pages: readonly string[],
  options: { minify?: boolean; gc?: boolean } = {},
): Promise<PageBench> {
  const outDir = mkdtempSync(join(tmpdir(), tempPrefix))
  let server: Server | undefined
  let browser: Browser | undefined
  const close = async (): Promise<void> => {
    await browser?.close()
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()))
    rmSync(outDir, { recursive: true, force: true })
  }
  try {
    await buildPages(root, outDir, pages, options.minify === undefined ? {} : { minify: options.minify })
    const served = await serveDirectory(outDir)
    server = served.server
    browser = await launchChromium(options.gc ? { gc: true } : {})
    return { port: served.port, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}
