import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isProviderId, type ProviderId } from '../../src/shared/provider-id'
import { readBytes } from './parse-helpers'

export interface FixtureBody {
  /** `shared:anthropic/text-basic.sse` or `own:gemini/…` */
  name: string
  provider: ProviderId
  bytes: Uint8Array
}

export const SHARED_FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures')
export const OWN_FIXTURES = resolve(import.meta.dirname, '../fixtures')

/** Every response body (`.sse`, `.json`) under a provider folder of `root`; none when `root` is absent. */
function bodiesUnder(root: string, label: string): FixtureBody[] {
  if (!existsSync(root)) return []
  const out: FixtureBody[] = []
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory() || !isProviderId(dir.name)) continue
    for (const file of readdirSync(join(root, dir.name)).sort()) {
      if (!/\.(sse|json)$/.test(file) || /\.orig\./.test(file)) continue
      out.push({
        name: `${label}:${dir.name}/${file}`,
        provider: dir.name,
        bytes: readBytes(join(root, dir.name, file)),
      })
    }
  }
  return out
}

/** Shared recordings (when ../shared is beside the clone) and Keel's own fixtures. */
export function allFixtureBodies(): FixtureBody[] {
  return [...bodiesUnder(SHARED_FIXTURES, 'shared'), ...bodiesUnder(OWN_FIXTURES, 'own')]
}
