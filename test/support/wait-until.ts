// The one poll helper for tests that wait on another process or a socket (a server starting, a
// sign-in finishing): asks `probe` every 25 ms until it answers something other than `undefined`.

/** Resolves with the first defined answer of `probe`; rejects naming `what` after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
