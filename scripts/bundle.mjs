// Bundles Node entry points (the server and its fill worker, or the CLI) into one ESM file
// each, in one folder, sharing chunks. Rota's own workspaces (@rota/*) ship TypeScript
// sources and are inlined; every other package stays an import, resolved from node_modules
// at run time, because some (PGlite's WebAssembly, argon2's native binding) load files beside themselves.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

const argv = process.argv.slice(2)
const pairs = argv.flatMap((arg, i) => (i % 2 === 0 ? [[arg, argv[i + 1]]] : []))
if (pairs.length === 0 || argv.length % 2 !== 0 || new Set(pairs.map(([, outfile]) => dirname(resolve(outfile)))).size !== 1) {
  console.error('usage: node scripts/bundle.mjs <entry.ts> <outfile.js> [<entry.ts> <outfile.js>…] (every outfile in one folder)')
  process.exit(2)
}
const outdir = dirname(resolve(pairs[0][1]))

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rota/') ? undefined : { path: args.path, external: true },
    )
  },
}

// Chunk names change with their contents: without this, old chunks pile up beside the new ones.
rmSync(resolve(outdir, 'chunks'), { recursive: true, force: true })

await build({
  entryPoints: Object.fromEntries(pairs.map(([entry, outfile]) => [basename(outfile).replace(/\.js$/, ''), resolve(entry)])),
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
})
