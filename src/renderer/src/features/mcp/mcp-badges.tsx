import type { Translate } from '../../i18n/messages'
import { hintKeys } from './mcp-servers'

/** A tool's hints as worded badges (what its server says about it: never colour alone, never trusted by itself). */
export function HintBadges({
  hints,
  t,
}: {
  hints:
    | { destructive?: boolean | undefined; openWorld?: boolean | undefined; readOnly?: boolean | undefined }
    | undefined
  t: Translate
}) {
  const keys = hintKeys(hints ?? {})
  if (keys.length === 0) return null
  return (
    <ul className="badges" aria-label={t('mcpHints')}>
      {keys.map((key) => (
        <li key={key} className={`badge ${key}`}>
          {t(key)}
        </li>
      ))}
    </ul>
  )
}
