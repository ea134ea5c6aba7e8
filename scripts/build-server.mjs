#!/usr/bin/env node
// `amwa/server` (dist/server.js): the first screen rendered to HTML on a host's server. One ES
// module with Preact and preact-render-to-string inside (the package keeps no runtime
// dependency), the widget's React imports resolved to Preact as in the browser builds, so the
// markup is what the browser's Preact hydrates. No Node built-in is imported (dependencies' browser builds),
// so it runs in Node and in edge runtimes alike; the locale tables are inside, each parsed on first use.
import { build } from 'esbuild';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The React API the widget is written against, served by Preact (as `preactAliases` in build-browser.mjs). */
const PREACT_FOR_REACT = {
  'react-dom/server': 'preact-render-to-string',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
};

const preactForReact = {
  name: 'amwa:preact-for-react',
  setup(builder) {
    builder.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      const replacement = PREACT_FOR_REACT[args.path];
      if (!replacement) throw new Error(`build-server: no Preact module for ${args.path}`);
      return builder.resolve(replacement, { kind: args.kind, resolveDir: root });
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server.tsx'],
  outfile: 'dist/server.js',
  bundle: true,
  format: 'esm',
  // The browser builds of the dependencies: no Node built-in (the QR encoder's PNG writer), for every runtime.
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  legalComments: 'none',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [preactForReact],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server build written: dist/server.js (${(bytes / 1024).toFixed(0)} KiB)`);

// The notices (dist/THIRD-PARTY-NOTICES.md, written by build-browser.mjs) gain the packages only
// this file bundles: the server renderer.
const notices = join(root, 'dist', 'THIRD-PARTY-NOTICES.md');
const listed = readFileSync(notices, 'utf8');
const bundled = new Set(Object.keys(result.metafile.inputs).flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? []));
for (const name of [...bundled].sort()) {
  if (listed.includes(`## ${name} `)) continue;
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licenceFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
  if (!licenceFile) throw new Error(`build-server: ${name} ships no licence file; add its notice by hand`);
  appendFileSync(notices, `\n## ${name} ${pkg.version} (${pkg.license}), in dist/server.js\n\n${readFileSync(join(dir, licenceFile), 'utf8').trim()}\n`);
}
