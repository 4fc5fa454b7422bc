import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL here; wrangler applies it (`npm run db:migrate`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
});
