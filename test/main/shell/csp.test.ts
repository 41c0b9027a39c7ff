import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

const html = readFileSync(join(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8')

function csp(): Map<string, string[]> {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)
  expect(match, 'index.html has a CSP meta tag').not.toBeNull()
  return new Map(
    match![1]!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('renderer CSP', () => {
  it('allows only our own scripts: no eval, no inline script, no remote or wildcard sources', () => {
    const policy = csp()
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
    for (const [name, values] of policy) {
      for (const value of values) {
        expect(value, `${name} ${value}`).not.toMatch(
          /unsafe-eval|wasm-unsafe-eval|unsafe-hashes|^\*|^https?:|^wss?:|^blob:|^filesystem:|\*/,
        )
        if (name !== 'style-src') expect(value, `${name} ${value}`).not.toBe("'unsafe-inline'")
      }
    }
    // data: only for images.
    for (const [name, values] of policy) if (name !== 'img-src') expect(values).not.toContain('data:')
  })

  it('loads no remote resources in the markup', () => {
    expect(html).not.toMatch(/(src|href)\s*=\s*["'](https?:)?\/\//i)
  })
})
