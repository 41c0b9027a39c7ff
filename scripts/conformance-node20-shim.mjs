// Lets @modelcontextprotocol/conformance 0.1.16 (and 0.2.0-alpha, as `conformance-next`) start on Node 20. Its bundle imports `globSync`
// from 'fs' (a Node 22 API, used only by its `tier-check` subcommand), so on Node 20 it dies at
// import with "does not provide an export named 'globSync'". Registered with `node --import`, this
// module-load hook rewrites that one named import to a local stub in the conformance bundle only.
// Remove once Keel's CI runs Node 22.
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'

const CONFORMANCE_BUNDLE = /\/@modelcontextprotocol\/conformance(?:-next)?\/dist\/index\.js$/

if (isMainThread) register(import.meta.url)

/** Node's module-load hook (runs on the hooks thread). */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context)
  if (!CONFORMANCE_BUNDLE.test(url) || loaded.source == null) return loaded
  const source = String(loaded.source)
  let stubbed = false
  // The stub goes right after the import (a `#!` line must stay first).
  const patched = source.replace(/import\{([^}]*)\}from"fs";/, (statement, names) => {
    let stubName
    const kept = names.split(',').filter((name) => {
      const match = /^\s*globSync(?:\s+as\s+(\w+))?\s*$/.exec(name)
      if (match) stubName = match[1] ?? 'globSync'
      return !match
    })
    if (!stubName) return statement
    stubbed = true
    return `import{${kept.join(',')}}from"fs";const ${stubName}=()=>{throw new Error("fs.globSync needs Node 22 (conformance tier-check)")};`
  })
  return stubbed ? { ...loaded, source: patched } : loaded
}
