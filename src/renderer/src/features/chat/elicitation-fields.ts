// An MCP server's request for input (elicitation) as form fields, and the user's entries as the
// answer's content. The spec allows only a flat object of primitive fields: strings (with a format
// or a set of options), numbers and integers (with bounds), booleans, and arrays of options
// (multi-select). Anything else cannot be shown as a form: the user can only decline.
// Server text (titles, descriptions, option labels) is plain text; the window never renders it as HTML.

export interface ElicitationOption {
  value: string
  label: string
}

interface FieldBase {
  name: string
  /** The field's title, or its name. */
  label: string
  description: string | undefined
  required: boolean
}

export type ElicitationField =
  | (FieldBase & {
      kind: 'text'
      format: 'email' | 'uri' | 'date' | 'date-time' | undefined
      minLength: number | undefined
      maxLength: number | undefined
      initial: string
    })
  | (FieldBase & {
      kind: 'number'
      integer: boolean
      min: number | undefined
      max: number | undefined
      initial: string
    })
  | (FieldBase & { kind: 'boolean'; initial: boolean })
  | (FieldBase & { kind: 'choice'; options: ElicitationOption[]; initial: string })
  | (FieldBase & {
      kind: 'multi'
      options: ElicitationOption[]
      minItems: number | undefined
      maxItems: number | undefined
      initial: string[]
    })

export type ElicitationFields = { ok: true; fields: ElicitationField[] } | { ok: false; field: string | undefined }

/** What the form holds: text for text, number and choice fields; a flag; the chosen options. */
export type ElicitationValues = Record<string, string | boolean | string[]>

export type ElicitationContent = Record<string, string | number | boolean | string[]>

export type FieldError =
  | { code: 'required' }
  | { code: 'not-a-number' }
  | { code: 'not-an-integer' }
  | { code: 'below-min'; min: number }
  | { code: 'above-max'; max: number }
  | { code: 'too-short'; min: number }
  | { code: 'too-long'; max: number }
  | { code: 'bad-format'; format: 'email' | 'uri' | 'date' | 'date-time' }
  | { code: 'too-few'; min: number }
  | { code: 'too-many'; max: number }
  | { code: 'not-an-option' }

export type ElicitationCheck =
  | { ok: true; content: ElicitationContent }
  | { ok: false; errors: Record<string, FieldError> }

const FORMATS = ['email', 'uri', 'date', 'date-time'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined

/** Options from `enum` (+ legacy `enumNames`), or from `oneOf`/`anyOf` of `{const, title}`. */
function optionsOf(schema: Record<string, unknown>): ElicitationOption[] | undefined {
  if (Array.isArray(schema.enum)) {
    if (!schema.enum.every((v) => typeof v === 'string')) return undefined
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : []
    return (schema.enum as string[]).map((value, index) => ({ value, label: str(names[index]) ?? value }))
  }
  const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  if (!list) return undefined
  const options: ElicitationOption[] = []
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.const !== 'string') return undefined
    options.push({ value: entry.const, label: str(entry.title) ?? entry.const })
  }
  return options
}

/** The form for a `requestedSchema`, or which field cannot be shown (`undefined`: the schema itself). */
export function elicitationFields(schema: Record<string, unknown>): ElicitationFields {
  if (schema.type !== undefined && schema.type !== 'object') return { ok: false, field: undefined }
  const properties = schema.properties ?? {}
  if (!isRecord(properties)) return { ok: false, field: undefined }
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  )
  const fields: ElicitationField[] = []
  for (const [name, property] of Object.entries(properties)) {
    if (!isRecord(property)) return { ok: false, field: name }
    const base: FieldBase = {
      name,
      label: str(property.title) ?? name,
      description: str(property.description),
      required: required.has(name),
    }
    switch (property.type) {
      case 'string': {
        const options = optionsOf(property)
        if (options) {
          const initial = str(property.default)
          fields.push({
            ...base,
            kind: 'choice',
            options,
            initial: initial !== undefined && options.some((o) => o.value === initial) ? initial : '',
          })
          break
        }
        if (property.enum !== undefined || property.oneOf !== undefined || property.anyOf !== undefined)
          return { ok: false, field: name }
        const format = FORMATS.find((f) => f === property.format)
        fields.push({
          ...base,
          kind: 'text',
          format,
          minLength: count(property.minLength),
          maxLength: count(property.maxLength),
          initial: str(property.default) ?? '',
        })
        break
      }
      case 'number':
      case 'integer': {
        const initial = num(property.default)
        fields.push({
          ...base,
          kind: 'number',
          integer: property.type === 'integer',
          min: num(property.minimum),
          max: num(property.maximum),
          initial: initial === undefined ? '' : String(initial),
        })
        break
      }
      case 'boolean':
        fields.push({ ...base, kind: 'boolean', initial: property.default === true })
        break
      case 'array': {
        const options = isRecord(property.items) ? optionsOf(property.items) : undefined
        if (!options) return { ok: false, field: name }
        const values = new Set(options.map((o) => o.value))
        const initial = Array.isArray(property.default)
          ? property.default.filter((v): v is string => typeof v === 'string' && values.has(v))
          : []
        fields.push({
          ...base,
          kind: 'multi',
          options,
          minItems: count(property.minItems),
          maxItems: count(property.maxItems),
          initial,
        })
        break
      }
      default:
        return { ok: false, field: name }
    }
  }
  return { ok: true, fields }
}

