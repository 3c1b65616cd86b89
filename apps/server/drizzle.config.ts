import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/tables/*.schema.ts',
  out: './drizzle',
});
