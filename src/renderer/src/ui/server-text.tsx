import { invisibleSegments } from '../../../shared/invisible-characters'

/**
 * Text from a server or a model (a tool's title, a description, a status, a result) with every
 * hidden character shown as a marked token ("[U+202E]"): a bidi override can no longer make a name
 * read reversed, nor a zero-width character hide in it (shared/invisible-characters.ts). Isolated
 * (`<bdi>`) so right-to-left text never reorders the sentence around it.
 */
export function ServerText({ text }: { text: string }) {
  const segments = invisibleSegments(text)
  return (
    <bdi className="server-text">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span
            key={index}
            className="invisible-char"
            data-testid="invisible-char"
            title={segment.name ? `${segment.token} ${segment.name}` : segment.token}
          >
            {segment.token}
          </span>
        ),
      )}
    </bdi>
  )
}
