import { plainBlockOf, shownPart } from './render-limits'
import { CodeBlock } from './code-block'
import { useReadingTranslate } from './reading-context'

/**
 * A Markdown block too long to parse (render-limits.ts): fenced code as a code block, anything
 * else as text, either way only its start on screen, as plain text, with Copy for all of it.
 */
export function PlainBlockView({ text }: { text: string }) {
  const t = useReadingTranslate()
  const block = plainBlockOf(text)
  const whole = block.kind === 'code' ? block.code : block.text
  const { shown, cut } = shownPart(whole)
  return (
    <CodeBlock
      language={block.kind === 'code' ? block.language : undefined}
      label={block.kind === 'text' ? t('reading.text') : undefined}
      code={whole}
      cut={cut ? { shown: shown.length, total: whole.length } : undefined}
    >
      <code>{shown}</code>
    </CodeBlock>
  )
}
