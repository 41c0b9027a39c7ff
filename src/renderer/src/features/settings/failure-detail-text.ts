// Text from outside Keel (a server's error sentence, an OS error) placed inside one of Keel's own
// sentences: it is data, shown quoted, and its own end punctuation is dropped so the sentence around
// it never ends in "…).)." — and failures Keel can name are said in the window's language, not with
// the main process's English ("Could not reach 127.0.0.1:11434 (ECONNREFUSED).").
import type { ProviderListFailure } from '../../../../shared/ipc/app-contract'
import type { Translate } from '../../i18n/messages'

const MAX_DETAIL_CHARS = 200

/** `text` as a clause: one line, without its closing sentence punctuation. */
export function asClause(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const short = line.length > MAX_DETAIL_CHARS ? `${line.slice(0, MAX_DETAIL_CHARS - 1)}…` : line
  return short.replace(/[\s.!?;:。！？]+$/u, '')
}

/** Someone else's words inside a Keel sentence: quoted, as a clause. */
export function quotedDetail(text: string): string {
  return `“${asClause(text)}”`
}

/** Why the model list did not load, as a clause in the window's language (`host`: where it was asked). */
export function modelsFailureReason(
  t: Translate,
  failure: { kind: ProviderListFailure; message: string },
  host: string,
): string {
  switch (failure.kind) {
    case 'unreachable':
      return t('providers.modelsWhy.unreachable', { host })
    case 'timeout':
      return t('providers.modelsWhy.timeout', { host })
    case 'no-key':
      return t('providers.modelsWhy.no-key')
    case 'no-models-endpoint':
      return t('providers.modelsWhy.no-models-endpoint')
    case 'bad-response':
      return t('providers.modelsWhy.bad-response')
    case 'key-rejected':
      return t('providers.modelsWhy.key-rejected', { detail: quotedDetail(failure.message) })
    case 'server-error':
      return t('providers.modelsWhy.server-error', { detail: quotedDetail(failure.message) })
  }
}
