/**
 * Why the provider ended its turn, unified across providers.
 * - `stop`: a normal end with an answer.
 * - `tool-calls`: the turn ended so that the client runs tool calls (the only executable finish).
 * - `length`: cut by an output-token limit (always truncated).
 * - `content-filter`: refused or blocked by a safety system.
 * - `error`: the provider reported a failure.
 * - `paused`: the provider paused a long turn of its own tools (Anthropic `pause_turn`): not an
 *   end, not a tool-call finish; the client sends the paused content back to let it continue.
 * - `other`: a finish the provider gave that fits none of the above.
 * `null` (in a {@link RoundResult}) means the provider never said: the turn did not verifiably end.
 */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'paused' | 'other'
