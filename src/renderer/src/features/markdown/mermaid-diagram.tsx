import { useEffect, useState } from 'react'
import { MERMAID_MAX_CHARS } from './render-limits'
import { useDocumentTheme, type DocumentTheme } from './use-document-theme'
import type { MermaidResult } from './mermaid-render'
import { useReadingTranslate } from './reading-context'

type RenderMermaid = (source: string, theme: DocumentTheme) => Promise<MermaidResult>

let loading: Promise<RenderMermaid> | undefined

/** Mermaid, imported the first time a diagram is shown. */
function loadMermaid(): Promise<RenderMermaid> {
  loading ??= import('./mermaid-render').then((module) => module.renderMermaid)
  return loading
}

/** What a diagram shows: while it draws, once drawn, or why it could not be drawn. */
export type DiagramState =
  | { status: 'drawing' }
  | Extract<MermaidResult, { ok: true }>
  | { status: 'failed'; reason: string }

/**
 * A diagram as its image, with its source behind a "Diagram source" disclosure (open when it could
 * not be drawn: the source is then all there is to read).
 */
export function DiagramView({ source, state }: { source: string; state: DiagramState }) {
  const t = useReadingTranslate()
  const failed = 'status' in state && state.status === 'failed'
  return (
    <figure className="diagram" data-testid="diagram">
      {'ok' in state ? (
        <img src={state.dataUrl} width={state.width} height={state.height} alt={t('reading.diagram')} />
      ) : failed ? (
        <p className="diagram-failed" role="note">
          {t('reading.diagramFailed', { reason: state.reason })}
        </p>
      ) : (
        <p className="muted">{t('reading.drawingDiagram')}</p>
      )}
      <details className="diagram-source" open={failed}>
        <summary>{t('reading.diagramSource')}</summary>
        <pre>
          <code>{source}</code>
        </pre>
      </details>
    </figure>
  )
}

/** A ```mermaid block, drawn by Mermaid (loaded on demand) into a sandboxed image, in the window's theme (drawn again when it changes). */
export function MermaidDiagram({ source }: { source: string }) {
  const t = useReadingTranslate()
  const tooLarge = source.length > MERMAID_MAX_CHARS
  const theme = useDocumentTheme()
  const [state, setState] = useState<DiagramState>({ status: 'drawing' })
  useEffect(() => {
    // Laying out a huge diagram blocks the window for as long as it takes: not drawn (its source is shown).
    if (tooLarge) return
    let mounted = true
    // A theme switch keeps the diagram on screen until it is drawn again.
    loadMermaid()
      .then((render) => render(source, theme))
      .then(
        (result) => mounted && setState(result.ok ? result : { status: 'failed', reason: result.reason }),
        (error: unknown) =>
          mounted && setState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      mounted = false
    }
  }, [source, tooLarge, theme])
  const number = (n: number) => new Intl.NumberFormat(t.locale ?? 'en').format(n)
  const shown: DiagramState = tooLarge
    ? {
        status: 'failed',
        reason: t('reading.diagramTooLarge', { count: number(source.length), max: number(MERMAID_MAX_CHARS) }),
      }
    : state
  return <DiagramView source={source} state={shown} />
}
