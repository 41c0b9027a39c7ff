import { canonicalTimeZone } from '../../shared/time-zone'
import type { Env } from '../../shared/env'

/** The zone of this process: the OS's, or `TZ` when set (undefined when the runtime cannot tell). */
export function processTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The user's time zone, an IANA name Intl knows: `KEEL_TIME_ZONE` when it names a real zone, else
 * the process's (which follows the OS and `TZ`), else UTC. An unknown name is ignored, never fatal:
 * dates would only be read in another zone, which the preamble states to the model anyway.
 */
export function resolveUserTimeZone(env: Env, systemZone: string | undefined = processTimeZone()): string {
  const configured = env.KEEL_TIME_ZONE
  return (
    (configured !== undefined ? canonicalTimeZone(configured) : undefined) ??
    (systemZone !== undefined ? canonicalTimeZone(systemZone) : undefined) ??
    'UTC'
  )
}
