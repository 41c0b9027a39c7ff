/** A mistake in how the CLI was called: printed on stderr, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError'
}
