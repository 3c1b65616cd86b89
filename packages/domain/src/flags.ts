import { z } from 'zod';

/**
 * A yes/no flag in a request. The spec writes its flags as 1/0 (`createnewflow`, `archived`,
 * `simplemode`, `agreeswithoffer`, `selectable_in_products`); clients send 1/0, "1"/"0" or
 * true/false (also "true"/"false" in a query string), and every request schema takes them through
 * this one helper. Anything else is refused (422). Answers use JSON booleans (decision 010).
 */
export const zFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** The same, for a setting the spec itself keeps as the number 1 or 0 (`simplemode`). */
export const zFlagNumber = zFlag.transform((on) => (on ? 1 : 0) as 0 | 1);