/** The form's starting values (the schema's defaults). */
export function initialValues(fields: ElicitationField[]): ElicitationValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.initial]))
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/

function formatOk(format: 'email' | 'uri' | 'date' | 'date-time', text: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(text)
    case 'uri':
      return URL.canParse(text) && /^[a-z][a-z0-9+.-]*:/i.test(text)
    case 'date':
      return DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
    case 'date-time':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))
  }
}

/**
 * Checks the entries against the fields and builds the content to send: numbers as numbers, empty
 * optional fields left out (never sent as ""), booleans always (a checkbox is always an answer).
 */
export function checkElicitation(fields: ElicitationField[], values: ElicitationValues): ElicitationCheck {
  const content: ElicitationContent = {}
  const errors: Record<string, FieldError> = {}
  for (const field of fields) {
    const value = values[field.name]
    switch (field.kind) {
      case 'boolean':
        content[field.name] = value === true
        break
      case 'multi': {
        const chosen = Array.isArray(value) ? value : []
        const allowed = new Set(field.options.map((o) => o.value))
        if (chosen.length === 0 && !field.required) break
        if (chosen.length === 0) errors[field.name] = { code: 'required' }
        else if (chosen.some((v) => !allowed.has(v))) errors[field.name] = { code: 'not-an-option' }
        else if (field.minItems !== undefined && chosen.length < field.minItems)
          errors[field.name] = { code: 'too-few', min: field.minItems }
        else if (field.maxItems !== undefined && chosen.length > field.maxItems)
          errors[field.name] = { code: 'too-many', max: field.maxItems }
        else content[field.name] = [...chosen]
        break
      }
      default: {
        const raw = typeof value === 'string' ? value : ''
        const text = field.kind === 'text' ? raw : raw.trim()
        if (text === '') {
          if (field.required) errors[field.name] = { code: 'required' }
          break
        }
        const error = checkOne(field, text)
        if (error) errors[field.name] = error
        else
          content[field.name] =
            field.kind === 'number'
              ? Number(text)
              : field.kind === 'text' && field.format === 'date-time'
                ? withZone(text)
                : text
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content }
}

/** A date-time as a browser's date-time field gives it (local, no offset) made an RFC 3339 instant. */
function withZone(text: string): string {
  return /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : new Date(text).toISOString()
}

function checkOne(
  field: Extract<ElicitationField, { kind: 'text' | 'number' | 'choice' }>,
  text: string,
): FieldError | undefined {
  switch (field.kind) {
    case 'choice':
      return field.options.some((o) => o.value === text) ? undefined : { code: 'not-an-option' }
    case 'number': {
      // Plain decimal notation only: "", "0x10", "1e3" or "Infinity" are not what the user typed as a number.
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return { code: 'not-a-number' }
      const n = Number(text)
      if (field.integer && !Number.isInteger(n)) return { code: 'not-an-integer' }
      if (field.min !== undefined && n < field.min) return { code: 'below-min', min: field.min }
      if (field.max !== undefined && n > field.max) return { code: 'above-max', max: field.max }
      return undefined
    }
    case 'text': {
      // Length in characters as the user sees them (code points), as JSON Schema counts.
      const length = [...text].length
      if (field.minLength !== undefined && length < field.minLength) return { code: 'too-short', min: field.minLength }
      if (field.maxLength !== undefined && length > field.maxLength) return { code: 'too-long', max: field.maxLength }
      if (field.format && !formatOk(field.format, text)) return { code: 'bad-format', format: field.format }
      return undefined
    }
  }
}
