import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type PDFDocumentClass from 'pdfkit';
import {
  formatMarketDay,
  formatMarketTime,
  formatUsd,
  interpolate,
  lazyModule,
  MARKET_TIME_ZONE,
  SHIPMENT_STATUS_TEXT,
  type AwardSignature,
  type Language,
  type Localized,
} from '@yuk/shared';
import { pngSize } from '../files/index.js';
import { languagesFor, NOTE_TEXTS, type NoteTextKey } from './delivery-note-texts.js';

export interface NoteImage {
  contentType: string;
  data: Buffer;
}

export interface NoteParty {
  company: string | null;
  person: string;
  phone?: string;
}

/** What the delivery note shows: the shipment as stored, and its proof when there is one. */
export interface DeliveryNoteData {
  number: string;
  generatedAt: string;
  owner: NoteParty;
  carrier: NoteParty;
  cargo: { description: string; weightKg: number; volumeM3: number; requirements: string; incoterms: string };
  route: { origin: string; destination: string; pickupDate: string; deliveryDate: string };
  timeline: { created: string; loaded: string | null; onTheWay: string | null; delivered: string | null };
  amountCents: number;
  /** The award's ERI signatures, each side's at most once. */
  awardSignatures: AwardSignature[];
  proof: {
    receiverName: string;
    recordedAt: string;
    position: { lat: number; lon: number; accuracyM: number | null } | null;
    signature: NoteImage | undefined;
    photos: NoteImage[];
  } | null;
}

/** DejaVu Sans: Latin with the Uzbek letters (oʻ gʻ ʼ), Cyrillic (with ў қ ғ ҳ) and the signs the note uses. */
export const NOTE_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

const fonts = new Map<string, Promise<{ regular: Buffer; bold: Buffer }>>();

/** The fonts are read once per folder and kept: every note embeds the few glyphs it uses (a subset). */
function loadFonts(dir: string) {
  let loaded = fonts.get(dir);
  if (!loaded) {
    loaded = Promise.all([
      readFile(join(dir, NOTE_FONT_FILES.regular)),
      readFile(join(dir, NOTE_FONT_FILES.bold)),
    ]).then(([regular, bold]) => ({ regular, bold }));
    // a failed read is not remembered: the next note tries again
    loaded.catch(() => fonts.delete(dir));
    fonts.set(dir, loaded);
  }
  return loaded;
}

/** An instant as Tashkent reads it: 03.12.2026 14:41. */
const tashkentTime = (iso: string) => formatMarketTime(Date.parse(iso));

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A PNG may be decoded to be embedded (an alpha channel is split off): beyond this many pixels it is not drawn. */
const MAX_PNG_PIXELS = 4_000_000;

/** pdfkit opens (parses) an image before drawing it; its types leave the call out. */
type DocumentWithOpen = PDFKit.PDFDocument & { openImage(src: Buffer): { width: number; height: number } };

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether pdfkit can draw this PNG without failing later: pdfkit decodes some PNGs in a callback where a
 * broken one would throw past any handler and stop the server. So the data is checked first, here: chunks
 * that hold together, a size within MAX_PNG_PIXELS, not interlaced, and pixel data that inflates to exactly
 * its rows, each with a known filter.
 */
