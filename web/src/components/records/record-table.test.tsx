import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderPiece } from '../../testing/render-piece.tsx'
import type { Column } from '../ui/data-table.tsx'
import { RecordName, RecordTable, type RecordFilter, type RecordListRequest, type RecordRowsQuery, type RecordSelection } from './record-table.tsx'

interface Crew {
  id: string
  name: string
  city: string
  active: boolean
}

type CrewRequest = RecordListRequest<'name' | 'city', { active: RecordFilter<'true' | 'false'> }>

const crews: Crew[] = Array.from({ length: 23 }, (_, i) => ({ id: `crew-${i + 1}`, name: `Crew ${i + 1}`, city: i % 2 ? 'Ottawa' : 'Montréal', active: i !== 4 }))

/** The table of crews as a feature would write it, over a list endpoint that answers from `rows` and remembers what it was asked. */
function Crews({
  rows = crews,
  fail = false,
  asked,
  onOpen = () => {},
  selection,
}: {
  rows?: Crew[]
  fail?: boolean
  asked: CrewRequest[]
  onOpen?: ((crew: Crew) => void) | null
  selection?: RecordSelection<Crew>
}) {
  const useCrews = (request: CrewRequest): RecordRowsQuery<Crew> =>
    useQuery({
      queryKey: ['crews', request, fail],
      placeholderData: keepPreviousData,
      retry: false,
      queryFn: async () => {
        asked.push(request)
        if (fail) throw new Error('The crews could not be read.')
        const matching = rows.filter((row) => (!request.q || row.name.toLowerCase().includes(request.q.toLowerCase())) && (!request.filter?.active || String(row.active) === request.filter.active))
        const start = (request.page - 1) * request.page_size
        return { count: matching.length, rows: matching.slice(start, start + request.page_size) }
      },
    })
  const columns: Column<Crew>[] = [
    { key: 'name', header: 'Crew', primary: true, sortKey: 'name', cell: (crew) => <RecordName onOpen={onOpen ? () => onOpen(crew) : undefined}>{crew.name}</RecordName> },
    { key: 'city', header: 'City', sortKey: 'city', cell: (crew) => crew.city },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cell: (crew) => <button type="button">Edit {crew.name}</button> },
  ]
  return (
    <RecordTable
      caption="Crews"
      columns={columns}
      rowKey={(crew) => crew.id}
      sorts={['name', 'city']}
      defaultSort="name"
      search="Search crews"
      filters={{ active: { label: 'Filter by status', all: 'All statuses', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] } }}
      useRows={useCrews}
      selection={selection}
      labels={{ loading: 'Loading crews', empty: 'No crews yet.', noMatch: 'No crew matches.', unavailable: 'The crews could not be loaded', pages: 'Crew pages' }}
    />
  )
}

