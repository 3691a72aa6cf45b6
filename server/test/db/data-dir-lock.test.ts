import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirBusy, lockDataDir } from '../../src/db/data-dir-lock.ts'
import { openPglite } from '../../src/db/database.ts'

const folders: string[] = []
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'rota-lock-'))
  folders.push(path)
  return path
}
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true })
})

/** Another process that holds the folder's lock, as a running Rota does, until it is killed. */
async function holder(dataDir: string) {
  const child = spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(join(dataDir, 'rota.pid'))}, String(process.pid)); setInterval(() => {}, 1000)`])
  await expect.poll(() => existsSync(join(dataDir, 'rota.pid'))).toBe(true)
  return child
}

describe('the embedded database folder', () => {
  it('is refused to a second Rota while another one runs on it, before the database is opened', async () => {
    const dataDir = folder()
    const other = await holder(dataDir)
    try {
      const opening = openPglite({ dataDir })
      await expect(opening).rejects.toBeInstanceOf(DataDirBusy)
      await expect(opening).rejects.toThrow(`Another Rota (process ${other.pid}) is using the embedded database in ${dataDir}. Stop it first, or give this one its own folder with ROTA_DATA_DIR.`)
      // Nothing of PGlite's was written beside the other's files.
      expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(false)
    } finally {
      other.kill()
    }
  })

  it('is taken over from a Rota that is gone, and given back when the database closes', async () => {
    const dataDir = folder()
    const gone = await holder(dataDir)
    gone.kill('SIGKILL')
    await new Promise((resolve) => gone.once('exit', resolve))
    const database = await openPglite({ dataDir })
    expect(readFileSync(join(dataDir, 'rota.pid'), 'utf8')).toBe(String(process.pid))
    await database.close()
    expect(existsSync(join(dataDir, 'rota.pid'))).toBe(false)
  }, 30_000)

  it('is held once even within one process, and free again once released', () => {
    const dataDir = folder()
    const release = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirBusy)
    release()
    lockDataDir(dataDir)()
    writeFileSync(join(dataDir, 'rota.pid'), 'not a process')
    lockDataDir(dataDir)()
  })
})
