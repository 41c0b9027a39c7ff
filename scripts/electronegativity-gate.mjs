// Security gate: runs Electronegativity over src/ and fails (exit 1) on any HIGH or MEDIUM finding
// that is not in security/electronegativity-waivers.json, on a file it could not parse, and on a
// waiver that no longer matches a finding. Offline it warns that it cannot fetch translations or the
// Electron release list (the AVAILABLE_SECURITY_FIXES check is then skipped): tolerated.
//
// Why the library call and not the CLI's `-o report.csv`: the CLI writes the CSV header and the rows
// with two concurrent async `fs.writeFile` calls (flags 'w' then 'a'), so on a busy machine the
// header can land on top of the rows or truncate them. CI once saw a mangled row; a truncated file
// would have passed silently. The package's main export returns the findings as data instead.
//
//   node scripts/electronegativity-gate.mjs
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const runElectronegativity = require('@doyensec/electronegativity')

const ELECTRON_VERSION = '45.5.0'
const GATED = new Set(['HIGH', 'MEDIUM'])
const root = join(import.meta.dirname, '..')
const waiversPath = join(root, 'security', 'electronegativity-waivers.json')

function loadWaivers() {
  const data = JSON.parse(readFileSync(waiversPath, 'utf8'))
  if (!Array.isArray(data.waivers)) throw new Error(`${waiversPath}: expected { "waivers": [...] }`)
  for (const w of data.waivers) {
    if (
      typeof w.issue !== 'string' ||
      typeof w.file !== 'string' ||
      typeof w.reason !== 'string' ||
      w.reason.trim().length < 20
    ) {
      throw new Error(
        `${waiversPath}: every waiver needs "issue", "file" and a "reason" a reviewer can judge: ${JSON.stringify(w)}`,
      )
    }
  }
  return data.waivers
}

const result = await runElectronegativity(
  {
    input: join(root, 'src'),
    customScan: [],
    excludeFromScan: [],
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: ELECTRON_VERSION,
    parserPlugins: [],
  },
  false, // not the CLI: return the findings instead of printing a table
)
if (!result || !Array.isArray(result.issues) || !Array.isArray(result.errors)) {
  throw new Error(`electronegativity returned no findings list: ${JSON.stringify(result)?.slice(0, 200)}`)
}
if (result.atomicChecks === 0) throw new Error('electronegativity ran no checks')

let blocking = 0
for (const error of result.errors) {
  const fatal = !error.tolerable
  if (fatal) blocking++
  console.log(`[${fatal ? 'BLOCKING' : 'note'}] could not parse ${error.file}: ${error.message}`)
}

const findings = result.issues.map((i) => ({
  issue: String(i.id),
  severity: String(i.severity?.name ?? '').toUpperCase(),
  file: String(i.file ?? '').replaceAll('\\', '/'),
  location: `${i.location?.line ?? 0}:${i.location?.column ?? 0}`,
  sample: String(i.sample ?? ''),
}))
const waivers = loadWaivers()
const used = new Set()
for (const f of findings) {
  const waiverIndex = waivers.findIndex((w) => w.issue === f.issue && w.file === f.file)
  const gated = GATED.has(f.severity)
  let verdict = 'note'
  if (gated && waiverIndex >= 0) (verdict = 'waived'), used.add(waiverIndex)
  else if (gated) (verdict = 'BLOCKING'), blocking++
  console.log(`[${verdict}] ${f.severity} ${f.issue} src/${f.file}:${f.location} ${f.sample.trim().slice(0, 140)}`)
}
waivers.forEach((w, i) => {
  if (used.has(i)) return
  blocking++
  console.log(`[BLOCKING stale waiver] ${w.issue} src/${w.file}: no longer reported; remove it from the waiver list`)
})
console.log(
  `electronegativity: ${result.atomicChecks} atomic + ${result.globalChecks} global checks, ${findings.length} findings, ` +
    `${used.size} waived, ${blocking} blocking (HIGH/MEDIUM not waived, unparsed files, stale waivers)`,
)
process.exitCode = blocking > 0 ? 1 : 0
