import { useEffect, useState } from 'react'
import { MATH_MAX_CHARS } from './render-limits'

type RenderTex = (tex: string, display: boolean) => string

let loaded: RenderTex | undefined
let loading: Promise<RenderTex> | undefined

/** KaTeX, imported the first time a formula is shown (it and its fonts are not in the first load). */
export function loadMath(): Promise<RenderTex> {
  loading ??= import('./katex-render').then((module) => (loaded = module.renderTex))
  return loading
}

/**
 * A formula (`$…$` inline, `$$…$$` display). Until KaTeX has loaded, its source is shown in place.
 * KaTeX's output is markup it built itself from the TeX (escaped, no links, no HTML of the model's).
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const [render, setRender] = useState<RenderTex | undefined>(() => loaded)
  useEffect(() => {
    if (render) return
    let mounted = true
    loadMath().then(
      (ready) => mounted && setRender(() => ready),
      () => {}, // not loadable: the source stays on screen
    )
    return () => {
      mounted = false
    }
  }, [render])
  // A huge formula stays source: KaTeX renders it in one task.
  if (!render || tex.length > MATH_MAX_CHARS)
    return display ? (
      <pre className="math-display math-source">
        <code>{tex}</code>
      </pre>
    ) : (
      <code className="math-source">{tex}</code>
    )
  const html = render(tex, display)
  // KaTeX's own output (trust off, no HTML from the formula): the one place HTML is set directly.
  return display ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's rendered markup, see above.
    <div className="math-display" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's rendered markup, see above.
    <span className="math-inline" dangerouslySetInnerHTML={{ __html: html }} />
  )
}
