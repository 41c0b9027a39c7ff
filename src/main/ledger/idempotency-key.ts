import { createHash } from 'node:crypto'
import { canonicalJson } from './canonical-json'

/**
 * Bumped whenever what goes into a key changes, so old and new keys can never collide by accident.
 * Keys are only ever compared with keys made by the same build for the same turn, so a bump does
 * not re-run old actions: an old turn is never resumed with new arguments.
 */
const KEY_FORMAT_VERSION = 1

export interface IdempotencyKeyInput {
  conversationId: string
  turnId: string
  toolName: string
  /**
   * The arguments *after* parsing and schema validation (units normalized, dates normalized),
   * and *before* any default that depends on the moment of execution is applied.
   *
   * Why defaults are not part of the key: `record_measurement` without a date means "now". If "now"
   * were resolved into the key, the same call retried a second later (after a crash, a restart, a
   * regeneration of the answer) would get a different key and record the measurement twice. So
   * the key says "no date given" and the handler resolves the date once, at first execution; the
   * stored result (with that date) is what every repeat returns.
   */
  canonicalArguments: unknown
  /**
   * The tool's source, for every source but Keel's built-ins (two servers may offer a tool of the
   * same name). Left out for the built-ins, so their keys stay byte-identical to earlier versions'
   * and existing ledgers keep working.
   */
  source?: string | undefined
}

/**
 * The key of one logical write action: same conversation turn + same tool + same canonical
 * arguments = same action. Hex SHA-256 of canonical JSON, so it is stable across processes,
 * restarts and key order or number spelling in the provider's JSON.
 */
export function computeIdempotencyKey(input: IdempotencyKeyInput): string {
  const material = canonicalJson({
    v: KEY_FORMAT_VERSION,
    conversationId: input.conversationId,
    turnId: input.turnId,
    tool: input.toolName,
    arguments: input.canonicalArguments,
    ...(input.source !== undefined ? { source: input.source } : {}),
  })
  return createHash('sha256').update(material, 'utf8').digest('hex')
}
