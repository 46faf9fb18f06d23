import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS, MAX_FILE_BYTES, type Vehicle, apiPaths, pathTo } from '@yuk/shared';
import { makePdf } from '../../src/modules/vehicles/vehicles.seed.js';
import { api, buildTestApp, type ApiErrorBody } from '../helpers.js';
import type { FormFile } from '../factories/index.js';
import { createVehicle, pdfFile, pngFile, sendVehicleForm, vehicleFields } from '../factories/index.js';
import { quickUsers } from '../factories/index.js';
import { printFigure } from './support.js';

/**
 * Uploads (ASVS 12.1–12.5; OWASP File Upload cheat sheet): HTML, SVG and scripts under any name or claimed
 * type, oversized files and odd names are refused or made safe; what is stored is served only as the type
 * its bytes are, never as a page; nobody reads another user's files; a link stops working when it expires.
 */
let clock = Date.now();
const { app, database } = await buildTestApp({ now: () => clock });
const users = await quickUsers(database, 2);
const A = users[0]!;
const B = users[1]!;

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
const PNG = pngFile().data as Buffer;
const PDF = makePdf('Registration', ['A real document']);
const file = (filename: string, data: Buffer | string, type = 'application/octet-stream'): FormFile => ({
  filename,
  data,
  type,
});

/** Files that must be refused, whatever the slot or the claimed type. */
const REFUSED: Record<string, FormFile> = {
  html_renamed_pdf: file('report.pdf', HTML, 'application/pdf'),
  html_renamed_jpg: file('photo.jpg', HTML, 'image/jpeg'),
  html_renamed_png: file('photo.png', HTML, 'image/png'),
  html_as_html: file('page.html', HTML, 'text/html'),
  svg_renamed_pdf: file('doc.pdf', SVG, 'application/pdf'),
  svg_renamed_jpg: file('photo.jpg', SVG, 'image/jpeg'),
  svg_renamed_png: file('photo.png', SVG, 'image/png'),
  svg_as_svg: file('image.svg', SVG, 'image/svg+xml'),
  xhtml_claimed_pdf: file('a.pdf', `<?xml version="1.0"?>${HTML}`, 'application/pdf'),
  pdf_magic_late: file('late.pdf', `hello %PDF-1.4 ${HTML}`, 'application/pdf'),
  executable_as_pdf: file('setup.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'application/pdf'),
  pdf_named_html: file('evil.html', PDF, 'application/pdf'),
  pdf_named_svg: file('evil.svg', PDF, 'image/svg+xml'),
  png_named_pdf: file('photo.pdf', PNG, 'application/pdf'),
  png_double_extension_html: file('photo.png.html', PNG, 'image/png'),
  nul_hides_html_extension: file('photo.png\u0000.html', PNG, 'image/png'),
  no_extension: file('document', PDF, 'application/pdf'),
  empty_named_file: file('empty.pdf', Buffer.alloc(0), 'application/pdf'),
  ten_mb_and_one_byte: file(
    'big.pdf',
    Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_FILE_BYTES + 1 - 9)]),
    'application/pdf',
  ),
};

/** Real documents under hostile names: stored under a safe name, never the one given. */
const RENAMED: Record<string, FormFile> = {
  dot_dot_slash: file('../../../etc/passwd.pdf', PDF, 'application/pdf'),
  dot_dot_backslash: file('..\\..\\windows\\system32\\drivers.png', PNG, 'image/png'),
  nul_in_name: file('evil.html\u0000.png', PNG, 'image/png'),
  three_hundred_chars: file(`${'a'.repeat(300)}.pdf`, PDF, 'application/pdf'),
  bidi_override: file('invoice\u202efdp.png', PNG, 'image/png'),
  hidden_dot_file: file('.htaccess.pdf', PDF, 'application/pdf'),
  header_injection: file('x"; filename*=UTF-8\'\'evil.html; a=".pdf', PDF, 'application/pdf'),
  // a valid PNG with a page after it: stored (its bytes are a PNG), served only as a PNG
  png_html_polyglot: file('polyglot.png', Buffer.concat([PNG, Buffer.from(HTML)]), 'text/html'),
};

const fileCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const vehicleCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const linkParts = (link: string) => {
  const url = new URL(link, 'http://x');
  return {
    id: url.pathname.split('/').pop() ?? '',
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
};

/** What a browser would do with a served file: render it as a page when the type or the sniffing allows. */
function servedAsPage(headers: Record<string, string | string[] | number | undefined>): string | undefined {
  const type = String(headers['content-type'] ?? '');
  if (!/^(application\/pdf|image\/(png|jpeg|webp))$/.test(type)) return `type ${type}`;
  if (headers['x-content-type-options'] !== 'nosniff') return 'no nosniff';
  const csp = String(headers['content-security-policy'] ?? '');
  if (!/\bsandbox\b/.test(csp) || !/default-src 'none'/.test(csp)) return `csp ${csp}`;
  const disposition = String(headers['content-disposition'] ?? '');
  if (!/^(inline|attachment);/.test(disposition) || /filename="[^"]*\.(html?|svg|js)"/i.test(disposition))
    return `disposition ${disposition}`;
  return undefined;
}

it('uploads: hostile files stored = 0, served as a page = 0, cross-user reads = 0, expired links refused', async () => {
  const slots = ['registration', 'insurance', 'vehicle_photo'] as const;
  let tried = 0;
  let stored = 0;
  const storedNames: string[] = [];
  const unexpectedAnswers: string[] = [];
  const target = await createVehicle(app, A.accessToken);

  for (const [name, bad] of Object.entries(REFUSED)) {
    for (const [index, slot] of slots.entries()) {
      // each file in every slot, on a new vehicle and on an update of an existing one
      for (const method of ['POST', 'PUT'] as const) {
        if (name === 'ten_mb_and_one_byte' && index > 0) continue; // one slot is enough for 10 MB
        tried += 1;
        const [filesBefore, vehiclesBefore] = [await fileCount(), await vehicleCount()];
        const res = await sendVehicleForm(app, {
          token: A.accessToken,
          method,
          ...(method === 'PUT' ? { id: target.id } : {}),
          fields: vehicleFields(),
          files: { [slot]: bad },
        });
        const expectedStatus = name === 'ten_mb_and_one_byte' ? 413 : 415;
        if (res.statusCode !== expectedStatus)
          unexpectedAnswers.push(`${name} ${method} ${slot}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        const added = (await fileCount()) - filesBefore + ((await vehicleCount()) - vehiclesBefore);
        if (added !== 0 || res.statusCode < 300) {
          stored += 1;
          storedNames.push(`${name} in ${slot} (${method})`);
        }
      }
    }
  }
  // the vehicle updated with refused files kept its values and documents
  const unchanged = (
    await api(app, { method: 'GET', url: pathTo(apiPaths.vehicles.one, { id: target.id }), token: A.accessToken })
  ).json<Vehicle>();
  expect(unchanged.document_names).toEqual(target.document_names);

  // too many files, or a file in a field that takes none
  for (const files of [
    { registration: pdfFile(), insurance: pdfFile(), vehicle_photo: pngFile(), avatar: pngFile() },
    { avatar: pngFile() },
  ]) {
    tried += 1;
    const before = await fileCount();
    const res = await sendVehicleForm(app, { token: A.accessToken, fields: vehicleFields(), files });
    if (res.statusCode < 400 || res.statusCode >= 500) unexpectedAnswers.push(`extra files: ${res.statusCode}`);
    if ((await fileCount()) !== before) stored += 1;
  }

  // real documents under hostile names: kept under a clean name, served only as what they are
  let servedAsHtml = 0;
  let unsafeNames = 0;
  const servedProblems: string[] = [];
  const links: string[] = [];
  for (const [name, named] of Object.entries(RENAMED)) {
    const slot = named.filename.endsWith('.png') || name === 'png_html_polyglot' ? 'vehicle_photo' : 'registration';
    const res = await sendVehicleForm(app, { token: A.accessToken, fields: vehicleFields(), files: { [slot]: named } });
    expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    const vehicle = res.json<Vehicle>();
    const storedName = vehicle.document_names[slot] ?? '';
    if (
      // eslint-disable-next-line no-control-regex -- control characters are exactly what a stored name must not hold
      /[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(storedName) ||
      storedName.startsWith('.') ||
      [...storedName].length > 200 ||
      !/\.(pdf|png)$/.test(storedName)
    ) {
      unsafeNames += 1;
      servedProblems.push(`${name}: unsafe stored name ${JSON.stringify(storedName)}`);
    }
    const link = vehicle.documents[slot];
    expect(link).toBeTruthy();
    links.push(link!);
    const served = await api(app, { method: 'GET', url: link! });
    expect(served.statusCode).toBe(200);
    const problem = servedAsPage(served.headers);
    if (problem) {
      servedAsHtml += 1;
      servedProblems.push(`${name}: ${problem}`);
    }
  }

  // another user's files: B cannot reach A's vehicle, cannot change it, cannot make or bend a link to A's file
  const [aLink] = links;
  const own = linkParts(aLink!);
  const bVehicle = await createVehicle(app, B.accessToken, {}, { registration: pdfFile() });
  const bLink = linkParts(bVehicle.documents.registration!);
  const foreignSecret = createHmac(
    'sha256',
    createHmac('sha256', 'another-secret-entirely-0123456789abcdef').update('file-links').digest(),
  )
    .update(`${own.id}.${own.exp}`)
    .digest('base64url');
  const crossAttempts = [
    api(app, { method: 'GET', url: pathTo(apiPaths.vehicles.one, { id: target.id }), token: B.accessToken }),
    api(app, { method: 'DELETE', url: pathTo(apiPaths.vehicles.one, { id: target.id }), token: B.accessToken }),
    sendVehicleForm(app, {
      token: B.accessToken,
      id: target.id,
      fields: vehicleFields(),
      files: { registration: pdfFile() },
    }),
    api(app, { method: 'GET', url: pathTo(apiPaths.files.one, { id: own.id }), token: B.accessToken }),
    api(app, { method: 'GET', url: `/api/files/${own.id}?exp=${bLink.exp}&sig=${bLink.sig}` }),
    api(app, { method: 'GET', url: `/api/files/${own.id}?exp=${Number(own.exp) + 86_400}&sig=${own.sig}` }),
    api(app, { method: 'GET', url: `/api/files/${own.id}?exp=${own.exp}&sig=${foreignSecret}` }),
    api(app, {
      method: 'GET',
      url: `/api/files/${own.id}?exp=${own.exp}&sig=${own.sig.slice(0, -2)}${own.sig.endsWith('AA') ? 'BB' : 'AA'}`,
    }),
    // B's own valid signature on an id one character away from B's file
    api(app, {
      method: 'GET',
      url: `/api/files/${bLink.id.slice(0, -1)}${bLink.id.endsWith('0') ? '1' : '0'}?exp=${bLink.exp}&sig=${bLink.sig}`,
    }),
    api(app, { method: 'GET', url: `/api/files/..%2F..%2Fetc%2Fpasswd?exp=${own.exp}&sig=${own.sig}` }),
  ];
  const filesBeforeCross = await fileCount();
  const crossResults = await Promise.all(crossAttempts);
  const crossUserReads = crossResults.filter((res) => res.statusCode < 300).length;
  const crossStored = (await fileCount()) - filesBeforeCross;
  const bList = (await api(app, { method: 'GET', url: apiPaths.vehicles.mine, token: B.accessToken })).json<
    Vehicle[]
  >();
  const seenByB = bList.filter((v) => v.id === target.id).length;

  // the link of A's file stops working when it expires
  const fresh = await api(app, { method: 'GET', url: aLink! });
  clock += (FILE_LINK_TTL_SECONDS + 10 * 60) * 1000;
  const expired = await api(app, { method: 'GET', url: aLink! });
  clock = Date.now();

  printFigure('uploads', {
    hostile_uploads: tried,
    stored: stored + crossStored,
    renamed_documents: Object.keys(RENAMED).length,
    unsafe_names: unsafeNames,
    served_as_html: servedAsHtml,
    cross_user_attempts: crossAttempts.length + 1,
    cross_user_reads: crossUserReads + seenByB,
    expired_link_served: expired.statusCode === 200 ? 1 : 0,
  });
  expect(storedNames).toEqual([]);
  expect(unexpectedAnswers).toEqual([]);
  expect(servedProblems).toEqual([]);
  expect(crossResults.map((res) => res.statusCode)).toEqual([404, 404, 404, 403, 403, 403, 403, 403, 403, 403]);
  expect(crossStored).toBe(0);
  expect(seenByB).toBe(0);
  expect(fresh.statusCode).toBe(200);
  expect(expired.statusCode).toBe(403);
  expect(expired.json<ApiErrorBody>().code).toBe('FILE_LINK_INVALID');
}, 120_000);
