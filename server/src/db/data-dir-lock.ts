import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** The embedded database's folder is in use by another live process. */
export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Rota (process ${pid}) is using the embedded database in ${dataDir}. Stop it first, or give this one its own folder with ROTA_DATA_DIR.`)
    this.name = 'DataDirBusy'
  }
}

/** Whether a process with this id runs on this machine now. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the embedded database's folder for this process: a file `rota.pid` created only if
 * absent, holding the process's id. Two processes on one PGlite folder corrupt it beyond
 * repair (each writes its own pages and its own write-ahead log), so a second is refused
 * before it opens anything; a lock left by a process that is gone (a crash, a kill -9) is
 * taken over. Returns the release, which removes the file if it is still this process's.
 * @example
 * const release = lockDataDir('/var/lib/rota') // throws DataDirBusy while another Rota runs there
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'rota.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      const release = () => {
        process.off('exit', release)
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path)
        } catch {
          // Gone already: nothing to release.
        }
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10)
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirBusy(dataDir, holder)
      // Left by a process that is gone: take it over.
      unlinkSync(path)
    }
  }
  throw new DataDirBusy(dataDir, Number.parseInt(readFileSync(path, 'utf8'), 10))
}
