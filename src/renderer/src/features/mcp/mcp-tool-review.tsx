import { useId, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import { acceptedHashes, toolReviews } from './mcp-servers'

/**
 * Tools withheld from the model until the user accepts them: a new tool, or one whose definition
 * changed since it was accepted, each as a line diff (accepted → now). "Accept changes" accepts
 * exactly the definitions shown (their hashes): one that changed again meanwhile stays withheld.
 */
export function McpToolReview({
  view,
  api,
  t,
  onView,
}: {
  view: McpServerView
  api: McpClient
  t: Translate
  onView: (view: McpServerView) => void
}) {
  const [status, setStatus] = useState('')
  const id = useId()
  const reviews = toolReviews(view)
  if (reviews.length === 0) return null
  return (
    <section className="mcp-review" data-testid="mcp-review" role="group" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`}>{t('mcpReviewTitle', { count: reviews.length })}</h5>
      <p className="muted">{t('mcpReviewHelp')}</p>
      {reviews.map((review) => (
        <div key={review.name} className="mcp-review-tool" data-testid="mcp-review-tool">
          <h6>
            <ServerText text={review.title} />{' '}
            <code>
              <ServerText text={review.name} />
            </code>{' '}
            — {t(review.pin === 'new' ? 'mcpPinNew' : 'mcpPinChanged')}
          </h6>
          <pre className="diff" aria-label={t('mcpDiffOf', { tool: revealInvisible(review.title) })} role="figure">
            {review.diff.map((line, index) =>
              line.kind === 'added' ? (
                <ins key={index}>{`+ ${revealInvisible(line.text)}\n`}</ins>
              ) : line.kind === 'removed' ? (
                <del key={index}>{`- ${revealInvisible(line.text)}\n`}</del>
              ) : (
                <span key={index}>{`  ${revealInvisible(line.text)}\n`}</span>
              ),
            )}
          </pre>
        </div>
      ))}
      <button
        type="button"
        className="primary"
        onClick={async () => {
          const result = await api['mcp.acceptTools']({ serverId: view.config.id, tools: acceptedHashes(reviews) })
          if (!result.ok) return setStatus(appErrorText(t, result.error))
          setStatus('')
          onView(result.value)
        }}
      >
        {t('mcpAcceptChanges')}
      </button>
      {status && <p role="alert">{status}</p>}
    </section>
  )
}
