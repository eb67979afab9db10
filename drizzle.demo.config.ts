import { defineConfig } from 'drizzle-kit'

// The demo's own tables (server/demo/schema.ts): `npm run db:generate:demo`. The server applies
// these after the product's migrations, in demo mode only, so production databases never have them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/demo/schema.ts',
  out: './server/db/migrations/demo',
  migrations: { table: '__drizzle_demo_migrations' },
})
