// OData query pieces both accounting packages' APIs take (Exact Online's OData v2, SnelStart's $filter).

/** An OData string literal: single quotes doubled. */
export const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;
