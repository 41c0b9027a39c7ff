/**
 * Canonical JSON: one text for one value, whatever key order or number spelling it arrived with.
 * - object keys sorted (by UTF-16 code unit) at every level; properties whose value is `undefined`
 *   are left out (an omitted optional argument and an explicit `undefined` are the same);
 * - numbers as JS numbers print them (`70`, `70.0` and `7e1` all parse to 70 and print `70`;
 *   `-0` prints `0`); non-finite numbers are refused (they are not JSON);
 * - strings as `JSON.stringify` escapes them (the same string always gives the same text).
 * Anything that is not plain JSON data (a Date, a Map, a function, `undefined` inside an array,
 * `bigint`) throws: canonical input comes from parsed, schema-checked arguments, so that is a bug.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$')
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false'
    case 'string':
      return JSON.stringify(value)
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which is not JSON`)
      return JSON.stringify(value === 0 ? 0 : value)
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value
          .map((item, index) => {
            if (item === undefined) throw new TypeError(`canonicalJson: ${path}[${index}] is undefined`)
            return write(item, `${path}[${index}]`)
          })
          .join(',')}]`
      }
      const prototype = Object.getPrototypeOf(value) as unknown
      if (prototype !== Object.prototype && prototype !== null) {
        throw new TypeError(`canonicalJson: ${path} is not a plain object`)
      }
      const record = value as Record<string, unknown>
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
      return `{${keys.map((key) => `${JSON.stringify(key)}:${write(record[key], `${path}.${key}`)}`).join(',')}}`
    }
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which is not JSON`)
  }
}
