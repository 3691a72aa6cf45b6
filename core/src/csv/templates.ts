import type { CsvKind } from './columns.ts'

/**
 * Rows that show what each column takes: a French-Canadian client with accents and an
 * address holding a comma, an English one with a comma in its notes, one with empty
 * optional cells; services with a decimal comma in quotes and a name holding a comma;
 * a shift of a team member at one of those clients, and an open one across midnight.
 */
const templates: Readonly<Record<CsvKind, string>> = {
  locations: [
    'name,contact_person,email,phone,street,city,province,postal_code,latitude,longitude,billing_notes,active',
    'Résidence Les Érables,Marie-Ève Tremblay,marie-eve.tremblay@example.com,514-555-0142,"1250, rue Sainte-Catherine Ouest",Montréal,QC,H3G 1P1,45.4972,-73.5788,Facturer le 1er du mois,oui',
    'Harbourfront Community Centre,Daniel Chen,dchen@example.com,416-555-0198,627 Queens Quay W,Toronto,ON,M5V 3G3,43.6387,-79.3996,"Net 30, PO number on every invoice",yes',
    'Bow Valley Clinic,Priya Singh,,403-555-0175,317 Banff Ave,Banff,AB,T1L 1A1,,,,yes',
  ].join('\n'),
  services: [
    'name,description,colour,default_duration_minutes,bill_rate,pay_rate,active',
    'Entretien ménager,Nettoyage des aires communes et des bureaux,#0d9488,180,45.50,24.00,oui',
    '"Personal support, overnight",Overnight visit by a personal support worker,#f59e0b,480,38.75,23.50,yes',
    'Snow removal,Walkways and parking lot after a snowfall,#3b82f6,120,"65,00",28.00,yes',
  ].join('\n'),
  shifts: [
    'staff_email,client,service,date,start,end,break_minutes,notes',
    'marie-eve.tremblay@example.com,Résidence Les Érables,Entretien ménager,2026-03-09,08:00,16:00,30,"Clé au poste de garde, porte B"',
    ',Harbourfront Community Centre,"Personal support, overnight",2026-03-09,22:00,06:00,0,Open shift (no e-mail): ends the next morning',
  ].join('\n'),
}

/**
 * The sample file offered beside each import (SPEC.md §7): the header row Rota reads
 * and a few realistic Canadian rows, rates in dollars. Served as a download it should
 * start with a byte-order mark so that spreadsheet programs read the accents as UTF-8.
 * @example
 * csvTemplate('services').split('\n')[0] // 'name,description,colour,default_duration_minutes,bill_rate,pay_rate,active'
 */
export function csvTemplate(kind: CsvKind): string {
  return `${templates[kind]}\n`
}
