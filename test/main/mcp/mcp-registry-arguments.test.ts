// A package's arguments as the registry's server.json schema describes them, read from a real
// registry page on loopback (test/fixtures/mcp-registry/arguments.json) and filled as "Add…" fills
// them: a named argument is one piece `--flag=value` (the schema's "a command-line `--flag={value}`"),
// a flag without a value is its name alone, defaults are prefilled and may be cleared, `{variables}`
// are asked, and a repeated argument is given once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchMcpRegistry } from '../../../src/main/mcp/mcp-registry-client'
import type { McpRegistryOption } from '../../../src/shared/mcp-registry'
import { fillMcpRegistryDraft } from '../../../src/shared/mcp-registry-fill'
import { startRegistryFixture, type RegistryFixture } from '../../support/mcp/registry-fixture-server'

let registry: RegistryFixture
beforeAll(async () => {
  registry = await startRegistryFixture()
})
afterAll(() => registry.close())

async function options(): Promise<McpRegistryOption[]> {
  const page = await searchMcpRegistry(registry.url, { cursor: 'cursor-arguments' })
  if (page.state !== 'found') throw new Error(JSON.stringify(page))
  const server = page.servers.find((entry) => entry.name === 'io.github.keel-tests/database-manager')
  if (!server) throw new Error('no database-manager entry')
  return server.options
}
const draftOf = (option: McpRegistryOption | undefined) => {
  if (!option?.usable) throw new Error(`not usable: ${JSON.stringify(option)}`)
  return option.draft
}

describe('registry arguments on the command line', () => {
  it('writes each named argument as one --flag=value piece, flags alone, and asks what it must', async () => {
    const draft = draftOf((await options())[0])
    expect(draft.inputs).toEqual([
      { name: '--host', description: 'Database host', default: 'localhost', required: true, where: 'argument' },
      { name: '--schema', description: 'Schema to open', default: 'public', required: false, where: 'argument' },
      { name: 'api_token', description: 'Database token', default: '', required: true, where: 'argument' },
      { name: 'env', description: 'Environment', default: '', required: true, where: 'argument' },
      { name: 'database_name', description: 'Name of the database', default: '', required: true, where: 'argument' },
    ])
    const given = { api_token: 'tok-1', env: 'prod', database_name: 'sales db' }
    expect(fillMcpRegistryDraft(draft, given)).toMatchObject({
      ok: true,
      request: {
        command: 'npx',
        args: [
          '-y',
          '@keel-tests/database-manager@3.1.0',
          '--transport=stdio',
          // One piece: a value starting with a dash is not read as another flag.
          '--offset=-5',
          // A required flag without a value; the optional boolean flag and --port (no value) are left out.
          '--read-only',
          '--host=localhost',
          '--schema=public',
          '--token=tok-1',
          // Repeated: given once, its variable filled.
          '--tag=env=prod',
          // Braces that name no variable stay as they are.
          '--literal={not_a_variable}',
          'sales db',
        ],
      },
    })
    // A default may be changed; an optional one cleared is left out (never `--schema=`).
    const changed = fillMcpRegistryDraft(draft, { ...given, '--host': 'db.internal', '--schema': '' })
    expect(changed.ok && changed.request.args).toEqual(expect.arrayContaining(['--host=db.internal', '--tag=env=prod']))
    expect(changed.ok && changed.request.args?.some((arg) => arg.startsWith('--schema'))).toBe(false)
    // A required one cleared, or not given, is asked for.
    expect(fillMcpRegistryDraft(draft, { ...given, '--host': ' ' })).toEqual({
      ok: false,
      problem: { code: 'input-required', input: '--host' },
    })
    expect(fillMcpRegistryDraft(draft, { database_name: 'x', env: 'dev' })).toEqual({
      ok: false,
      problem: { code: 'input-required', input: 'api_token' },
    })
    // What the user types is written in once, never read again for `{…}`.
    const typed = fillMcpRegistryDraft(draft, { ...given, env: '{api_token}' })
    expect(typed.ok && typed.request.args).toContain('--tag=env={api_token}')
  })

  it('fills a runtime argument’s variables (docker --mount), with their defaults and fixed values', async () => {
    const draft = draftOf((await options())[1])
    expect(draft.inputs).toEqual([
      { name: 'source_path', description: 'Source path on host', default: '', required: true, where: 'argument' },
      {
        name: 'target_path',
        description: 'Path in the container',
        default: '/project',
        required: true,
        where: 'argument',
      },
    ])
    expect(fillMcpRegistryDraft(draft, { source_path: '/home/me/data' })).toMatchObject({
      ok: true,
      request: {
        command: 'docker',
        args: [
          'run',
          '-i',
          '--rm',
          '--mount=type=bind,src=/home/me/data,dst=/project',
          '-e=MODE=fixed',
          'docker.io/keel-tests/filesystem:1.0.2',
          '/project',
        ],
      },
    })
    expect(fillMcpRegistryDraft(draft, {})).toEqual({
      ok: false,
      problem: { code: 'input-required', input: 'source_path' },
    })
  })
})
