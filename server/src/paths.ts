import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The server package's folder, found from this module whether it runs from src/ or from the dist/ bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('Cannot find the server folder (drizzle/meta/_journal.json)')
    dir = parent
  }
  return dir
}

export const serverRoot = findServerRoot()
/** The committed SQL migrations. */
export const migrationsFolder = join(serverRoot, 'drizzle')
/** Where `npm run build` puts the web app. */
export const defaultWebDir = join(serverRoot, '..', 'web', 'dist')

const require = createRequire(import.meta.url)
/**
 * Noto Sans, the documents' font (Latin, Greek, Cyrillic and Vietnamese letters), from its npm
 * package: resolved like any other package, so found from src/ and from the dist/ bundle alike.
 */
export const documentFonts = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
}
