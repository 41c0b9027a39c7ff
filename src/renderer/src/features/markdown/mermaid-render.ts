// Loaded on demand (see mermaid-diagram.tsx): Mermaid is several megabytes, kept out of the first load.
import mermaid from 'mermaid'

const settings = {
  startOnLoad: false,
  // Strict: labels are text (no HTML, no click handlers, no links followed), Mermaid's own DOMPurify pass.
  securityLevel: 'strict',
  htmlLabels: false,
  // A diagram that does not parse is reported to us, not drawn as Mermaid's error bomb in the page.
  suppressErrorRendering: true,
} as const

/** Mermaid's theme for the window's: its `default` draws dark edges, invisible on the dark background. */
const MERMAID_THEME = { light: 'default', dark: 'dark' } as const

export type MermaidResult =
  | { ok: true; dataUrl: string; width: number | undefined; height: number | undefined }
  | { ok: false; reason: string }

let counter = 0
let queue: Promise<unknown> = Promise.resolve()

/**
 * The SVG as an image: a `data:` URL for an `<img>`, where nothing in it can run or load anything
 * (images never run script nor fetch). Its size comes from the viewBox (Mermaid draws `width="100%"`,
 * which gives an image no size of its own). Script and foreign HTML are dropped all the same.
 */
export function svgToImage(svg: string): { dataUrl: string; width: number | undefined; height: number | undefined } {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const root = doc.documentElement
  for (const node of Array.from(root.querySelectorAll('script, foreignObject'))) node.remove()
  const viewBox = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number)
  const width = viewBox.length === 4 && Number.isFinite(viewBox[2]) ? Math.ceil(viewBox[2]!) : undefined
  const height = viewBox.length === 4 && Number.isFinite(viewBox[3]) ? Math.ceil(viewBox[3]!) : undefined
  if (width !== undefined && height !== undefined) {
    root.setAttribute('width', String(width))
    root.setAttribute('height', String(height))
    root.removeAttribute('style')
  }
  const text = new XMLSerializer().serializeToString(root)
  return { dataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`, width, height }
}

/** Renders one diagram in the window's theme (one at a time: Mermaid's render is not re-entrant). Never throws. */
export function renderMermaid(source: string, theme: 'light' | 'dark' = 'light'): Promise<MermaidResult> {
  const run = queue.then(async (): Promise<MermaidResult> => {
    try {
      // Set for each render (they run one at a time): diagrams of both themes may be asked for.
      mermaid.initialize({ ...settings, theme: MERMAID_THEME[theme] })
      const { svg } = await mermaid.render(`keel-mermaid-${++counter}`, source)
      return { ok: true, ...svgToImage(svg) }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        reason:
          message
            .split('\n')
            .find((line) => line.trim().length > 0)
            ?.trim() ?? 'unknown error',
      }
    } finally {
      // A failed render can leave its scratch element behind.
      document.getElementById(`dkeel-mermaid-${counter}`)?.remove()
      document.getElementById(`keel-mermaid-${counter}`)?.remove()
    }
  })
  queue = run
  return run
}
