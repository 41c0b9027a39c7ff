import type { BrowserModeAccessProblem } from '../api/browser-mode-access'

/**
 * Shown instead of the app when browser mode has no token for this tab or the server refused it
 * (the locale is a stored setting the page cannot read without access, so this is in English).
 */
export function BrowserModeAccessProblemPage({ problem }: { problem: BrowserModeAccessProblem }) {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
      <div role="alert">
        <h1>Keel</h1>
        {problem === 'no-token' ? (
          <p>
            This page needs its access token. Open the full address that <code>npm run start:web</code> printed: it ends
            in <code>#token=…</code>. Each browser tab needs that address once.
          </p>
        ) : (
          <p>
            Keel did not accept this page&apos;s access token, or it is no longer running. Open the address printed by
            the latest <code>npm run start:web</code> (the token changes every time Keel starts).
          </p>
        )}
      </div>
    </main>
  )
}
