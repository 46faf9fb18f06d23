import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { filterActions } from '../../lib/filter-store';
import { findToast, jsonResponse, renderWithProviders, stubFetch, type FetchCall, signedIn } from '../../test/render';
import { makeVehicle } from '../../test/factories';
import { csvFile, watchDownloads } from '../../test/downloads';
import { VehiclesPage } from './vehicles-page';

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/vehicles', element: <VehiclesPage /> },
      { path: '/vehicles/new', element: <h1>new vehicle form</h1> },
      { path: '/vehicles/edit/:id', element: <h1>edit vehicle form</h1> },
    ],
    { initialEntries: ['/vehicles'] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

const listCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/vehicles/user'));

const queryOf = (call: FetchCall | undefined) => Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);

describe('My Vehicles', () => {
  signedIn('uz');
  beforeEach(() => {
    filterActions.resetFilters();
  });

  it("shows 'Loading vehicles...' until the list arrives, then the rows, their columns and the count", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderList();
    expect(await screen.findByText('Loading vehicles...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Add New Vehicle' })).toHaveAttribute('href', '/vehicles/new');

    answer(
      jsonResponse([
        makeVehicle({
          id: 7,
          vehicle_name: 'Volvo FH16',
          vehicle_type: 'Refrigerated Truck',
          license_plate: '01 A 777 AA',
          max_load_weight: 20,
          weight_unit: 'ton',
          max_volume: 82,
          volume_unit: 'm³',
          equipment_features: ['GPS', 'Refrigerated'],
          current_status: 'In Transit',
        }),
        makeVehicle({ id: 6, vehicle_name: 'Labo', max_load_weight: 800, weight_unit: 'kg', max_volume: 0 }),
      ]),
    );
    const table = await screen.findByRole('table', { name: "Mashinalar ro'yxati" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Vehicle Name/ID', 'Type', 'License Plate', 'Load Capacity', 'Equipment', 'Status', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Volvo FH16ID: 7',
      'Refrigerated Truck',
      '01 A 777 AA',
      '20 ton / 82 m³',
      'GPS, Refrigerated',
      'In Transit',
      'EditDeleteView Details',
    ]);
    expect(within(second!).getByText('800 kg')).toBeInTheDocument();
    expect(within(second!).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('2 ta mashina topildi')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Edit – Volvo FH16' })).toHaveAttribute('href', '/vehicles/edit/7');
  });

  it("says 'Hali hech qanday mashina qo'shilmagan.' when there are none and no filter is set", async () => {
    stubFetch(() => jsonResponse([]));
    renderList();
    expect(await screen.findByText("Hali hech qanday mashina qo'shilmagan.")).toBeInTheDocument();
    expect(screen.queryByText(/ta mashina topildi/)).not.toBeInTheDocument();
  });

  it("says 'Hech qanday mos keluvchi mashina topilmadi.' when a filter is set and nothing matches", async () => {
    const { calls } = stubFetch((call) => jsonResponse(call.url.includes('status=') ? [] : [makeVehicle()]));
    const { user } = renderList();
    await screen.findByText('1 ta mashina topildi');
    await user.selectOptions(screen.getByLabelText('Status'), 'Maintenance');
    expect(await screen.findByText('Hech qanday mos keluvchi mashina topilmadi.')).toBeInTheDocument();
    expect(queryOf(listCalls(calls).at(-1))).toEqual({ status: 'Maintenance' });
  });

  it('sends Type and Status to the server, and the search as a plate and as a name (and an id)', async () => {
    const bus = makeVehicle({ id: 12, vehicle_name: 'Isuzu bus', vehicle_type: 'Bus', license_plate: '10 B 120 CD' });
    const other = makeVehicle({
      id: 30,
      vehicle_name: 'Route 12',
      vehicle_type: 'Bus',
      created_at: '2025-04-01T00:00:00.000Z',
    });
    const { calls } = stubFetch((call) => {
      const query = queryOf(call);
      if (call.url === '/api/vehicles/12') return jsonResponse(bus);
      if (query.licensePlate === '12') return jsonResponse([bus]);
      if (query.name === '12') return jsonResponse([other]);
      return jsonResponse([bus, other]);
    });
    const { user } = renderList();
    await screen.findByText('2 ta mashina topildi');
    expect(queryOf(listCalls(calls)[0])).toEqual({});

    await user.selectOptions(screen.getByLabelText('Type'), 'Bus');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1))).toEqual({ type: 'Bus' }));

    await user.type(screen.getByLabelText('Search by license plate/ID'), '12');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/vehicles/12')).toBe(true));
    const searches = listCalls(calls).map(queryOf).slice(-2);
    expect(searches).toEqual(
      expect.arrayContaining([
        { type: 'Bus', licensePlate: '12' },
        { type: 'Bus', name: '12' },
      ]),
    );
    // each vehicle once, newest first
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
      ).toEqual(['Route 12ID: 30', 'Isuzu busID: 12']),
    );
  });

  it('downloads the list as CSV with the search, Type and Status on screen', async () => {
    const { names: saved, restore } = watchDownloads();
    const { calls } = stubFetch((call) =>
      call.url.includes('format=csv')
        ? csvFile('\uFEFFName\r\n', 'vehicles-2026-11-26.csv')
        : jsonResponse([makeVehicle({ id: 3, vehicle_name: 'Labo', vehicle_type: 'Van' })]),
    );
    const { user } = renderList();
    await screen.findByText('Labo');
    act(() => filterActions.setFilter('vehicleType', 'Van'));
    await user.click(screen.getByRole('button', { name: 'Mashinalarni yuklab olish (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['vehicles-2026-11-26.csv']));
    const csvCall = calls.find((call) => call.url.includes('format=csv'));
    expect(csvCall?.url.startsWith('/api/vehicles/user?')).toBe(true);
    expect(queryOf(csvCall)).toEqual({ type: 'Van', format: 'csv' });
    restore();
  });

  it("shows 'Error loading vehicles: {message}' and toasts the server's text", async () => {
    stubFetch(() => jsonResponse({ error: 'Tizimda nosozlik', code: 'INTERNAL' }, 500));
    renderList();
    expect(await screen.findByText('Error loading vehicles: Tizimda nosozlik')).toBeInTheDocument();
    expect(await findToast('Tizimda nosozlik')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch vehicles' when the server gives no text", async () => {
    stubFetch(() => new Response('', { status: 502 }));
    renderList();
    expect(await screen.findByText('Error loading vehicles: Failed to fetch vehicles')).toBeInTheDocument();
    expect(await findToast('Failed to fetch vehicles')).toBeInTheDocument();
  });

  it('pages a long list 20 rows at a time', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      makeVehicle({ id: 1000 + index, vehicle_name: `Fleet ${String(index + 1).padStart(2, '0')}` }),
    );
    stubFetch(() => jsonResponse(many));
    const { user } = renderList();
    expect(await screen.findByText('45 ta mashina topildi')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1–20 / 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oldingi' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Keyingi' }));
    await user.click(screen.getByRole('button', { name: 'Keyingi' }));
    expect(screen.getByText('41–45 / 45')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Fleet 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keyingi' })).toBeDisabled();
  });

  it('asks before deleting, deletes, toasts success and refreshes the list', async () => {
    let vehicles = [
      makeVehicle({ id: 5, vehicle_name: 'Kamaz 5490' }),
      makeVehicle({ id: 4, vehicle_name: 'Gazelle' }),
    ];
    const { calls } = stubFetch((call) => {
      if (call.method === 'DELETE') {
        vehicles = vehicles.filter((vehicle) => vehicle.id !== 5);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(vehicles);
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete – Kamaz 5490' }));
    const dialog = screen.getByRole('dialog', { name: "Mashinani o'chirish" });
    expect(within(dialog).getByText('Are you sure you want to delete "Kamaz 5490"?')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete – Kamaz 5490' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Vehicle deleted successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/vehicles/5');
    await waitFor(() => expect(screen.queryByText('Kamaz 5490')).not.toBeInTheDocument());
    expect(screen.getByText('1 ta mashina topildi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts the server's text, or 'Failed to delete vehicle', when deleting fails", async () => {
    let deleteAnswer = () => jsonResponse({ error: 'Mashina topilmadi', code: 'VEHICLE_NOT_FOUND' }, 404);
    stubFetch((call) =>
      call.method === 'DELETE' ? deleteAnswer() : jsonResponse([makeVehicle({ vehicle_name: 'Old Zil' })]),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete – Old Zil' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Mashina topilmadi')).toBeInTheDocument();

    deleteAnswer = () => new Response('', { status: 500 });
    await user.click(await screen.findByRole('button', { name: 'Delete – Old Zil' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Failed to delete vehicle')).toBeInTheDocument();
  });

  it('opens Vehicle Details with every fact, N/A for what was not given, and document links in a new tab', async () => {
    stubFetch(() =>
      jsonResponse([
        makeVehicle({
          id: 9,
          vehicle_name: 'MAN TGX',
          vehicle_type: 'Flatbed Truck',
          license_plate: '30 C 909 DA',
          vin: null,
          year_of_manufacture: 2019,
          current_status: 'Maintenance',
          max_load_weight: 24000,
          weight_unit: 'kg',
          max_volume: 0,
          axle_count: 3,
          length: 13.6,
          width: 2.45,
          height: 2.7,
          equipment_features: [],
          created_at: '2025-03-07T09:30:00.000Z',
          documents: {
            insurance: '/api/files/aaa?exp=1&sig=s1',
            registration: null,
            vehicle_photo: '/api/files/ccc?exp=1&sig=s3',
          },
          document_names: { insurance: 'polis.pdf', registration: null, vehicle_photo: 'man.png' },
        }),
      ]),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'View Details – MAN TGX' }));
    const dialog = screen.getByRole('dialog', { name: 'Vehicle Details' });
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('Nomi')).toBe('MAN TGX');
    expect(value('Turi')).toBe('Flatbed Truck');
    expect(value('Davlat raqami')).toBe('30 C 909 DA');
    expect(value('VIN')).toBe('N/A');
    expect(value('Ishlab chiqarilgan yili')).toBe('2019');
    expect(value('Holati')).toBe('Maintenance');
    expect(value("Maksimal yuk og'irligi")).toBe('24,000 kg');
    expect(value('Maksimal hajm')).toBe('N/A');
    expect(value("O'qlar soni")).toBe('3');
    expect(value("O'lchamlari (U × K × B)")).toBe('13.6 × 2.45 × 2.7 m');
    expect(value('Jihozlar')).toBe('N/A');
    expect(value("Qo'shilgan sana")).toBe('07.03.2025');

    const insurance = within(dialog).getByRole('link', { name: /Sug'urta polisi/ });
    expect(insurance).toHaveAttribute('href', '/api/files/aaa?exp=1&sig=s1');
    expect(insurance).toHaveAttribute('target', '_blank');
    expect(insurance).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('link', { name: /Mashina surati/ })).toHaveAttribute(
      'href',
      '/api/files/ccc?exp=1&sig=s3',
    );
    expect(within(dialog).queryByRole('link', { name: /Ro'yxatdan o'tkazish/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Yuklanmagan')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Edit opens /vehicles/edit/{id} with the vehicle in the navigation state', async () => {
    const vehicle = makeVehicle({ id: 21, vehicle_name: 'Hyundai HD78' });
    stubFetch(() => jsonResponse([vehicle]));
    const { user, router } = renderList();
    await user.click(await screen.findByRole('link', { name: 'Edit – Hyundai HD78' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles/edit/21'));
    expect(router.state.location.state).toEqual({ vehicle });
  });

  it('shows the English and Russian faces', async () => {
    stubFetch(() => jsonResponse([]));
    await changeLanguage('ru');
    renderList();
    expect(await screen.findByText('Машины ещё не добавлены.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Мои машины' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Поиск по госномеру/ID')).toBeInTheDocument();
    await changeLanguage('en');
    expect(await screen.findByText('No vehicles have been added yet.')).toBeInTheDocument();
    await changeLanguage('uz');
  });
});
