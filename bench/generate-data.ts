// `npx tsx bench/generate-data.ts [--scale 1]`: fills the database at SCALE_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/episodic_scale) with the generated business (see datagen/generate.ts).
// Run again, it keeps a database already generated at that scale for the same schema.
import { generate, sizesOf } from './datagen/generate';

const i = process.argv.indexOf('--scale');
const scale = i > 0 ? Number(process.argv[i + 1]) : 1;
if (!(scale > 0 && scale <= 10)) throw new Error('--scale takes a number above 0 (1 is the full size)');
console.log(`scale ${scale}:`, sizesOf(scale));
await generate({ scale });
