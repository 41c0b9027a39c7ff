import { useEffect, useState, type ReactNode } from 'react'
import { useReadingTranslate } from './reading-context'

/**
 * Writes text to the clipboard. The async Clipboard API first; where a window refuses it (the
 * desktop app's session denies permission requests), the selection-copy command, which needs only
 * the click the user just made.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}

/** "Copy code", then for a moment whether it worked (announced politely). */
function CopyCodeButton({ text }: { text: string }) {
  const t = useReadingTranslate()
  const [result, setResult] = useState<'copied' | 'failed' | undefined>(undefined)
  useEffect(() => {
    if (!result) return
    const timer = setTimeout(() => setResult(undefined), 2000)
    return () => clearTimeout(timer)
  }, [result])
  return (
    <>
      <span className="code-block-status" role="status">
        {result === 'copied' ? t('reading.copied') : result === 'failed' ? t('reading.copyFailed') : ''}
      </span>
      <button type="button" onClick={() => void copyText(text).then((ok) => setResult(ok ? 'copied' : 'failed'))}>
        {t('reading.copyCode')}
      </button>
    </>
  )
}

/** What of a long block is on screen: `shown` of its `total` characters (see render-limits.ts). */
export interface CutBlock {
  shown: number
  total: number
}

/**
 * A fenced code block: its language (or `label`, else "Code") and a Copy button over the highlighted
 * code. `cut`: only the start is shown, as plain text; the block says so, and Copy still takes all.
 */
export function CodeBlock({
  language,
  label,
  code,
  cut,
  children,
}: {
  language: string | undefined
  label?: string | undefined
  code: string
  cut?: CutBlock | undefined
  children: ReactNode
}) {
  const t = useReadingTranslate()
  const number = (n: number) => new Intl.NumberFormat(t.locale ?? 'en').format(n)
  return (
    <div className="code-block" data-testid="code-block">
      <div className="code-block-header">
        <span className="code-block-language">{language ?? label ?? t('reading.code')}</span>
        <CopyCodeButton text={code} />
      </div>
      {cut && (
        <p className="code-block-plain" data-testid="code-block-plain" role="note">
          {t('reading.cutBlock', { shown: number(cut.shown), total: number(cut.total) })}
        </p>
      )}
      <pre>{children}</pre>
    </div>
  )
}
