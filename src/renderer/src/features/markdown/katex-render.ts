// Loaded on demand (see math-formula.tsx): KaTeX and its stylesheet stay out of the first load.
import katex from 'katex'
import 'katex/dist/katex.min.css'

/**
 * TeX → KaTeX's HTML (and MathML for screen readers). Never throws: a formula KaTeX cannot read is
 * shown as its source in the error colour. No `\href`/`\url`/`\htmlClass` (trust off); macro
 * expansion is bounded so a hostile formula cannot hang the window.
 */
export function renderTex(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
    maxExpand: 1000,
    maxSize: 50,
  })
}
