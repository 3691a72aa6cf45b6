// Bundles a Node entry point (the server or the CLI) into one ESM file.
// Rota's own workspaces (@rota/*) ship TypeScript sources and are inlined;
// every other package stays an import, resolved from node_modules at run time,
// because some (PGlite's WebAssembly, argon2's native binding) load files beside themselves.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'

const [entry, outfile] = process.argv.slice(2)
if (!entry || !outfile) {
  console.error('usage: node scripts/bundle.mjs <entry.ts> <outfile.js>')
  process.exit(2)
}

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rota/') ? undefined : { path: args.path, external: true },
    )
  },
}

// Chunk names change with their contents: without this, old chunks pile up beside the new ones.
rmSync(resolve(outfile, '..', 'chunks'), { recursive: true, force: true })

await build({
  entryPoints: [resolve(entry)],
  outdir: resolve(outfile, '..'),
  entryNames: outfile.replace(/^.*\//, '').replace(/\.js$/, ''),
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
