import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '@contract/prerendered';
import type { SnapshotData } from '@/app/snapshot-data';
import { parseSnapshotData, seedStore } from '@/app/snapshot-seed';
import { makeStore } from '@/app/store';
import { buildBook, buildBookDetail } from '@/testing/data';
import { renderApp } from '@/testing/render';

// A catalogue page's snapshot hands the app its data in a JSON data block (docs/decisions.md
// D63): seeded into the store, the screen shows it at once, without asking the API.
describe('a snapshot’s data block', () => {
  it('survives the trip through a <script> element, whatever the text holds', () => {
    const book = buildBookDetail({ _id: 'b-x', name: 'A </script><script>alert(1)</script> book' });
    const data: SnapshotData = { queries: [{ endpoint: 'getBook', arg: 'b-x', value: book }] };
    const text = jsonForScript(data);
    expect(text).not.toContain('<');
    expect(parseSnapshotData(text)).toEqual(data);
    expect(parseSnapshotData('not json')).toBeUndefined();
    expect(parseSnapshotData('{"courses":[]}')).toBeUndefined();
  });

  it('shows a book’s page from the seeded store, without fetching it', async () => {
    // Not in the mocked API: a fetch would answer 404 ("Book not found").
    const book = buildBookDetail({ _id: 'b-snap', name: 'Only In The Snapshot', stock: 3 });
    const more = [buildBook({ _id: 'b-more', name: 'Another One', category: book.category })];
    const store = makeStore({ persist: false });
    await seedStore(store, {
      queries: [
        { endpoint: 'getBook', arg: book._id, value: book },
        { endpoint: 'getBooks', arg: { category: book.category, limit: 5 }, value: more },
      ],
    });
    renderApp({ route: '/book/b-snap' }, { store });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Only In The Snapshot' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByText('Another One')).toBeInTheDocument();
    expect(screen.queryByText('Book not found')).not.toBeInTheDocument();
  });
});
