// `npm run db:schema`: regenerates apps/server/src/db/schema.ts from the migrations (kysely-codegen on an
// in-memory PGlite; see apps/server/src/db/schema-codegen.ts). Run it after adding a migration.
import fs from 'node:fs/promises';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');

const codegen = await tsImport(path.join(root, 'apps/server/src/db/schema-codegen.ts'), import.meta.url);
const file = path.join(root, 'apps/server/src/db/schema.ts');
await fs.writeFile(file, await codegen.generateSchemaFromMigrations());
console.log(`[db:schema] wrote ${path.relative(root, file)}`);
