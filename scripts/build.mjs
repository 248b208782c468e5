import { buildAll } from './lib/build.mjs';

await buildAll({ force: process.argv.includes('--force') });
