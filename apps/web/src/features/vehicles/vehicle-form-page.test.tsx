import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  findToast,
  jsonResponse,
  renderWithProviders,
  sampleUser,
  stubFetch,
  signedIn,
  type FetchCall,
} from '../../test/render';
import { makeVehicle } from '../../test/factories';
import { VehicleFormPage } from './vehicle-form-page';

function renderForm(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/vehicles', element: <h1>vehicle list</h1> },
      { path: '/vehicles/new', element: <VehicleFormPage /> },
      { path: '/vehicles/edit/:id', element: <VehicleFormPage /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

/** The multipart form a call sent, as plain entries (files by name). */
function sentForm(calls: readonly FetchCall[], index = 0): Record<string, string | File> {
  const body = calls[index]?.body;
  expect(body).toBeInstanceOf(FormData);
  return Object.fromEntries((body as FormData).entries());
}

const REQUIRED_LABELS = [
  'Mashina nomi / ID',
  'Mashina turi',
  'Davlat raqami',
  'Ishlab chiqarilgan yili',
  'Joriy holati',
  "Maksimal yuk og'irligi",
];

const pdf = (name: string, bytes = 64) => new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });

describe('Add New Vehicle', () => {
  signedIn('uz');

  it('has the three sections, the spec’s options, defaults and number steps', async () => {
    stubFetch(() => jsonResponse({}));
    renderForm('/vehicles/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Vehicle' })).toBeInTheDocument();
    for (const section of ['Vehicle Information', 'Capacity & Specs', 'Documents & Media']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'));
    expect(options('Mashina turi')).toEqual([
      '',
      'Tented Truck',
      'Refrigerated Truck',
      'Flatbed Truck',
      'Box Truck',
      'Open Truck',
      'Van',
      'Trailer',
      'Bus',
    ]);
    expect(options('Joriy holati')).toEqual(['', 'Active', 'Inactive', 'Maintenance', 'Available', 'In Transit']);
    expect(options("Og'irlik birligi")).toEqual(['kg', 'ton']);
    expect(screen.getByLabelText("Og'irlik birligi")).toHaveValue('ton');
    expect(options('Hajm birligi')).toEqual(['m³', 'ft³', 'L']);
    expect(screen.getByLabelText('Hajm birligi')).toHaveValue('m³');
    const equipment = screen.getByRole('group', { name: 'Jihozlar' });
    expect(
      within(equipment)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['GPS', 'Temperature Control', 'Refrigerated', 'Liftgate', 'Camera', 'Tracking System']);
    for (const label of ["Maksimal yuk og'irligi", 'Maksimal hajm', 'Uzunligi (m)', 'Kengligi (m)', 'Balandligi (m)']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('step', '0.01');
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'number');
    }
    expect(screen.getByLabelText('Ishlab chiqarilgan yili')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText("O'qlar soni")).toHaveAttribute('step', '1');
    for (const label of ["Ro'yxatdan o'tkazish guvohnomasi", "Sug'urta polisi", 'Mashina surati']) {
      expect(screen.getByLabelText(label)).toHaveAttribute(
        'accept',
        'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp',
      );
    }
    expect(screen.getAllByRole('button', { name: /^Upload – / })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/vehicles');
    expect(screen.getByRole('button', { name: 'Save Vehicle' })).toBeInTheDocument();
  });

  it('marks every required field beside it and sends nothing when they are empty', async () => {
    const { calls } = stubFetch(() => jsonResponse({}));
    const { user } = renderForm('/vehicles/new');
    await user.click(await screen.findByRole('button', { name: 'Save Vehicle' }));
    for (const label of REQUIRED_LABELS) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription("To'ldirilishi shart"));
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    for (const label of ['VIN (ixtiyoriy)', 'Maksimal hajm', "O'qlar soni", 'Uzunligi (m)']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
    expect(calls).toHaveLength(0);
  });

  it('checks values like the server: a year out of range, a negative weight, too many decimals', async () => {
    const { calls } = stubFetch(() => jsonResponse({}));
    const { user } = renderForm('/vehicles/new');
    await user.type(await screen.findByLabelText('Ishlab chiqarilgan yili'), '1900');
    await user.type(screen.getByLabelText("Maksimal yuk og'irligi"), '-5');
    await user.type(screen.getByLabelText('Uzunligi (m)'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));
    expect(await screen.findByText("Yil 1950 dan kelgusi yilgacha bo'lishi kerak")).toBeInTheDocument();
    expect(screen.getByLabelText("Maksimal yuk og'irligi")).toHaveAccessibleDescription("Manfiy bo'lmasligi kerak");
    expect(screen.getByLabelText('Uzunligi (m)')).toHaveAccessibleDescription("Ko'pi bilan 2 ta kasr raqami");
    expect(calls).toHaveLength(0);
  });

  it("sends the multipart form with empty or invalid optional numbers as 0, shows 'Saving...', then toasts and returns", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderForm('/vehicles/new');
    await user.type(await screen.findByLabelText('Mashina nomi / ID'), 'Kamaz 5490');
    await user.selectOptions(screen.getByLabelText('Mashina turi'), 'Tented Truck');
    await user.type(screen.getByLabelText('Davlat raqami'), '01 a 123 bc');
    await user.type(screen.getByLabelText('Ishlab chiqarilgan yili'), '2021');
    await user.selectOptions(screen.getByLabelText('Joriy holati'), 'Available');
    await user.type(screen.getByLabelText("Maksimal yuk og'irligi"), '20.5');
    await user.type(screen.getByLabelText('Maksimal hajm'), 'abc'); // not a number: the browser keeps nothing
    await user.click(screen.getByRole('checkbox', { name: 'GPS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Liftgate' }));
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({ url: '/api/vehicles', method: 'POST' });
    expect(calls[0]?.headers.authorization).toBe('Bearer token');
    expect(calls[0]?.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(sentForm(calls)).toEqual({
      vehicle_name: 'Kamaz 5490',
      vehicle_type: 'Tented Truck',
      license_plate: '01 A 123 BC',
      vin: '',
      year_of_manufacture: '2021',
      current_status: 'Available',
      max_load_weight: '20.5',
      weight_unit: 'ton',
      max_volume: '0',
      volume_unit: 'm³',
      axle_count: '0',
      length: '0',
      width: '0',
      height: '0',
      equipment_features: '["GPS","Liftgate"]',
      insurance_expires_on: '',
      registration_expires_on: '',
      inspection_expires_on: '',
      permit_expires_on: '',
    });

    answer(jsonResponse(makeVehicle({ id: 55 }), 201));
    expect(await findToast('Vehicle created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles'));
  });

  it('attaches the chosen documents, shows their name and size in MB, and refuses a wrong type before sending', async () => {
    const { calls } = stubFetch(() => jsonResponse(makeVehicle({ id: 56 }), 201));
    const { user } = renderForm('/vehicles/new');
    const registration = await screen.findByLabelText("Ro'yxatdan o'tkazish guvohnomasi");
    await user.upload(registration, pdf('texpasport.pdf', 1_572_864));
    expect(screen.getByText('Tanlangan fayl: texpasport.pdf (1.50 MB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Change File – Ro'yxatdan o'tkazish guvohnomasi" })).toBeInTheDocument();

    const photo = screen.getByLabelText('Mashina surati');
    // a file the picker's filter would hide (dragged in, say) is still refused
    const unfiltered = userEvent.setup({ applyAccept: false });
    await unfiltered.upload(photo, new File(['<svg/>'], 'photo.svg', { type: 'image/svg+xml' }));
    expect(photo).toHaveAccessibleDescription(/Fayl turi qabul qilinmaydi/);
    expect(screen.getByRole('button', { name: 'Upload – Mashina surati' })).toBeInTheDocument();
    await user.upload(photo, new File([new Uint8Array(10)], 'truck.png', { type: 'image/png' }));
    expect(photo).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Mashina nomi / ID'), 'Isuzu');
    await user.selectOptions(screen.getByLabelText('Mashina turi'), 'Van');
    await user.type(screen.getByLabelText('Davlat raqami'), '10B200CD');
    await user.type(screen.getByLabelText('Ishlab chiqarilgan yili'), '2018');
    await user.selectOptions(screen.getByLabelText('Joriy holati'), 'Active');
    await user.type(screen.getByLabelText("Maksimal yuk og'irligi"), '3');
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));
    await findToast('Vehicle created successfully!');
    const sent = sentForm(calls);
    expect(sent.registration).toBeInstanceOf(File);
    expect((sent.registration as File).name).toBe('texpasport.pdf');
    expect((sent.vehicle_photo as File).name).toBe('truck.png');
    expect(sent.insurance).toBeUndefined();
  });

  it("puts the server's field texts beside the fields and toasts its error; 'Failed to create vehicle' by default", async () => {
    let answer = () =>
      jsonResponse(
        {
          error: "Ma'lumotlar noto'g'ri to'ldirilgan",
          code: 'VALIDATION_FAILED',
          fields: { license_plate: 'Server: raqam band', insurance: 'Server: fayl buzilgan' },
        },
        400,
      );
    stubFetch(() => answer());
    const { user, router } = renderForm('/vehicles/new');
    await user.type(await screen.findByLabelText('Mashina nomi / ID'), 'Zil');
    await user.selectOptions(screen.getByLabelText('Mashina turi'), 'Open Truck');
    await user.type(screen.getByLabelText('Davlat raqami'), '01A001AA');
    await user.type(screen.getByLabelText('Ishlab chiqarilgan yili'), '1990');
    await user.selectOptions(screen.getByLabelText('Joriy holati'), 'Inactive');
    await user.type(screen.getByLabelText("Maksimal yuk og'irligi"), '5');
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));
    expect(await findToast("Ma'lumotlar noto'g'ri to'ldirilgan")).toBeInTheDocument();
    expect(screen.getByLabelText('Davlat raqami')).toHaveAccessibleDescription('Server: raqam band');
    expect(screen.getByLabelText("Sug'urta polisi")).toHaveAccessibleDescription(/Server: fayl buzilgan/);
    expect(router.state.location.pathname).toBe('/vehicles/new');

    answer = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));
    expect(await findToast('Failed to create vehicle')).toBeInTheDocument();
  });
});

