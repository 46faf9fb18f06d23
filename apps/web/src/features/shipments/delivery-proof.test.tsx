import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPMENT_STORAGE_KEY, apiPaths, type DeliveryProof, type Shipment } from '@yuk/shared';
import { makeShipment } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { findToast, jsonResponse, renderWithProviders, type FetchCall, signedIn } from '../../test/render';
import { ShipmentStatusPage } from './shipment-status-page';

const NUMBER = 'YT-000042';

function makeProof(overrides: Partial<DeliveryProof> = {}): DeliveryProof {
  return {
    number: NUMBER,
    receiver_name: 'Gʻulom Xoʻjayev',
    recorded_at: '2025-03-12T09:42:00.000Z',
    position: { lat: 39.6542, lon: 66.9597, accuracy_m: 12, at: '2025-03-12T09:41:00.000Z' },
    photos: [
      { id: 'a'.repeat(32), url: `/api/files/${'a'.repeat(32)}?exp=1&sig=x`, content_type: 'image/jpeg' },
      { id: 'b'.repeat(32), url: `/api/files/${'b'.repeat(32)}?exp=1&sig=x`, content_type: 'image/png' },
    ],
    signature: { id: 'c'.repeat(32), url: `/api/files/${'c'.repeat(32)}?exp=1&sig=y`, content_type: 'image/png' },
    ...overrides,
  };
}

/** A server with one shipment and its proof (null until one is posted): the calls the page makes. */
function serve(shipment: Shipment, proof: DeliveryProof | null, answerPost?: (call: FetchCall) => Response) {
  let current = { shipment, proof };
  const stub = fakeApi(
    on.get(apiPaths.shipments.list, () => [current.shipment]),
    on.get(apiPaths.shipments.one, () => current.shipment),
    on.get(apiPaths.shipments.proof, () => current.proof),
    on.post(apiPaths.shipments.proof, (call) => {
      const answer = answerPost?.(call);
      if (answer) return answer;
      current = { ...current, proof: makeProof() };
      return jsonResponse(current.proof, 201);
    }),
    on.post(apiPaths.shipments.status, () => {
      current = {
        ...current,
        shipment: { ...current.shipment, status: 'delivered', delivered_at: '2025-03-12T10:00:00Z' },
      };
      return current.shipment;
    }),
  );
  /** The form of the POST of the proof, as the browser would send it. */
  const sentForm = (): FormData => {
    const post = stub.calls.find((call) => call.url.endsWith('/proof') && call.method === 'POST');
    return post?.body as FormData;
  };
  return { ...stub, sentForm };
}

