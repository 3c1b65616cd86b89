/**
 * A list route's answer as plain `JSON.stringify`, not checked against its response schema first: for a
 * page of rows the check costs a tenth of the call's CPU and more (bench:api). Only for answers built by
 * typed code into exactly the schema's shape (no extra fields to strip, no transforms); the route's API
 * tests parse the answer with the schema and compare (`expect(zX.parse(body)).toEqual(body)`). The schema
 * stays on the route for the OpenAPI document and the typed client.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
