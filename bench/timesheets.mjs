// The timesheet report for a season: 200 staff × 3 months, two shifts a day each (36,000 shifts,
// each worked: 36,000 timesheets), as `GET /report/timesheets?from=…&to=…` by person and by week,
// on the embedded database and, when ROTA_TEST_DATABASE_URL is set (`npm run bench` provides a
// throwaway cluster), on PostgreSQL as Rota's own role. The people, client and service are made
// through the API; the shifts and timesheets are written straight into the database (36,000 clock-ins
// through HTTP would be the seeding's whole run), then the server counts every week's overtime again
// (a change of the overtime rules in the settings, timed). Latency (p50, p99) of one report after
// another, beside a bare Fastify answer from the same run. The goal is p99 ≤ 500 ms. Prints JSON.
import autocannon from 'autocannon'
import { api, bareFastify, measureOneConnection, onEachDatabase, seededRota } from './support.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const STAFF = 200
const FIRST = '2027-01-03'
const LAST = '2027-04-02'
const DAYS = 90
const connections = 1

/** The people, one client and one service, through the API. */

/**
 * Two shifts a day, every day, for every staff member (07:00–11:00 and 13:00–17:00 in Toronto:
 * 56-hour weeks, so each week has overtime), each worked: clocked in and out a few minutes off,
 * a few late and flagged, the first two months approved.
 */
const seedSql = (businessId, location, service) => `
  insert into shifts (business_id, staff_id, location_id, service_id, starts_at, ends_at, break_minutes, status)
  select '${businessId}', u.id, '${location}', '${service}',
    (d::date + s.start) at time zone 'America/Toronto', (d::date + s.finish) at time zone 'America/Toronto', 0, 'completed'
  from users u
  cross join generate_series(date '${FIRST}', date '${LAST}', interval '1 day') d
  cross join (values (time '07:00', time '11:00'), (time '13:00', time '17:00')) as s(start, finish)
  where u.business_id = '${businessId}' and u.email like 'staff%@bench.test';

  insert into timesheets (business_id, shift_id, staff_id, location_id, service_id, clock_in_at, clock_out_at, clocked_break_minutes,
    started_at, ended_at, break_minutes, flags, status, created_by)
  select s.business_id, s.id, s.staff_id, s.location_id, s.service_id, t.started, t.ended, 0, t.started, t.ended, 0,
    case when t.late > 5 then jsonb_build_array(jsonb_build_object('kind', 'late_clock_in', 'at', 'clock_in', 'minutes', t.late, 'distance_m', null, 'reason', null)) else '[]'::jsonb end,
    case when s.starts_at < timestamptz '2027-03-03T00:00:00-05:00' then 'approved' else 'pending' end, s.staff_id
  from shifts s
  cross join lateral (select (abs(hashtext(s.id::text)) % 12) - 4 as late) j
  cross join lateral (select s.starts_at + make_interval(mins => j.late) as started, s.ends_at + make_interval(mins => abs(hashtext(s.id::text)) % 7) as ended, j.late) t
  where s.business_id = '${businessId}';

  update timesheets set paid_minutes = floor(extract(epoch from ended_at - started_at) / 60) where business_id = '${businessId}';
  analyze shifts;
  analyze timesheets;`

async function measureReport(database) {
  const { rota, token, seconds: seeded } = await seededRota(database, { staff: STAFF, rates: { bill_rate_cents: 6000, pay_rate_cents: 3000 }, client: { latitude: 43.6405, longitude: -79.3801 }, seedSql })
  try {
    const recountStarted = performance.now()
    await api(rota.base, token, 'PUT', '/settings', { overtime_jurisdiction: 'QC' })
    await api(rota.base, token, 'PUT', '/settings', { overtime_jurisdiction: 'ON' })
    const recount = Math.round((performance.now() - recountStarted) / 200) / 10
    // The recount rewrote 36,000 rows: the embedded database's analyzer (every 15 s) refreshes the
    // planner's statistics first, as it would on a server running for a while; then a short warm-up.
    if (!database.env.ROTA_DATABASE_URL) await new Promise((resolve) => setTimeout(resolve, 16_000))
    await autocannon({ url: `${rota.base}/api/v1/report/timesheets?from=${FIRST}&to=${LAST}`, headers: { authorization: `Bearer ${token}` }, connections, duration: 2 })
    const headers = { authorization: `Bearer ${token}` }
    const url = (group) => `${rota.base}/api/v1/report/timesheets?from=${FIRST}&to=${LAST}&group_by=${group}`
    const answer = await api(rota.base, token, 'GET', `/report/timesheets?from=${FIRST}&to=${LAST}`)
    if (answer.totals.timesheets !== STAFF * DAYS * 2) throw new Error(`expected ${STAFF * DAYS * 2} timesheets, got ${answer.totals.timesheets}`)
    if (answer.totals.overtime_minutes === 0) throw new Error('expected overtime in 56-hour weeks')
    return {
      timesheets: answer.totals.timesheets,
      overtime_hours: Math.round(answer.totals.overtime_minutes / 60),
      seed_seconds: seeded,
      recount_all_seconds: recount,
      by_person: await measureOneConnection(url('person'), headers),
      by_week: await measureOneConnection(url('week'), headers),
    }
  } finally {
    await rota.stop()
  }
}

// A bare Fastify answer measured in the same run, at the same concurrency, for scale on a shared machine.
const results = { connections, seconds, staff: STAFF, days: DAYS, goal_p99_ms: 500, bare_fastify: await bareFastify(measureOneConnection) }
Object.assign(results, await onEachDatabase('timesheets', measureReport))
console.log(JSON.stringify({ timesheets: results }, null, 2))