describe('Edit Vehicle', () => {
  signedIn('uz');

  const existing = makeVehicle({
    id: 41,
    vehicle_name: 'Volvo FH',
    vehicle_type: 'Refrigerated Truck',
    license_plate: '01 A 041 AA',
    vin: 'YV2RT40A8LB123456',
    year_of_manufacture: 2017,
    current_status: 'Maintenance',
    max_load_weight: 18000,
    weight_unit: 'kg',
    max_volume: 0,
    volume_unit: 'L',
    axle_count: 3,
    length: 13.6,
    width: 0,
    height: 0,
    equipment_features: ['Refrigerated', 'GPS'],
    documents: { insurance: '/api/files/i?exp=1&sig=a', registration: '/api/files/r?exp=1&sig=b', vehicle_photo: null },
    document_names: { insurance: 'polis-2025.pdf', registration: 'texpasport.pdf', vehicle_photo: null },
  });

  it('fills the form from the vehicle passed along (no call), shows current files, and updates only what was chosen', async () => {
    const { calls } = stubFetch(() => jsonResponse({ ...existing, vehicle_name: 'Volvo FH16' }));
    const { user, router } = renderForm('/vehicles/edit/41', { vehicle: existing });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Vehicle' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mashina nomi / ID')).toHaveValue('Volvo FH');
    expect(screen.getByLabelText('Mashina turi')).toHaveValue('Refrigerated Truck');
    expect(screen.getByLabelText('VIN (ixtiyoriy)')).toHaveValue('YV2RT40A8LB123456');
    expect(screen.getByLabelText('Ishlab chiqarilgan yili')).toHaveValue(2017);
    expect(screen.getByLabelText("Maksimal yuk og'irligi")).toHaveValue(18000);
    expect(screen.getByLabelText("Og'irlik birligi")).toHaveValue('kg');
    expect(screen.getByLabelText('Hajm birligi')).toHaveValue('L');
    expect(screen.getByLabelText('Uzunligi (m)')).toHaveValue(13.6);
    expect(screen.getByRole('checkbox', { name: 'GPS' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Refrigerated' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Camera' })).not.toBeChecked();
    expect(calls).toHaveLength(0);

    expect(screen.getByText('Joriy fayl: texpasport.pdf')).toBeInTheDocument();
    expect(screen.getByText('Joriy fayl: polis-2025.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Replace – Ro'yxatdan o'tkazish guvohnomasi" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Replace – Sug'urta polisi" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload – Mashina surati' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText("Sug'urta polisi"), pdf('polis-2026.pdf', 2_621_440));
    expect(screen.getByText('Tanlangan fayl: polis-2026.pdf (2.50 MB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Change File – Sug'urta polisi" })).toBeInTheDocument();
    // changing one's mind keeps the current file
    await user.click(screen.getByRole('button', { name: "Tanlovni bekor qilish – Sug'urta polisi" }));
    expect(screen.getByRole('button', { name: "Replace – Sug'urta polisi" })).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Sug'urta polisi"), pdf('polis-2026.pdf'));

    await user.clear(screen.getByLabelText('Mashina nomi / ID'));
    await user.type(screen.getByLabelText('Mashina nomi / ID'), 'Volvo FH16');
    await user.click(screen.getByRole('button', { name: 'Update Vehicle' }));
    expect(await findToast('Vehicle updated successfully!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/vehicles/41', method: 'PUT' });
    const sent = sentForm(calls);
    expect(sent).toMatchObject({
      vehicle_name: 'Volvo FH16',
      vin: 'YV2RT40A8LB123456',
      max_load_weight: '18000',
      weight_unit: 'kg',
      max_volume: '0',
      volume_unit: 'L',
      axle_count: '3',
      length: '13.6',
      width: '0',
      height: '0',
      equipment_features: '["Refrigerated","GPS"]',
    });
    expect((sent.insurance as File).name).toBe('polis-2026.pdf');
    expect(sent.registration).toBeUndefined();
    expect(sent.vehicle_photo).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles'));
  });

  it("fetches the vehicle when opened from a direct link; 'Failed to update vehicle' when saving fails without a text", async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'GET' ? jsonResponse(existing) : new Response('', { status: 503 }),
    );
    const { user } = renderForm('/vehicles/edit/41');
    expect(await screen.findByLabelText('Mashina nomi / ID')).toHaveValue('Volvo FH');
    expect(calls[0]).toMatchObject({ url: '/api/vehicles/41', method: 'GET' });
    await user.click(screen.getByRole('button', { name: 'Update Vehicle' }));
    expect(await findToast('Failed to update vehicle')).toBeInTheDocument();
  });

  it('sends the same multipart form again after renewing an expired session once', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/users/refresh') return jsonResponse({ accessToken: 'renewed', user: sampleUser });
      if (call.method === 'PUT' && call.headers.authorization === 'Bearer token') {
        return jsonResponse({ error: 'Sessiya tugagan', code: 'TOKEN_INVALID' }, 401);
      }
      return jsonResponse(existing);
    });
    const { user } = renderForm('/vehicles/edit/41', { vehicle: existing });
    await user.upload(await screen.findByLabelText('Mashina surati'), new File([new Uint8Array(8)], 'new.png'));
    await user.click(screen.getByRole('button', { name: 'Update Vehicle' }));
    expect(await findToast('Vehicle updated successfully!')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.headers.authorization])).toEqual([
      ['PUT', '/api/vehicles/41', 'Bearer token'],
      ['POST', '/api/users/refresh', undefined],
      ['PUT', '/api/vehicles/41', 'Bearer renewed'],
    ]);
    expect(sentForm(calls, 2)).toEqual(sentForm(calls, 0));
    expect((sentForm(calls, 2).vehicle_photo as File).name).toBe('new.png');
  });

  it('says the vehicle was not found for a 404 or an id that cannot be one', async () => {
    const { calls } = stubFetch(() => jsonResponse({ error: 'Mashina topilmadi', code: 'VEHICLE_NOT_FOUND' }, 404));
    renderForm('/vehicles/edit/999');
    expect(await screen.findByText('Mashina topilmadi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Mashinalar ro'yxatiga qaytish" })).toHaveAttribute('href', '/vehicles');
    expect(screen.queryByRole('button', { name: 'Update Vehicle' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('answers a malformed id without asking the server', async () => {
    const { calls } = stubFetch(() => jsonResponse(existing));
    renderForm('/vehicles/edit/abc');
    expect(await screen.findByText('Mashina topilmadi')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
