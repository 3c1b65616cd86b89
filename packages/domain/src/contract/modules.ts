// The API contract of modules: the platform's module list and a company's own modules.
import { z } from 'zod';

export const zModule = z.object({ id: z.number().int(), tag: z.string(), description: z.string() });
export type Module = z.infer<typeof zModule>;

export const zUpdateModule = z.object({ description: z.string().trim().max(1000) });

/** `GET /api/company/getmodules`: the caller's company modules, with whether they were purchased. */
export const zOwnCompanyModule = zModule.extend({ purchased: z.boolean() });
export type OwnCompanyModule = z.infer<typeof zOwnCompanyModule>;