function renderPage() {
  localStorage.setItem(SHIPMENT_STORAGE_KEY, NUMBER);
  const router = createMemoryRouter(
    [
      { path: '/shipment/status', element: <ShipmentStatusPage /> },
      { path: '/shipment/success', element: <h1>Success page</h1> },
    ],
    { initialEntries: ['/shipment/status'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

/** The canvas of jsdom draws nothing: a context that takes the calls, and a PNG from toBlob. */
function fakeCanvas() {
  const context = new Proxy({}, { get: (_target, name) => (name === 'canvas' ? undefined : vi.fn()) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })),
  );
}

function fakeGeolocation(answer: 'allow' | 'deny') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (answer === 'allow') {
      ok({
        coords: { latitude: 39.654213, longitude: 66.959731, accuracy: 11.6 },
        timestamp: Date.parse('2025-03-12T09:41:00.000Z'),
      } as GeolocationPosition);
    } else {
      fail?.({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

function sign() {
  const pad = screen.getByRole('img', { name: 'Receiver’s signature' });
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 20 });
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
  fireEvent.pointerUp(pad, { pointerId: 1, clientX: 60, clientY: 40 });
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'cargo.jpg', { type: 'image/jpeg' });

// whole journeys through the page (typing, uploading, drawing): more than the default 5 s on a busy machine
describe('proof of delivery on the shipment page', { timeout: 20_000 }, () => {
  signedIn('en');
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
    );
    fakeCanvas();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the carrier on the way records photos, the name, the signature and the position', async () => {
    const server = serve(makeShipment({ status: 'on_the_way', role: 'carrier' }), null);
    const located = fakeGeolocation('allow');
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record the proof of delivery' });
    expect(within(form).getByText(/The browser asks for permission/)).toBeInTheDocument();
    // the camera input opens the phone's camera; the other takes chosen photos
    expect(within(form).getByLabelText('Take a photo')).toHaveAttribute('capture', 'environment');
    await user.upload(within(form).getByLabelText('Choose photos'), [photo(), photo()]);
    expect(within(form).getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Remove photo 2' }));
    expect(within(form).getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(1);
    await user.type(within(form).getByLabelText('Receiver’s name'), 'Gʻulom Xoʻjayev');
    sign();
    await user.click(within(form).getByRole('button', { name: 'Send the proof' }));

    expect(await findToast('The proof of delivery is saved')).toBeInTheDocument();
    expect(located).toHaveBeenCalledOnce();
    const sent = server.sentForm();
    expect(sent.get('receiver_name')).toBe('Gʻulom Xoʻjayev');
    expect(sent.get('lat')).toBe('39.654213');
    expect(sent.get('lon')).toBe('66.959731');
    expect(sent.get('accuracy_m')).toBe('12');
    expect(sent.get('position_at')).toBe('2025-03-12T09:41:00.000Z');
    expect(sent.getAll('photos')).toHaveLength(1);
    expect((sent.get('signature') as File).type).toBe('image/png');
    // the form gives way to the proof, with the delivery note
    expect(await screen.findByText('39.65420, 66.95970 (± 12 m)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record the proof of delivery' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download delivery note (PDF)' })).toBeInTheDocument();
  });

  it('asks for what is missing and sends nothing; a refused position still lets the proof go', async () => {
    const server = serve(makeShipment({ status: 'on_the_way', role: 'carrier' }), null);
    fakeGeolocation('deny');
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record the proof of delivery' });
    await user.click(within(form).getByRole('button', { name: 'Send the proof' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    expect(within(form).getByText('Add 1 to 6 photos of the cargo')).toBeInTheDocument();
    expect(within(form).getByText('The receiver must sign')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Share my position' }));
    expect(
      await within(form).findByText('The position was not allowed: the proof is sent without it'),
    ).toBeInTheDocument();
    await user.upload(within(form).getByLabelText('Choose photos'), photo());
    await user.type(within(form).getByLabelText('Receiver’s name'), 'Ali');
    sign();
    await user.click(within(form).getByRole('button', { name: 'Send the proof' }));
    await findToast('The proof of delivery is saved');
    const sent = server.sentForm();
    expect(sent.get('lat')).toBeNull();
    expect(sent.get('receiver_name')).toBe('Ali');
  });

  it("shows the server's refusal beside the field it names", async () => {
    serve(makeShipment({ status: 'on_the_way', role: 'carrier' }), null, () =>
      jsonResponse(
        {
          error: 'Some fields are missing or invalid',
          code: 'VALIDATION_FAILED',
          fields: { receiver_name: 'Too long', photos: 'A photo must be a JPEG, PNG or WebP image' },
        },
        400,
      ),
    );
    fakeGeolocation('allow');
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Record the proof of delivery' });
    await user.upload(within(form).getByLabelText('Choose photos'), photo());
    await user.type(within(form).getByLabelText('Receiver’s name'), 'Ali');
    sign();
    await user.click(within(form).getByRole('button', { name: 'Send the proof' }));
    expect(await within(form).findByText('Too long')).toBeInTheDocument();
    expect(within(form).getByText('A photo must be a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(within(form).getByLabelText('Receiver’s name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('the owner sees the proof, and sees it again before confirming the delivery', async () => {
    const server = serve(makeShipment({ status: 'on_the_way', role: 'owner' }), makeProof());
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Proof of delivery' });
    expect(await within(panel).findByText('Gʻulom Xoʻjayev')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Signature of Gʻulom Xoʻjayev' })).toHaveAttribute(
      'src',
      makeProof().signature.url,
    );
    expect(within(panel).getByRole('link', { name: 'Open photo 1 in full size' })).toHaveAttribute('target', '_blank');
    expect(within(panel).getAllByRole('link', { name: /^Open photo/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delivery in progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the proof of delivery' });
    expect(within(dialog).getByText('Gʻulom Xoʻjayev')).toBeInTheDocument();
    expect(server.calls.some((call) => call.url.endsWith('/status'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the delivery' }));
    expect(await screen.findByRole('heading', { name: 'Success page' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/status'))?.body).toEqual({ status: 'delivered' }),
    );
  });

  it('while the carrier has not recorded it, the owner is told so and confirms as before', async () => {
    const server = serve(makeShipment({ status: 'on_the_way', role: 'owner' }), null);
    const { user } = renderPage();
    expect(await screen.findByText(/When the carrier hands the cargo over/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delivery in progress' }));
    expect(await screen.findByRole('heading', { name: 'Success page' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.url.endsWith('/status'))).toBe(true);
  });
});
