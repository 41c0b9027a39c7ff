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

/** Does a named argument without a value take one? Not when nothing says so (a bare flag, or `format: boolean`). */
function takesValue(argument: RegistryArgument): boolean {
  if (argument.valueHint !== undefined || (argument.choices?.length ?? 0) > 0) return true
  return argument.format !== undefined && argument.format !== 'boolean'
}

/** Adds an input once (two arguments may name the same one: they share the user's answer). */
function addInput(inputs: McpRegistryInput[], input: Omit<McpRegistryInput, 'where'>): string {
  if (!inputs.some((known) => known.name === input.name)) inputs.push({ ...input, where: 'argument' })
  return input.name
}

/**
 * `prefix` + a registry value as one command-line piece: each `{variable}` the argument's
 * `variables` name becomes an input (its own fixed `value` is written in); braces that name no
 * variable stay as they are (the schema says so).
 */
function valuePiece(
  prefix: string,
  value: string,
  variables: RegistryArgument['variables'],
  inputs: McpRegistryInput[],
): McpRegistryArg {
  const asked: string[] = []
  const text = value.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables && Object.hasOwn(variables, name) ? variables[name] : undefined
    if (variable === undefined) return whole
    if (variable.value !== undefined) return variable.value
    asked.push(
      addInput(inputs, {
        name,
        description: variable.description ?? '',
        default: variable.default ?? '',
        required: variable.isRequired === true,
      }),
    )
    return whole
  })
  return asked.length === 0
    ? { kind: 'text', text: `${prefix}${text}` }
    : { kind: 'template', text: `${prefix}${text}`, inputs: asked }
}

/**
 * The arguments as command-line pieces, and the inputs the user must give. A named argument is one
 * piece, `--flag=value` (the registry schema's `NamedArgument`: "a command-line `--flag={value}`"),
 * so a value starting with `-` is never read as another flag; a flag that takes no value is its
 * name alone, added only when the server requires it. A fixed `value` is written in; a `default`
 * is prefilled in a field the user may change (an optional argument left empty is left out); an
 * optional argument with neither is left out. A repeated argument (`isRepeated`) is given once:
 * more can be added in the server's settings.
 */
function argumentsOf(list: RegistryArgument[] | undefined, inputs: McpRegistryInput[]): McpRegistryArg[] {
  const args: McpRegistryArg[] = []
  for (const argument of list ?? []) {
    const named = argument.type === 'named'
    if (named && (argument.name === undefined || argument.name === '')) continue
    const prefix = named ? `${argument.name}=` : ''
    const required = argument.isRequired === true
    if (argument.value !== undefined) {
      args.push(valuePiece(prefix, argument.value, argument.variables, inputs))
      continue
    }
    if (named && argument.default === undefined && !takesValue(argument)) {
      if (required) args.push({ kind: 'text', text: argument.name ?? '' })
      continue
    }
    if (argument.default === undefined && !required) continue
    const input = addInput(inputs, {
      name: argument.valueHint ?? argument.name ?? `argument ${inputs.length + 1}`,
      description: argument.description ?? '',
      default: argument.default ?? '',
      required,
    })
    args.push(named ? { kind: 'template', text: `${prefix}{${input}}`, inputs: [input] } : { kind: 'input', input })
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
