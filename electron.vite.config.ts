import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {}, // package.json "dependencies" stay external (better-sqlite3 is a native addon)
  preload: {
    // Sandboxed preloads must be CommonJS; with "type": "module" this emits out/preload/index.cjs.
    build: { rolldownOptions: { output: { format: 'cjs' } } },
  },
  renderer: {
    resolve: { alias: { '@shared': resolve('src/shared') } },
    plugins: [react()],
    // Fonts (KaTeX's) stay files: a small one inlined as a data: URL would be refused by the
    // Content-Security-Policy (font-src 'self'), which is not widened for it.
    build: {
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
      // electron-vite leaves the renderer unminified by default: 1.9 MB of first-load script, of
      // which minifying alone removes more than half (the window parses it all before it can draw).
      minify: true,
    },
  },
})
