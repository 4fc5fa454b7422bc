// After `npm run build`: fail when server-only code reached the browser bundle.
// Drizzle's table definitions (db/schema.ts) are the known risk: a browser
// module importing a value from db/schema pulls in every table (docs/decisions/081-layers.md).
import { readdirSync, readFileSync } from "node:fs";

const assets = "build/client/assets";
const FORBIDDEN = [
  { name: "Drizzle", pattern: /drizzle:(Name|Columns|IsDrizzleTable)|sqliteTable/ },
  { name: "a server-only module", pattern: /\.server\.(ts|tsx)['"]/ },
];

const offenders = [];
for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
  const text = readFileSync(`${assets}/${file}`, "utf8");
  for (const { name, pattern } of FORBIDDEN) if (pattern.test(text)) offenders.push(`${file}: ${name}`);
}
if (offenders.length) {
  console.error(`✖ Server-only code in the client bundle:\n  ${offenders.join("\n  ")}`);
  process.exit(1);
}
console.log("✔ The client bundle holds no Drizzle or server-only code.");
