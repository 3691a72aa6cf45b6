import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openOutputFile, whyNotWritable, writeOutputFile } from './output-file.ts'

const folder = mkdtempSync(join(tmpdir(), 'rota-output-'))

describe('an output file', () => {
  it('says why a path cannot be written before anything is opened', () => {
    expect(whyNotWritable(join(folder, 'week.csv'))).toBeNull()
    expect(whyNotWritable('/nonexistent/dir/week.csv')).toBe('there is no folder /nonexistent/dir')
    expect(whyNotWritable(folder)).toBe('it is a folder')
    const plain = join(folder, 'notes.txt')
    writeFileSync(plain, '')
    expect(whyNotWritable(join(plain, 'week.csv'))).toBe(`${plain} is not a folder`)
  })

  it('is refused as a usage error (exit 2) when it cannot be opened', async () => {
    await expect(openOutputFile('/nonexistent/dir/week.csv')).rejects.toMatchObject({ message: 'Cannot write /nonexistent/dir/week.csv: there is no folder /nonexistent/dir', exitCode: 2 })
  })

  it('is written only for its owner to read', async () => {
    const path = join(folder, 'payroll.csv')
    await writeOutputFile(path, 'person,amount\r\n')
    expect(readFileSync(path, 'utf8')).toBe('person,amount\r\n')
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('says a write that fails (a full disk: Linux /dev/full) as one line, exit 1, and leaves a device it wrote to alone', async () => {
    await expect(writeOutputFile('/dev/full', 'x'.repeat(100_000))).rejects.toMatchObject({ message: 'Cannot write /dev/full: the disk is full', exitCode: 1 })
    const file = await openOutputFile('/dev/full')
    const writing = (async () => {
      for (let page = 0; page < 100; page++) await file.write('y'.repeat(10_000))
      await file.close()
    })()
    await expect(writing).rejects.toThrow('Cannot write /dev/full: the disk is full')
    await file.discard()
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true)
  })
})
