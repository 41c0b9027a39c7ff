/**
 * A value that survives `JSON.stringify` → `JSON.parse` unchanged: what tool outputs, ledger
 * results and message parts are made of (they are stored as JSON text and cross IPC).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject

/** A JSON object. Written as a type alias (not an interface) so object literals are assignable. */
export type JsonObject = { [key: string]: JsonValue }
