import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, type SavedSearch } from '@yuk/shared';
import { makeSavedSearch } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { findToast, jsonResponse, renderRoutes, signedIn, stubFetch } from '../../test/render';
import { routes } from './routes';

describe('saved searches', () => {
  signedIn('en');

  it('lists my searches with their lane and limits, saves a new one and deletes one', async () => {
    let searches: SavedSearch[] = [
      makeSavedSearch(),
      makeSavedSearch({
        id: 8,
        name: 'Anything',
        origin: '',
        destination: '',
        modes: [],
        max_weight: null,
        min_price: null,
      }),
    ];
    const { calls } = fakeApi(
      on.get(apiPaths.savedSearches.collection, () => searches),
      on.post(apiPaths.savedSearches.collection, ({ body }) => {
        const created = makeSavedSearch({ id: 10, ...(body as Partial<SavedSearch>) });
        searches = [created, ...searches];
        return jsonResponse(created, 201);
      }),
      on.delete(apiPaths.savedSearches.one, ({ params }) => {
        searches = searches.filter((search) => String(search.id) !== params.id);
        return jsonResponse(null, 204);
      }),
    );
    const { user } = renderRoutes(routes, '/saved-searches');
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    expect(within(list).getByRole('heading', { name: 'Toshkent → Almaty' })).toBeInTheDocument();
    expect(within(list).getByText('Truck · up to 20,000 kg · from $500')).toBeInTheDocument();
    expect(within(list).getByText('Any place → Any place')).toBeInTheDocument();
    expect(within(list).getByText('Every mode')).toBeInTheDocument();
    expect(screen.getByText('2 of 20')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the search' });
    // nothing named: refused before it is sent
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name of the search'), 'Bukhara loads');
    await user.type(within(dialog).getByLabelText('Origin'), 'Buxoro');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maritime' }));
    await user.type(within(dialog).getByLabelText('Heaviest load I take (kg)'), '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Search saved: you will be told when a matching tender opens')).toBeInTheDocument();
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      name: 'Bukhara loads',
      origin: 'Buxoro',
      destination: '',
      modes: ['ship'],
      max_weight: 12.5,
      min_price: null,
    });
    expect(await screen.findByText('Bukhara loads')).toBeInTheDocument();

    const card = screen.getByText('Anything').closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the search' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await findToast('The search was deleted')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/saved-searches/8')).toBe(true);
  });

  it('shows the server\u2019s refusal of a 21st search', async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(
            { error: 'You can keep at most 20 saved searches. Delete one first', code: 'SAVED_SEARCHES_LIMIT' },
            409,
          )
        : jsonResponse([]),
    );
    const { user } = renderRoutes(routes, '/saved-searches');
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the search' });
    await user.type(within(dialog).getByLabelText('Name of the search'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('You can keep at most 20 saved searches. Delete one first')).toBeInTheDocument();
  });
});
