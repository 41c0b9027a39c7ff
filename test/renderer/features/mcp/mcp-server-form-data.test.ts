import { describe, expect, it } from 'vitest'
import {
  formOf,
  newRow,
  rowState,
  saveRequestOf,
  type ServerForm,
} from '../../../../src/renderer/src/features/mcp/mcp-server-form-data'
import { server } from '../../mcp-fixtures'

const blank = (patch: Partial<ServerForm>): ServerForm => ({ ...formOf(), ...patch })

describe('formOf', () => {
  it('fills the form from a saved server without any value: only whether each is set', () => {
    const view = server(
      {},
      {
        env: {
          HOME_DIR: { value: 'plain-value-xyz' },
          TOKEN: { secret: true, set: true },
          LOST: { secret: true, set: false },
        },
        timeoutMs: 90_000,
        trustReadOnlyHints: true,
      },
    )
    const form = formOf(view)
    expect(form).toMatchObject({
      serverId: 'files',
      name: 'Files',
      transport: 'stdio',
      command: 'npx',
      args: '-y\n@modelcontextprotocol/server-filesystem\n/home/u/Desktop',
      timeoutSeconds: '90',
      trustReadOnlyHints: true,
    })
    expect(form.env.map((r) => [r.key, r.value, r.stored])).toEqual([
      ['HOME_DIR', '', 'set'],
      ['TOKEN', '', 'set'],
      ['LOST', '', 'missing'],
    ])
    expect(JSON.stringify(form)).not.toContain('plain-value-xyz')
  })
})

describe('saveRequestOf', () => {
  it('makes a stdio request: one argument per line (spaces kept, blank lines dropped), seconds to ms', () => {
    const form = blank({
      name: ' Files ',
      command: ' npx ',
      args: '-y\n\n@scope/pkg\n/path with spaces\r\n',
      cwd: ' /tmp ',
      timeoutSeconds: '120',
    })
    expect(saveRequestOf(form)).toEqual({
      ok: true,
      request: {
        name: 'Files',
        transport: 'stdio',
        trustReadOnlyHints: false,
        command: 'npx',
        args: ['-y', '@scope/pkg', '/path with spaces'],
        cwd: '/tmp',
        env: {},
        timeoutMs: 120_000,
      },
    })
  })

  it('keeps stored values it was not given (null), replaces typed ones, drops removed keys', () => {
    const form = formOf(
      server({}, { env: { KEEP: { secret: true, set: true }, CHANGE: { value: 'old' }, GONE: { value: 'x' } } }),
    )
    form.env = form.env.filter((r) => r.key !== 'GONE').map((r) => (r.key === 'CHANGE' ? { ...r, value: 'new' } : r))
    form.env.push({ ...newRow(), key: 'ADDED', value: 'v' })
    const result = saveRequestOf(form)
    expect(result.ok && result.request.env).toEqual({ KEEP: null, CHANGE: 'new', ADDED: 'v' })
    expect(result.ok && result.request.serverId).toBe('files')
  })

  it('makes an http request with headers and no stdio fields', () => {
    const form = blank({
      name: 'Remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      command: 'ignored',
      headers: [{ ...newRow(), key: 'Authorization', value: 'Bearer x' }],
    })
    expect(saveRequestOf(form)).toEqual({
      ok: true,
      request: {
        name: 'Remote',
        transport: 'http',
        trustReadOnlyHints: false,
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer x' },
      },
    })
  })

  it.each([
    [{ name: '  ' }, { code: 'name-required' }],
    [{ name: 'a', command: '' }, { code: 'command-required' }],
    [{ name: 'a', transport: 'http' as const, url: 'ftp://x' }, { code: 'url-invalid' }],
    [{ name: 'a', transport: 'sse' as const, url: 'not a url' }, { code: 'url-invalid' }],
    [
      { name: 'a', command: 'x', timeoutSeconds: '0' },
      { code: 'timeout-invalid', max: 600 },
    ],
    [
      { name: 'a', command: 'x', timeoutSeconds: '601' },
      { code: 'timeout-invalid', max: 600 },
    ],
    [
      { name: 'a', command: 'x', timeoutSeconds: '1.5' },
      { code: 'timeout-invalid', max: 600 },
    ],
    [
      { name: 'a', command: 'x', env: [{ ...newRow(), key: 'K', value: '' }] },
      { code: 'value-required', where: 'env', key: 'K' },
    ],
    [
      { name: 'a', command: 'x', env: [{ ...newRow(), key: '', value: 'v' }] },
      { code: 'key-empty', where: 'env' },
    ],
    [
      {
        name: 'a',
        command: 'x',
        env: [
          { ...newRow(), key: 'K', value: '1' },
          { ...newRow(), key: ' K ', value: '2' },
        ],
      },
      { code: 'key-repeated', where: 'env', key: 'K' },
    ],
  ])('refuses %j with %j', (patch, problem) => {
    expect(saveRequestOf(blank(patch))).toEqual({ ok: false, problem })
  })

  it('ignores a wholly empty new row, and makes a renamed stored key need its own value', () => {
    expect(saveRequestOf(blank({ name: 'a', command: 'x', env: [newRow()] }))).toMatchObject({
      ok: true,
      request: { env: {} },
    })
    const renamed = { ...newRow('OLD', 'set'), key: 'NEW' }
    expect(rowState(renamed)).toBeUndefined()
    expect(rowState(newRow('OLD', 'missing'))).toBe('missing')
    expect(saveRequestOf(blank({ name: 'a', command: 'x', env: [renamed] }))).toEqual({
      ok: false,
      problem: { code: 'value-required', where: 'env', key: 'NEW' },
    })
  })
})
