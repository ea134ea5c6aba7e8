// Serves amwa's static assets (the expired colour-code image) at {basePath}/static, as the
// widget expects: copied from the installed package into public/ before each build.
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const packageRoot = dirname(createRequire(import.meta.url).resolve('amwa/package.json'));
cpSync(join(packageRoot, 'static'), 'public/access/static', { recursive: true });
