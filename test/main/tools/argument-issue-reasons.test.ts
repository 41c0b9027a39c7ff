// Why arguments were refused, as data for the window (defect 14): each zod issue of Keel's own
// tools and each Ajv error of an MCP tool's schema carries its kind (allowed values, missing, wrong
// type, range, too long, unexpected, other); what the model is told stays the same English.
import { describe, expect, it } from 'vitest'
import { compileInputSchema } from '../../../src/main/mcp/mcp-json-schema'
import { toolResultForModel } from '../../../src/main/tools/tool-result-for-model'
import type { ToolArgumentIssue } from '../../../src/shared/tool-outcome'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()

async function issuesOf(args: unknown): Promise<ToolArgumentIssue[]> {
  const outcome = await setup().run('record_measurement', args)
  if (outcome.status !== 'invalid-arguments') throw new Error(`expected invalid arguments, got ${outcome.status}`)
  return outcome.issues
}

describe("Keel's tools (zod)", () => {
  it('a unit the kind does not take: the allowed units for that kind', async () => {
    expect(await issuesOf({ kind: 'weight', value: 11, unit: 'stone' })).toEqual([
      {
        path: 'unit',
        message: "unit 'stone' is not valid for weight; use kg or lb",
        reason: { kind: 'allowed-values', values: ['kg', 'lb'], subject: 'weight' },
      },
    ])
  })

  it('a value outside the plausible range: the range in the unit given', async () => {
    const [issue] = await issuesOf({ kind: 'weight', value: 1200, unit: 'lb' })
    expect(issue?.reason).toEqual({ kind: 'range', minimum: 4.4, maximum: 1102.3, unit: 'lb', subject: 'weight' })
  })

  it('an unknown kind, a missing field, a wrong type, an extra field', async () => {
    expect((await issuesOf({ kind: 'blood-pressure', value: 1, unit: 'kg' }))[0]?.reason).toEqual({
      kind: 'allowed-values',
      values: ['height', 'weight', 'body-fat', 'waist', 'resting-heart-rate'],
    })
    expect((await issuesOf({ kind: 'weight', unit: 'kg' }))[0]?.reason).toEqual({ kind: 'missing' })
    expect((await issuesOf({ kind: 'weight', value: '70', unit: 'kg' }))[0]?.reason).toEqual({
      kind: 'wrong-type',
      expected: 'number',
    })
    expect((await issuesOf({ kind: 'weight', value: 70, unit: 'kg', note: 'x' }))[0]?.reason).toEqual({
      kind: 'unexpected',
    })
    expect((await issuesOf({ kind: 'weight', value: 70, unit: 'kg', date: 'yesterday' }))[0]?.reason).toEqual({
      kind: 'other',
    })
  })

  it('the model is told exactly what it was told before: path and English message, no reason', () => {
    const content = toolResultForModel({
      callId: 'c',
      toolName: 'record_measurement',
      status: 'invalid-arguments',
      message: 'Invalid arguments for record_measurement: …',
      issues: [
        {
          path: 'unit',
          message: "unit 'stone' is not valid for weight; use kg or lb",
          reason: { kind: 'allowed-values', values: ['kg', 'lb'], subject: 'weight' },
        },
      ],
    }).content
    expect(content).toEqual({
      error: 'Invalid arguments for record_measurement: …',
      issues: [{ path: 'unit', message: "unit 'stone' is not valid for weight; use kg or lb" }],
    })
  })
})

describe("an MCP tool's schema (Ajv)", () => {
  const compiled = compileInputSchema({
    type: 'object',
    properties: {
      units: { enum: ['metric', 'imperial'] },
      lat: { type: 'number', minimum: -90, maximum: 90 },
      city: { type: 'string', maxLength: 5 },
      tags: { type: 'array', minItems: 1 },
      mode: { const: 'fast' },
      code: { type: 'string', pattern: '^[A-Z]+$' },
    },
    required: ['lat'],
    additionalProperties: false,
  })
  if (!compiled.ok) throw new Error(compiled.reason)
  const reasons = (args: Record<string, unknown>) => {
    const result = compiled.schema.validate(args)
    return result.ok ? [] : result.issues.map((i) => [i.path, i.reason])
  }

  it('each keyword has its kind', () => {
    expect(reasons({ lat: 1, units: 'kelvin' })).toEqual([
      ['units', { kind: 'allowed-values', values: ['metric', 'imperial'] }],
    ])
    expect(reasons({ lat: 91 })).toEqual([['lat', { kind: 'range', maximum: 90 }]])
    expect(reasons({ lat: -91 })).toEqual([['lat', { kind: 'range', minimum: -90 }]])
    expect(reasons({ lat: '1' })).toEqual([['lat', { kind: 'wrong-type', expected: 'number' }]])
    expect(reasons({})).toEqual([['lat', { kind: 'missing' }]])
    expect(reasons({ lat: 1, city: 'Lisbon' })).toEqual([['city', { kind: 'too-long', limit: 5, unit: 'characters' }]])
    expect(reasons({ lat: 1, tags: [] })).toEqual([['tags', { kind: 'too-short', limit: 1, unit: 'items' }]])
    expect(reasons({ lat: 1, mode: 'slow' })).toEqual([['mode', { kind: 'allowed-values', values: ['fast'] }]])
    expect(reasons({ lat: 1, extra: 1 })).toEqual([['extra', { kind: 'unexpected' }]])
    expect(reasons({ lat: 1, code: 'abc' })).toEqual([['code', { kind: 'other' }]])
  })
})