describe('RecordTable', () => {
  it('turns a page past the last into the last page, in place', async () => {
    const asked: CrewRequest[] = []
    const { current } = renderPiece(<Crews asked={asked} />, { path: '/crews?page=99999' })
    await waitFor(() => expect(current()).toBe('/crews?page=2'))
    const table = await screen.findByRole('table', { name: 'Crews' })
    expect(await within(table).findByText('Crew 23')).toBeVisible()
    expect(screen.queryByText('No crews yet.')).toBeNull()
  })

  it('asks for the page, sort, search and filters in the address, and changes them there', async () => {
    const asked: CrewRequest[] = []
    const { current } = renderPiece(<Crews asked={asked} />, { path: '/crews?sort=city&order=desc&active=true&page=2&id=crew-3' })
    const table = await screen.findByRole('table', { name: 'Crews' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(asked.at(-1)).toEqual({ page: 2, page_size: 20, sort: 'city', order: 'desc', filter: { active: 'true' } })
    expect(within(table).getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('true')

    const user = userEvent.setup()
    await user.click(within(table).getByRole('button', { name: 'Crew' }))
    // A new sort starts from the first page; the record open (`id`) stays open.
    expect(current()).toBe('/crews?sort=name&order=asc&active=true&id=crew-3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'false')
    expect(current()).toBe('/crews?sort=name&order=asc&active=false&id=crew-3')
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, sort: 'name', filter: { active: 'false' } }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getByRole('row', { name: /Crew 5/ })).toBeVisible()
  })

  it('pages through the list and searches it', async () => {
    const asked: CrewRequest[] = []
    const { current } = renderPiece(<Crews asked={asked} />, { path: '/crews' })
    await screen.findByRole('button', { name: 'Crew 20' })
    const user = userEvent.setup()
    await user.click(within(screen.getByRole('navigation', { name: 'Crew pages' })).getByRole('button', { name: 'Next' }))
    expect(current()).toBe('/crews?page=2')
    await screen.findByRole('button', { name: 'Crew 23' })
    await user.type(screen.getByRole('searchbox', { name: 'Search crews' }), 'crew 1')
    await waitFor(() => expect(current()).toBe('/crews?q=crew+1'))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, q: 'crew 1' }))
  })

  it('titles each row\'s card by its name and labels every other cell, as a phone shows them', async () => {
    const onOpen = vi.fn()
    renderPiece(<Crews asked={[]} onOpen={onOpen} />, { path: '/crews' })
    const name = await screen.findByRole('button', { name: 'Crew 1' })
    const row = name.closest('tr')!
    const [title, city, actions] = within(row).getAllByRole('cell')
    expect(title).not.toHaveAttribute('data-label')
    expect(city).toHaveAttribute('data-label', 'City')
    expect(actions).not.toHaveAttribute('data-label')
    await userEvent.setup().click(name)
    expect(onOpen).toHaveBeenCalledWith(crews[0])
  })

  it('shows a name as text where the record cannot be opened', async () => {
    renderPiece(<Crews asked={[]} onOpen={null} />, { path: '/crews' })
    expect(await screen.findByText('Crew 1')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Crew 1' })).toBeNull()
  })

  it('picks the active crews of the page shown, all at once or one by one from the keyboard, and shows the bar for them', async () => {
    function Picking() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
      return (
        <Crews
          asked={[]}
          selection={{
            selected,
            onChange: setSelected,
            selectable: (crew) => crew.active,
            label: (crew) => `Select ${crew.name}`,
            allLabel: 'Select every crew on this page',
            bar: (picked) => <p>{`Picked: ${picked.map((crew) => crew.name).join(', ')}`}</p>,
          }}
        />
      )
    }
    renderPiece(<Picking />, { path: '/crews' })
    const all = await screen.findByRole('checkbox', { name: 'Select every crew on this page' })
    await screen.findByRole('checkbox', { name: 'Select Crew 1' })
    // Crew 5 is inactive: it cannot be picked.
    expect(screen.queryByRole('checkbox', { name: 'Select Crew 5' })).toBeNull()
    expect(screen.queryByText(/^Picked/)).toBeNull()

    const user = userEvent.setup()
    all.focus()
    await user.keyboard(' ')
    expect(all).toBeChecked()
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(20)
    screen.getByRole('checkbox', { name: 'Select Crew 1' }).focus()
    await user.keyboard(' ')
    expect(all).toBePartiallyChecked()
    expect(screen.getByText(/^Picked: Crew 2, Crew 3, Crew 4, Crew 6,/)).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: 'Select Crew 1' }))
    await user.click(all)
    expect(screen.queryByText(/^Picked/)).toBeNull()

    // What is picked on one page is not acted on from another.
    await user.click(screen.getByRole('checkbox', { name: 'Select Crew 2' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Crew pages' })).getByRole('button', { name: 'Next' }))
    await screen.findByRole('checkbox', { name: 'Select Crew 23' })
    expect(screen.queryByText(/^Picked/)).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'Select every crew on this page' })).not.toBeChecked()
  })

  it('tells nothing-yet from nothing-matches, and says when the list cannot be loaded', async () => {
    const { unmount } = renderPiece(<Crews rows={[]} asked={[]} />, { path: '/crews' })
    expect(await screen.findByText('No crews yet.')).toBeVisible()
    unmount()
    const narrowed = renderPiece(<Crews rows={[]} asked={[]} />, { path: '/crews?q=zzz' })
    expect(await screen.findByText('No crew matches.')).toBeVisible()
    narrowed.unmount()
    renderPiece(<Crews fail asked={[]} />, { path: '/crews' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The crews could not be loaded')
    expect(alert).toHaveTextContent('The crews could not be read.')
  })
})
