/** Environment variables as Keel reads them: `process.env`, or the one a test or embedder passes. */
export type Env = Readonly<Record<string, string | undefined>>
