// Which stderr lines explain a server's exit (the failure reason), for the shapes real servers print.
import { describe, expect, it } from 'vitest'
import { explainingLines, MCP_EXPLANATION_MAX_CHARS } from '../../../src/main/mcp/mcp-stderr-ring'

describe('explainingLines', () => {
  it('Python: the exception line, not the frames', () => {
    const tail = [
      'Traceback (most recent call last):',
      '  File "/srv/server.py", line 3, in <module>',
      "    open('/nope')",
      "FileNotFoundError: [Errno 2] No such file or directory: '/nope'",
      '',
    ].join('\n')
    expect(explainingLines(tail)).toBe(
      "Traceback (most recent call last): — FileNotFoundError: [Errno 2] No such file or directory: '/nope'",
    )
  })

  it('npx: npm’s error lines, bounded to the last three', () => {
    const tail = [
      'npm error code E404',
      'npm error 404 Not Found - GET https://registry.npmjs.org/@x%2fnope',
      'npm error 404',
      'npm error A complete log of this run can be found in: /tmp/x.log',
    ].join('\n')
    expect(explainingLines(tail)).toBe(
      'npm error 404 Not Found - GET https://registry.npmjs.org/@x%2fnope — npm error 404 — npm error A complete log of this run can be found in: /tmp/x.log',
    )
  })

  it('no error line: the last line that is not framing; a flood is cut to the bound', () => {
    expect(explainingLines('listening\nbye\n\nNode.js v20.20.2\n')).toBe('bye')
    expect(explainingLines(`Error: ${'x'.repeat(10_000)}\n`)!.length).toBeLessThanOrEqual(MCP_EXPLANATION_MAX_CHARS)
    expect(explainingLines('\n\n')).toBeUndefined()
  })
})
