import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importJobs } from '../../server/src/db/schema/index.ts'
import { file, locationRow, locationsFile, LOCATION_HEADER } from './helpers/files.ts'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account
let admin: Machine

beforeAll(async () => {
  server = await startServer()
  owner = await server.register()
  admin = newMachine()
  const run = await admin.rota(['login', '--host', server.url, '--business', owner.business_id, '--email', owner.email, '--password-stdin'], { stdin: owner.password })
  expect(run.code).toBe(0)
})
afterAll(() => server.close())

interface Row {
  name: string
  street: string
  city: string
  province: string
  postal_code: string
  billing_notes: string | null
  active: boolean
}

async function locations(): Promise<Row[]> {
  const token = await server.token(owner)
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const answer = await server.api<{ count: number; rows: Row[] }>('GET', `/location?page=${page}&page_size=100&sort=name`, { token })
    rows.push(...answer.rows)
    if (rows.length >= answer.count || answer.rows.length === 0) return rows
  }
}

async function clearLocations(): Promise<void> {
  const token = await server.token(owner)
  for (const row of (await server.api<{ rows: { id: string }[] }>('GET', '/location?page_size=100', { token })).rows) {
    await server.api('DELETE', `/location/${row.id}`, { token })
  }
}

describe('rota import template', () => {
  it('prints the sample file the web app offers, and importing it twice changes nothing the second time', async () => {
    const template = await admin.rota(['import', 'template', 'locations'])
    expect(template.code).toBe(0)
    expect(template.stdout.split('\n')[0]).toBe('name,contact_person,email,phone,street,city,province,postal_code,latitude,longitude,billing_notes,active')
    const path = file('template.csv', template.stdout)

    const first = await admin.rota(['import', 'locations', path, '--json'])
    expect(first.code).toBe(0)
    expect(first.json()).toMatchObject({ status: 'committed', rows: 3, created: 3, updated: 0, unchanged: 0, invalid: 0 })
    const again = await admin.rota(['import', 'locations', path])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(`${path}: 3 rows read. Imported: 0 created, 0 updated, 3 unchanged.\n`)
    expect((await locations()).map((row) => row.name)).toEqual(['Bow Valley Clinic', 'Harbourfront Community Centre', 'Résidence Les Érables'])
    await clearLocations()
  })

  it('prints the services template too, and refuses another kind', async () => {
    expect((await admin.rota(['import', 'template', 'services'])).stdout).toMatch(/^name,description,colour,default_duration_minutes,bill_rate,pay_rate,active\n/)
    const wrong = await admin.rota(['import', 'template', 'staff'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain("value 'staff' is invalid for argument 'kind'. Allowed choices are locations, services, shifts.")
  })
})

describe('rota import locations', () => {
  beforeAll(clearLocations)

  it('reads a spreadsheet export: BOM, CRLF, French headers, quoted commas and newlines, accents, empty lines', async () => {
    const content = [
      '\uFEFFNom,Adresse,Ville,Province,Code postal,Notes de facturation',
      'Résidence Les Érables,"1250, rue Sainte-Catherine Ouest",Montréal,Québec,h3g1p1,"Facturer le 1er,',
      'puis le 15"',
      '',
      'Café Côte-des-Neiges,5000 chemin de la Côte-des-Neiges,Montréal,QC,H3T 1X8,',
      ',,,,,',
      '',
    ].join('\r\n')
    const run = await admin.rota(['import', 'locations', file('export.csv', content)])
    expect(run.stderr).toContain('Columns read as: "Nom" → name, "Adresse" → street, "Ville" → city, "Code postal" → postal_code, "Notes de facturation" → billing_notes')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('2 rows read. Imported: 2 created, 0 updated, 0 unchanged.')
    const [cafe, residence] = await locations()
    expect(residence).toMatchObject({ name: 'Résidence Les Érables', street: '1250, rue Sainte-Catherine Ouest', city: 'Montréal', province: 'QC', postal_code: 'H3G 1P1' })
    expect(residence?.billing_notes).toBe('Facturer le 1er,\r\npuis le 15')
    expect(cafe).toMatchObject({ name: 'Café Côte-des-Neiges', billing_notes: null })
  })

  it('updates instead of duplicating when a corrected file is imported again', async () => {
    const path = file('clients.csv', [LOCATION_HEADER, locationRow(1), locationRow(2)].join('\n'))
    expect((await admin.rota(['import', 'locations', path, '--json'])).json()).toMatchObject({ created: 2, updated: 0 })
    const moved = file('clients-moved.csv', [LOCATION_HEADER, 'CLIENT 1,1 Main Street,Gatineau,QC,J8X 1A1', locationRow(2)].join('\n'))
    const run = await admin.rota(['import', 'locations', moved, '--json'])
    expect(run.json()).toMatchObject({ status: 'committed', created: 0, updated: 1, unchanged: 1 })
    const client1 = (await locations()).filter((row) => row.name.toLowerCase() === 'client 1')
    expect(client1).toEqual([expect.objectContaining({ city: 'Gatineau', province: 'QC' })])
  })

  it('refuses a file with a missing column before sending anything', async () => {
    const run = await admin.rota(['import', 'locations', file('no-postal.csv', 'name,street,city,province\nA,1 Main,Ottawa,ON\n')])
    expect(run.code).toBe(4)
    expect(run.stderr).toMatch(/^rota: \S+no-postal\.csv: Missing required column "postal_code"\n$/)
  })

  it('names an unknown column and the columns there are', async () => {
    const run = await admin.rota(['import', 'locations', file('extra.csv', `${LOCATION_HEADER},fax\n${locationRow(1)},555\n`)])
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('Unknown column "fax": the columns are name, contact_person, email, phone, street, city, province, postal_code')
  })

  it('writes nothing when a row is bad, names its line and reason, and exits 4', async () => {
    const before = await locations()
    const path = file('bad-postal.csv', [LOCATION_HEADER, locationRow(10), locationRow(11, 'ZZZ 999'), locationRow(12)].join('\n'))
    const run = await admin.rota(['import', 'locations', path])
    expect(run.code).toBe(4)
    expect(run.stdout).toContain('3 rows read. Nothing was written: fix the rows below, or use --skip-invalid to import the others.')
    expect(run.stdout).toMatch(/1 row with errors:\n {2}line 3: postal_code: .+/)
    expect(await locations()).toEqual(before)
  })

  it('writes the good rows with --skip-invalid and the rejected ones to --errors', async () => {
    const errors = join(mkdtempSync(join(tmpdir(), 'rota-errors-')), 'rejected.csv')
    const path = file('skip.csv', [LOCATION_HEADER, locationRow(20), locationRow(21, 'ZZZ 999'), 'Client 22,,Ottawa,ON,K1A 0B1'].join('\n'))
    const run = await admin.rota(['import', 'locations', path, '--skip-invalid', '--errors', errors, '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toMatchObject({ status: 'committed', created: 1, skipped: 2, invalid: 2, errors_file: errors, errors: [{ line: 3 }, { line: 4, errors: [{ column: 'street', message: 'Required' }] }] })
    const rejected = readFileSync(errors, 'utf8').replace(/^\uFEFF/, '').split('\r\n')
    expect(rejected[0]).toBe('line,errors,name,street,city,province,postal_code')
    expect(rejected[1]).toMatch(/^3,postal_code: .+,Client 21,21 Main Street,Ottawa,ON,ZZZ 999$/)
    expect(rejected[2]).toBe('4,street: Required,Client 22,,Ottawa,ON,K1A 0B1')
    expect((await locations()).map((row) => row.name)).toContain('Client 20')

    // Put right where it says, the same file imports as it is: its line and errors columns are left out.
    writeFileSync(errors, readFileSync(errors, 'utf8').replace(',ZZZ 999', ',K1A 0B1').replace(',Client 22,,', ',Client 22,22 Main Street,'))
    const again = await admin.rota(['import', 'locations', errors, '--json'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.json()).toMatchObject({ status: 'committed', created: 2, invalid: 0 })
    expect((await locations()).map((row) => row.name)).toEqual(expect.arrayContaining(['Client 21', 'Client 22']))
  })

  it('refuses an --errors file it could not write before sending anything', async () => {
    const before = await locations()
    const path = file('unwritable.csv', [LOCATION_HEADER, locationRow(25), locationRow(26, 'ZZZ 999')].join('\n'))
    const run = await admin.rota(['import', 'locations', path, '--skip-invalid', '--errors', '/nonexistent/dir/rejected.csv'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Cannot write the rejected rows to /nonexistent/dir/rejected.csv: there is no folder /nonexistent/dir. Nothing was sent.')
    expect(run.stderr).not.toMatch(/ at .+:\d+:\d+/)
    expect(await locations()).toEqual(before)
  })

  it('reads a file saved by Excel in French: semicolons, French headers, a comma inside a name', async () => {
    const path = file('excel-fr.csv', ['\uFEFFnom;rue;ville;province;code_postal', 'Dupuis, fils;12 rue Principale;Gatineau;QC;J8X 1A1', 'Bureau Lavoie;3 rue du Parc;Gatineau;QC;J8X 1A2'].join('\r\n'))
    const run = await admin.rota(['import', 'locations', path, '--json'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.json()).toMatchObject({ status: 'committed', created: 2 })
    expect((await locations()).map((row) => row.name)).toEqual(expect.arrayContaining(['Dupuis, fils', 'Bureau Lavoie']))
  })

  it('refuses rows repeating an earlier row\'s name', async () => {
    const run = await admin.rota(['import', 'locations', file('dupes.csv', [LOCATION_HEADER, locationRow(30), locationRow(31), locationRow(30)].join('\n')), '--json'])
    expect(run.code).toBe(4)
    expect(run.json()).toMatchObject({ status: 'refused', errors: [{ line: 4, errors: [{ column: 'name', message: 'Same name as line 2' }] }] })
  })

  it('changes nothing with --dry-run and says what would happen', async () => {
    const before = await locations()
    const path = file('dry.csv', [LOCATION_HEADER, locationRow(40), locationRow(20)].join('\n'))
    const run = await admin.rota(['import', 'locations', path, '--dry-run'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${path}: 2 rows read. Dry run, nothing changed: 1 would be created, 0 would be updated, 1 unchanged.\n`)
    expect(await locations()).toEqual(before)
  })

  it('exits 4 on a dry run that a real import would refuse', async () => {
    const run = await admin.rota(['import', 'locations', file('dry-bad.csv', [LOCATION_HEADER, locationRow(41, '123')].join('\n')), '--dry-run'])
    expect(run.code).toBe(4)
    expect(run.stdout).toContain('line 2: postal_code:')
  })

  it('refuses a file that is not UTF-8', async () => {
    const latin1 = Buffer.from(`${LOCATION_HEADER}\nR\xe9sidence,1 rue Principale,Montr\xe9al,QC,H3G 1P1\n`, 'latin1')
    const run = await admin.rota(['import', 'locations', file('latin1.csv', latin1)])
    expect(run.code).toBe(4)
    expect(run.stderr).toMatch(/is not UTF-8 text: save it as "CSV UTF-8" and try again\n$/)
  })

  it('says where a quote is out of place and how to write it, with exit 4', async () => {
    const run = await admin.rota(['import', 'locations', file('quote.csv', `${LOCATION_HEADER}\nA,1 Main Street,Ottawa,ON,K1A 0B1\nB,2 "Main" Street,Ottawa,ON,K1A 0B1\n`)])
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('quote.csv: line 3, column 2 (street): a quote is out of place. Put the whole cell in quotes and write each quote inside it twice ("he said ""hi""").')
  })

  it('says on which line a quote never closed opens, not the last line of the file, and writes nothing', async () => {
    const before = await locations()
    const run = await admin.rota(['import', 'locations', file('unterminated.csv', `${LOCATION_HEADER}\n"Unterminated,1 Main,Toronto,ON,M5V 2T6\n${locationRow(1)}\n${locationRow(2)}\n`)])
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('unterminated.csv: line 2, column 1 (name): the quote opening this cell is never closed. End the cell with a quote, and write each quote inside it twice ("he said ""hi""").\n')
    expect(await locations()).toEqual(before)
  })

  it('says a folder is not a file', async () => {
    const run = await admin.rota(['import', 'locations', tmpdir()])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${tmpdir()} is a folder: give the CSV file inside it`)
  })

  it('reports a row with more cells than columns instead of shifting them', async () => {
    const run = await admin.rota(['import', 'locations', file('shifted.csv', `${LOCATION_HEADER}\nA,1250, rue Sainte-Catherine,Montréal,QC,H3G 1P1\n`), '--json'])
    expect(run.code).toBe(4)
    expect(run.json().errors).toEqual([{ line: 2, errors: [{ column: '(row)', code: 'extra_cells', params: { cells: 6, columns: 5 }, message: '6 cells but 5 columns: is a comma outside quotes?' }] }])
  })

  it('is a usage error for a file that does not exist', async () => {
    const run = await admin.rota(['import', 'locations', '/nowhere/clients.csv'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('rota: No such file: /nowhere/clients.csv\n')
  })

  it('prints plain progress lines when stderr is not a terminal', async () => {
    const run = await admin.rota(['import', 'locations', await locationsFile('progress.csv', 12_000)])
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/^5,000 rows sent \(\d+%\)\n10,000 rows sent \(\d+%\)\n12,000 rows sent \(100%\)\nCommitting in one transaction/)
    // The share is of the rows the server has answered for, not of the file read ahead of it.
    const shares = [...run.stderr.matchAll(/^([\d,]+) rows sent \((\d+)%\)$/gm)].map(([, rows, share]) => [Number(rows!.replace(/,/g, '')) / 120, Number(share)])
    for (const [expected, shown] of shares) expect(Math.abs(shown! - expected!)).toBeLessThanOrEqual(3)
  })

  it('never counts back when the upload ends, rows refused before sending included', async () => {
    const text = `${LOCATION_HEADER}\n${locationRow(901)}\nCounted,1250, rue Sainte-Catherine,Montréal,QC,H3G 1P1\n${locationRow(902, 'nope')}\n`
    const run = await admin.rota(['import', 'locations', file('counted.csv', text), '--dry-run'])
    expect(run.code).toBe(4)
    // Three rows read: one refused here (a cell too many), one by the server (the postal code).
    expect(run.stderr).toMatch(/^3 rows sent \(100%\), 2 refused so far\n/m)
    expect(run.stderr).not.toMatch(/^[012] rows? sent/m)
  })
})

describe('an interrupted or failing import', () => {
  it('cancels cleanly on Ctrl-C: the server drops the import and nothing is written', async () => {
    const before = await locations()
    const interrupt = new AbortController()
    const run = await admin.rota(['import', 'locations', await locationsFile('cancel.csv', 30_000)], {
      interrupt: interrupt.signal,
      onStderr: (text) => {
        if (text.includes('rows sent')) interrupt.abort()
      },
    })
    expect(run.code).toBe(130)
    expect(run.stderr).toContain('Cancelling the import on the server…')
    expect(run.stderr).toMatch(/rota: Import cancelled: nothing was written\n$/)
    expect(await locations()).toEqual(before)
    const jobs = await server.database.db.select().from(importJobs).where(eq(importJobs.file_name, 'cancel.csv'))
    expect(jobs.map((job) => job.status)).toEqual(['cancelled'])
  })

  it('writes nothing when the only bad row is line 50,000 of 50,000', async () => {
    const before = await locations()
    const path = await locationsFile('atomic.csv', 49_999, { 50_000: locationRow(49_999, 'not a postal code') })
    const run = await admin.rota(['import', 'locations', path, '--json'])
    expect(run.code).toBe(4)
    expect(run.json()).toMatchObject({ status: 'refused', rows: 49_999, created: 0, invalid: 1, errors: [{ line: 50_000, errors: [{ column: 'postal_code' }] }] })
    expect(await locations()).toEqual(before)
  })
})

describe('who may import', () => {
  it('exits 3 for a user without the right to create and update locations', async () => {
    const staff = await server.member(owner, { email: 'staff@acme.test', role: 'Staff' })
    const machine = newMachine()
    await machine.rota(['login', '--host', server.url, '--business', staff.business_id, '--email', staff.email, '--password-stdin'], { stdin: staff.password })
    const run = await machine.rota(['import', 'locations', file('staff.csv', `${LOCATION_HEADER}\n${locationRow(1)}\n`)])
    expect(run.code).toBe(3)
    expect(run.stderr).toBe('rota: You do not have permission to do this.\n')
  })

  it('exits 3 when nobody is signed in', async () => {
    const run = await newMachine().rota(['import', 'services', file('nobody.csv', 'name,bill_rate,pay_rate\nA,1,1\n'), '--host', server.url])
    expect(run.code).toBe(3)
  })
})