export function embeddablePng(data: Buffer): boolean {
  const size = pngSize(data);
  if (!size || size.width === 0 || size.height === 0 || size.width * size.height > MAX_PNG_PIXELS) return false;
  const bitDepth = data[24] ?? 0;
  const channels = PNG_CHANNELS[data[25] ?? -1];
  const interlaced = data[28] !== 0;
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth) || interlaced) return false;
  const idat: Buffer[] = [];
  let pos = 8;
  while (pos + 8 <= data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const end = pos + 8 + length + 4;
    if (end > data.length) return false;
    if (type === 'IDAT') idat.push(data.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') break;
    pos = end;
  }
  const rowBytes = Math.ceil((size.width * channels * bitDepth) / 8);
  const expected = size.height * (rowBytes + 1);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  for (let row = 0; row < size.height; row += 1) if ((pixels[row * (rowBytes + 1)] ?? 5) > 4) return false;
  return true;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 185;
const VALUE_X = PAGE.margin + LABEL_WIDTH + 10;
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - 10;
const COLORS = { text: '#111827', muted: '#6b7280', rule: '#d1d5db', box: '#f3f4f6' };
const THUMB = { width: 160, height: 120, gap: (CONTENT_WIDTH - 3 * 160) / 2 };

/**
 * pdfkit, loaded with the first note: most instances write none for hours, and loaded at start it is the
 * largest part of the idle server's memory among the modules only some requests need.
 */
const loadPdfkit = lazyModule<typeof PDFDocumentClass>(() => import('pdfkit').then((module) => module.default));

/** Writes the delivery note (A4) and gives its bytes. */
export async function buildDeliveryNote(fontsDir: string, lang: Language, note: DeliveryNoteData): Promise<Buffer> {
  const [{ regular, bold }, PDFDocument] = await Promise.all([loadFonts(fontsDir), loadPdfkit()]);
  const order = languagesFor(lang);
  const say = (key: NoteTextKey) => NOTE_TEXTS[key][lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${NOTE_TEXTS.title[lang]} ${note.number}`,
      Author: 'Yuk Tender',
      Subject: order.map((each) => NOTE_TEXTS.title[each]).join(' / '),
      CreationDate: new Date(note.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const bottom = PAGE.height - PAGE.margin - 20;
  const roomFor = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };

  /** A label in the reader's language, then the other two, smaller. */
  const label = (text: Localized, x: number, width: number) => {
    const [first, ...others] = order.map((each) => text[each]);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(COLORS.text)
      .text(first ?? '', x, doc.y, { width });
    const rest = [...new Set(others.filter((other) => other !== first))];
    if (rest.length > 0)
      doc.font('regular').fontSize(7.5).fillColor(COLORS.muted).text(rest.join(' · '), x, doc.y, { width });
  };

  const row = (key: NoteTextKey | Localized, value: string) => {
    roomFor(34);
    const top = doc.y;
    label(typeof key === 'string' ? NOTE_TEXTS[key] : key, PAGE.margin, LABEL_WIDTH);
    const labelBottom = doc.y;
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(COLORS.text)
      .text(value.trim() || say('empty'), VALUE_X, top, { width: VALUE_WIDTH });
    doc.y = Math.max(labelBottom, doc.y) + 6;
    doc.x = PAGE.margin;
  };

  const section = (key: NoteTextKey) => {
    roomFor(60);
    doc.moveDown(0.6);
    const [first, ...others] = order.map((each) => NOTE_TEXTS[key][each]);
    doc
      .font('bold')
      .fontSize(12.5)
      .fillColor(COLORS.text)
      .text(first ?? '', PAGE.margin, doc.y, { continued: true });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(`   ${others.join(' · ')}`);
    const lineY = doc.y + 2;
    doc
      .moveTo(PAGE.margin, lineY)
      .lineTo(PAGE.width - PAGE.margin, lineY)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.y = lineY + 6;
  };

  /** An image fitted in a box, or the box with a few words when it cannot be drawn here. */
  const picture = (image: NoteImage | undefined, x: number, y: number, width: number, height: number) => {
    doc.rect(x, y, width, height).lineWidth(0.5).fillAndStroke(COLORS.box, COLORS.rule);
    const note = (key: NoteTextKey) =>
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(order.map((each) => NOTE_TEXTS[key][each]).join('\n'), x + 8, y + 10, { width: width - 16 });
    if (!image) return note('unreadablePhoto');
    // WebP is not a PDF image type: converting it needs an image library the server does without
    if (image.contentType === 'image/webp') return note('webpPhoto');
    if (image.contentType === 'image/png' && !embeddablePng(image.data)) return note('unreadablePhoto');
    try {
      // the image is opened (parsed) first: bytes that start like an image but are none are refused here,
      // before anything of them is written (uploads are judged by their first bytes only)
      const opened = (doc as DocumentWithOpen).openImage(image.data);
      if (!(opened.width > 0 && opened.height > 0)) return note('unreadablePhoto');
      doc.image(image.data, x + 2, y + 2, { fit: [width - 4, height - 4], align: 'center', valign: 'center' });
    } catch {
      note('unreadablePhoto');
    }
  };

  // the heading: the title in the reader's language, the other two beneath; the number and issue time
  const [title, ...otherTitles] = order.map((each) => NOTE_TEXTS.title[each]);
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(COLORS.text)
    .text(title ?? '', PAGE.margin, PAGE.margin);
  doc.font('regular').fontSize(10).fillColor(COLORS.muted).text(otherTitles.join(' · '));
  doc.moveDown(0.4);
  doc.font('bold').fontSize(15).fillColor(COLORS.text).text(note.number);
  doc.moveDown(0.4);
  row('generated', `${tashkentTime(note.generatedAt)} (${MARKET_TIME_ZONE}, UTC+5)`);

  section('parties');
  const party = (who: NoteParty) =>
    [who.company, who.person, who.phone].filter((part): part is string => Boolean(part)).join('\n');
  row('owner', party(note.owner));
  row('carrier', party(note.carrier));

  section('cargo');
  row('description', note.cargo.description);
  row('weight', `${numberFormat.format(note.cargo.weightKg)} kg`);
  row('volume', `${numberFormat.format(note.cargo.volumeM3)} m³`);
  row('requirements', note.cargo.requirements);
  row('incoterms', note.cargo.incoterms);

  section('route');
  row('origin', note.route.origin);
  row('destination', note.route.destination);
  row('pickupDate', formatMarketDay(note.route.pickupDate));
  row('deliveryDate', formatMarketDay(note.route.deliveryDate));

  section('timeline');
  const when = (iso: string | null) => (iso ? tashkentTime(iso) : say('empty'));
  row('created', when(note.timeline.created));
  row(SHIPMENT_STATUS_TEXT.loaded, when(note.timeline.loaded));
  row(SHIPMENT_STATUS_TEXT.on_the_way, when(note.timeline.onTheWay));
  row(SHIPMENT_STATUS_TEXT.delivered, when(note.timeline.delivered));

  section('payment');
  row('price', `${formatUsd(note.amountCents)} USD`);

  section('award');
  for (const side of ['owner', 'carrier'] as const) {
    const signature = note.awardSignatures.find((each) => each.side === side);
    row(
      side,
      signature
        ? interpolate(say('signedBy'), {
            name: signature.stir ? `${signature.signer_name} (${signature.stir})` : signature.signer_name,
            date: tashkentTime(signature.timestamped_at),
          })
        : say('notSigned'),
    );
  }

  section('proof');
  const proof = note.proof;
  if (!proof) {
    for (const each of order) {
      doc.font('regular').fontSize(10).fillColor(COLORS.text).text(NOTE_TEXTS.noProof[each], { width: CONTENT_WIDTH });
    }
  } else {
    row('receiver', proof.receiverName);
    row('recordedAt', tashkentTime(proof.recordedAt));
    const position = proof.position;
    row(
      'position',
      position
        ? `${position.lat.toFixed(5)}, ${position.lon.toFixed(5)}` +
            (position.accuracyM === null ? '' : ` (± ${Math.round(position.accuracyM)} m)`)
        : order.map((each) => NOTE_TEXTS.noPosition[each]).join('\n'),
    );

    roomFor(150);
    label(NOTE_TEXTS.signature, PAGE.margin, CONTENT_WIDTH);
    doc.moveDown(0.3);
    const signatureTop = doc.y;
    picture(proof.signature, PAGE.margin, signatureTop, 260, 110);
    doc.y = signatureTop + 110 + 12;
    doc.x = PAGE.margin;

    if (proof.photos.length > 0) {
      roomFor(40 + THUMB.height);
      label(NOTE_TEXTS.photos, PAGE.margin, CONTENT_WIDTH);
      doc.moveDown(0.3);
      proof.photos.forEach((photo, index) => {
        const column = index % 3;
        if (column === 0) roomFor(THUMB.height + 10);
        const top = doc.y;
        picture(photo, PAGE.margin + column * (THUMB.width + THUMB.gap), top, THUMB.width, THUMB.height);
        // the next row starts below this one; a row's pictures share its top
        doc.y = column === 2 || index === proof.photos.length - 1 ? top + THUMB.height + 10 : top;
      });
    }
  }

  // every page's foot: the number and the page, in the reader's language
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // the foot sits in the bottom margin, where text would otherwise start a new page
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(
        `Yuk Tender · ${note.number} · ${say('page')} ${index + 1}/${range.count}`,
        PAGE.margin,
        PAGE.height - PAGE.margin - 10,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return finished;
}
