// A registry entry as Keel shows it and as "Add…" saves it: each package becomes the command that
// runs it (npm → npx, pypi → uvx, oci → docker), each remote a URL; what the user must give (URL
// variables, arguments without a value, secrets) is listed, never guessed.
import {
  httpUrl,
  MCP_REGISTRY_DESCRIPTION_MAX,
  type McpRegistryArg,
  type McpRegistryDraft,
  type McpRegistryInput,
  type McpRegistryOption,
  type McpRegistryServerView,
  type McpRegistryValue,
} from '../../shared/mcp-registry'
import type {
  RegistryArgument,
  RegistryEntry,
  RegistryKeyValue,
  RegistryPackage,
  RegistryRemote,
} from './mcp-registry-entry'

/** A URL template (`https://{tenant}.example.com/mcp`) is http(s) when it is so with its variables filled. */
function httpTemplate(url: string): boolean {
  return /^https?:\/\//i.test(url) && httpUrl(url.replace(/\{[^{}]*\}/g, 'x')) !== undefined
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The arguments as command-line pieces, and the inputs for those with no value the user must give. */
function argumentsOf(list: RegistryArgument[] | undefined, inputs: McpRegistryInput[]): McpRegistryArg[] {
  const args: McpRegistryArg[] = []
  for (const argument of list ?? []) {
    const value = argument.value ?? argument.default
    if (argument.type === 'named') {
      if (argument.name === undefined || argument.name === '') continue
      if (value === undefined && argument.valueHint === undefined) {
        // A flag: only when the server asks for it.
        if (argument.isRequired) args.push({ kind: 'text', text: argument.name })
        continue
      }
      if (value === undefined && !argument.isRequired) continue
      args.push({ kind: 'text', text: argument.name })
    } else if (value === undefined && !argument.isRequired) continue
    if (value !== undefined) args.push({ kind: 'text', text: value })
    else {
      const name = argument.valueHint ?? argument.name ?? `argument ${inputs.length + 1}`
      inputs.push({ name, description: argument.description ?? '', default: '', required: true, where: 'argument' })
      args.push({ kind: 'input', input: name })
    }
  }
  return args
}

/** The values a server needs: required ones, secrets, and those with a default (optional ones without are left out). */
function valuesOf(list: RegistryKeyValue[] | undefined): McpRegistryValue[] {
  return (list ?? []).flatMap((item): McpRegistryValue[] => {
    const secret = item.isSecret === true
    const preset = secret ? undefined : (item.value ?? item.default)
    if (!item.isRequired && !secret && preset === undefined) return []
    if (!item.isRequired && secret && item.value === undefined && item.default === undefined) return []
    return [
      {
        key: item.name,
        description: item.description ?? '',
        secret,
        ...(preset !== undefined && !/\{[^{}]*\}/.test(preset) ? { default: preset } : {}),
      },
    ]
  })
}

/** An OCI image with its version as the tag, unless the identifier names a tag or digest already. */
function imageOf(pkg: RegistryPackage): string {
  const last = pkg.identifier.split('/').pop() ?? ''
  return last.includes(':') || pkg.identifier.includes('@') || !pkg.version
    ? pkg.identifier
    : `${pkg.identifier}:${pkg.version}`
}

function packageOption(entry: RegistryEntry, pkg: RegistryPackage): McpRegistryOption {
  const label = `${pkg.registryType} ${pkg.identifier}${pkg.version ? ` ${pkg.version}` : ''}`
  const transport = pkg.transport.type
  if (transport !== 'stdio')
    return { usable: false, label, transport, reason: { code: 'package-transport', transport } }
  const inputs: McpRegistryInput[] = []
  const values = valuesOf(pkg.environmentVariables)
  const text = (...pieces: string[]): McpRegistryArg[] => pieces.map((piece) => ({ kind: 'text', text: piece }))
  const runtime = argumentsOf(pkg.runtimeArguments, inputs)
  const own = () => argumentsOf(pkg.packageArguments, inputs)
  let command: string
  let args: McpRegistryArg[]
  switch (pkg.registryType) {
    case 'npm':
      command = 'npx'
      args = [...runtime, ...text('-y', pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier), ...own()]
      break
    case 'pypi':
      command = 'uvx'
      args = [...runtime, ...text(pkg.version ? `${pkg.identifier}==${pkg.version}` : pkg.identifier), ...own()]
      break
    case 'oci':
      command = 'docker'
      // `-e KEY` hands the container the value Keel sets for the process (never on the command line).
      args = [
        ...text('run', '-i', '--rm'),
        ...runtime,
        ...values.flatMap((value) => text('-e', value.key)),
        ...text(imageOf(pkg)),
        ...own(),
      ]
      break
    default:
      return {
        usable: false,
        label,
        transport,
        reason: { code: 'registry-type', registryType: pkg.registryType },
      }
  }
  const draft: McpRegistryDraft = { name: entry.name, transport: 'stdio', command, args, inputs, values }
  return { usable: true, label, transport: 'stdio', draft }
}

function remoteOption(entry: RegistryEntry, remote: RegistryRemote): McpRegistryOption {
  const label = remote.url
  const transport = remote.type === 'streamable-http' ? 'http' : remote.type === 'sse' ? 'sse' : undefined
  if (transport === undefined)
    return {
      usable: false,
      label,
      transport: remote.type,
      reason: { code: 'package-transport', transport: remote.type },
    }
  if (!httpTemplate(remote.url))
    return { usable: false, label, transport: remote.type, reason: { code: 'url-not-http' } }
  const named = [...remote.url.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '')
  const inputs: McpRegistryInput[] = [...new Set(named)].map((name) => {
    const variable = remote.variables?.[name]
    return {
      name,
      description: variable?.description ?? '',
      default: variable?.default ?? '',
      required: true,
      where: 'url' as const,
    }
  })
  const draft: McpRegistryDraft = {
    name: entry.name,
    transport,
    url: remote.url,
    inputs,
    values: valuesOf(remote.headers),
  }
  return { usable: true, label, transport, draft }
}

/** An entry as the window shows it: its text clipped, its links http(s) only, each way to add it. */
export function registryServerView(entry: RegistryEntry): McpRegistryServerView {
  const options = [
    ...entry.packages.map((pkg) => packageOption(entry, pkg)),
    ...entry.remotes.map((remote) => remoteOption(entry, remote)),
  ]
  const websiteUrl = httpUrl(entry.websiteUrl)
  const repositoryUrl = httpUrl(entry.repositoryUrl)
  return {
    name: entry.name,
    ...(entry.title ? { title: entry.title } : {}),
    description: clip(entry.description, MCP_REGISTRY_DESCRIPTION_MAX),
    version: entry.version,
    ...(websiteUrl ? { websiteUrl } : {}),
    ...(repositoryUrl ? { repositoryUrl } : {}),
    ...(entry.status ? { status: entry.status } : {}),
    ...(entry.publishedAt ? { publishedAt: entry.publishedAt } : {}),
    options:
      options.length > 0 ? options : [{ usable: false, label: entry.name, transport: '', reason: { code: 'no-way' } }],
  }
}
