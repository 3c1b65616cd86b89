// pg's own mapping of a parameter to its wire text (dates, arrays, buffers, objects as JSON), which its
// Query applies to every value; a pipeline (preparing-client.ts) applies it before writing anything.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
