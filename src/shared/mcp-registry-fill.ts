// A registry draft with the user's inputs filled in: the `mcp.save` request "Add…" sends. Values
// (env, headers) are not asked here: a secret is typed on the consent screen, into the key vault.
import type { CommandRequest } from './ipc/app-contract'
import type { McpRegistryDraft } from './mcp-registry'

export type McpRegistryFill =
  | { ok: true; request: CommandRequest<'mcp.save'> }
  | { ok: false; problem: { code: 'input-required'; input: string } | { code: 'url-invalid' } }

export function fillMcpRegistryDraft(
  draft: McpRegistryDraft,
  given: Readonly<Record<string, string>>,
): McpRegistryFill {
  const filled: Record<string, string> = {}
  for (const input of draft.inputs) {
    const value = (Object.hasOwn(given, input.name) ? given[input.name] : undefined)?.trim() ?? input.default
    if (value === '' && input.required) return { ok: false, problem: { code: 'input-required', input: input.name } }
    filled[input.name] = value
  }
  // A value from the registry that is not a secret starts as its default; secrets wait for the consent screen.
  const values = Object.fromEntries(draft.values.map((value) => [value.key, value.default ?? null]))
  const name = draft.name.slice(0, 100)
  if (draft.transport === 'stdio') {
    const required = new Set(draft.inputs.filter((input) => input.required).map((input) => input.name))
    // An optional argument the user left empty is left out, not written as `--flag=`.
    const empty = (inputs: readonly string[]) =>
      inputs.every((input) => !required.has(input) && (filled[input] ?? '') === '')
    const args = (draft.args ?? []).flatMap((arg): string[] => {
      if (arg.kind === 'text') return [arg.text]
      if (arg.kind === 'input') return empty([arg.input]) ? [] : [filled[arg.input] ?? '']
      if (empty(arg.inputs)) return []
      const asked = new Set(arg.inputs)
      // One pass: what the user typed is never read again for `{…}`.
      return [
        arg.text.replace(/\{([^{}]+)\}/g, (whole, name: string) => (asked.has(name) ? (filled[name] ?? '') : whole)),
      ]
    })
    return {
      ok: true,
      request: { name, transport: 'stdio', command: draft.command ?? '', args, env: values },
    }
  }
  // Each `{variable}` replaced (URL-encoded: a value cannot change the URL's shape).
  const url = (draft.url ?? '').replace(/\{([^{}]+)\}/g, (whole, variable: string) =>
    Object.hasOwn(filled, variable) ? encodeURIComponent(filled[variable] ?? '') : whole,
  )
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol) || /[{}]/.test(url))
    return { ok: false, problem: { code: 'url-invalid' } }
  return { ok: true, request: { name, transport: draft.transport, url, headers: values } }
}
