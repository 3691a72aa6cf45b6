// The dashboard of a business with 200 staff and a year of work: a shift a day each (73,000
// shifts, each worked: 73,000 timesheets, the last weeks waiting for approval), as
// `GET /dashboard`, on the embedded database and, when ROTA_TEST_DATABASE_URL is set (`npm run
// bench` provides a throwaway cluster), on PostgreSQL as Rota's own role. The people, client and
// service are made through the API, the year straight in the database. Latency (p50, p99) of one
// dashboard after another, beside a bare Fastify answer from the same run. The goal is p99 ≤ 300 ms.
// Prints JSON.
import autocannon from 'autocannon'
import { api, bareFastify, measureOneConnection, onEachDatabase, seededRota } from './support.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const STAFF = 200
const DAYS = 365
const connections = 1

/**
 * A shift a day (09:00–17:00 in Toronto, 30-minute break) for every staff member over the year
 * up to next week, published as they stand, and a timesheet for each one up to yesterday:
 * approved but for the last two weeks, one in ten flagged; the invited staff are made active so
 * that they count as people to schedule.
 */
const seedSql = (businessId, location, service) => `
  update users set status = 'active' where business_id = '${businessId}' and email like 'staff%@bench.test';

  insert into shifts (business_id, staff_id, location_id, service_id, starts_at, ends_at, break_minutes, status, published)
  select '${businessId}', u.id, '${location}', '${service}', t.starts, t.ends, 30,
    case when d::date < current_date then 'completed' else 'published' end,
    jsonb_build_object('staff_id', u.id, 'location_id', '${location}', 'service_id', '${service}',
      'starts_at', to_char(t.starts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'ends_at', to_char(t.ends at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'break_minutes', 30, 'status', 'published')
  from users u
  cross join generate_series(current_date - ${DAYS - 7}, current_date + 6, interval '1 day') d
  cross join lateral (select (d::date + time '09:00') at time zone 'America/Toronto' as starts, (d::date + time '17:00') at time zone 'America/Toronto' as ends) t
  where u.business_id = '${businessId}' and u.email like 'staff%@bench.test';

  insert into timesheets (business_id, shift_id, staff_id, location_id, service_id, clock_in_at, clock_out_at, clocked_break_minutes,
    started_at, ended_at, break_minutes, paid_minutes, regular_minutes, flags, status, created_by)
  select s.business_id, s.id, s.staff_id, s.location_id, s.service_id, s.starts_at, s.ends_at, 30, s.starts_at, s.ends_at, 30, 450, 450,
    case when abs(hashtext(s.id::text)) % 10 = 0 then '[{"kind":"late_clock_in","at":"clock_in","minutes":9,"distance_m":null,"reason":null}]'::jsonb else '[]'::jsonb end,
    case when s.starts_at < now() - interval '14 days' then 'approved' else 'pending' end, s.staff_id
  from shifts s
  where s.business_id = '${businessId}' and s.starts_at < date_trunc('day', now());

  analyze shifts;
  analyze timesheets;
  analyze users;`

async function measureDashboard(database) {
  const { rota, token, seconds: seeded } = await seededRota(database, { staff: STAFF, rates: { bill_rate_cents: 6000, pay_rate_cents: 3000 }, seedSql })
  try {
    const headers = { authorization: `Bearer ${token}` }
    const url = `${rota.base}/api/v1/dashboard`
    const answer = await api(rota.base, token, 'GET', '/dashboard')
    const worked = answer.trends[0].series.find((series) => series.key === 'worked').values
    if (worked.filter((minutes) => minutes > 0).length < 11) throw new Error(`expected eleven weeks worked, got ${JSON.stringify(worked)}`)
    await autocannon({ url, headers, connections, duration: 2 })
    return {
      shifts: STAFF * DAYS,
      seed_seconds: seeded,
      attention: Object.fromEntries(answer.attention.map((item) => [item.key, item.count])),
      dashboard: await measureOneConnection(url, headers),
    }
  } finally {
    await rota.stop()
  }
}

const results = { connections, seconds, staff: STAFF, days: DAYS, goal_p99_ms: 300, bare_fastify: await bareFastify(measureOneConnection) }
Object.assign(results, await onEachDatabase('dashboard', measureDashboard))
console.log(JSON.stringify({ dashboard: results }, null, 2))
