import { crc32, deflateSync } from 'node:zlib';
import { vehicleFormInput, type VehicleDocument, type VehicleFormInput } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { checkDocument } from '../files/index.js';
import { storeNewVehicle, type VehicleUploads } from './vehicles.service.js';

/** PDF text strings escape their delimiters; the built-in Helvetica font covers ASCII only. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);

/** A small, valid one-page PDF with a title and lines of text. */
export function makePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.flatMap((line) => ['0 -24 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

type Rgb = readonly [number, number, number];

/** A small, valid PNG: a side view of a lorry in `body` colour on a sky-and-road background. */
export function makeVehiclePng(body: Rgb, width = 240, height = 140): Buffer {
  const pixel = (x: number, y: number): Rgb => {
    const wheel = [50, 110, 185].some((cx) => (x - cx) ** 2 + (y - 112) ** 2 <= 14 ** 2);
    if (wheel) return [30, 30, 30];
    if (x >= 20 && x < 160 && y >= 40 && y < 105) return body; // cargo box
    if (x >= 165 && x < 220 && y >= 60 && y < 105) return y < 80 && x > 185 ? [170, 210, 235] : body; // cab, window
    if (y >= 120) return [90, 90, 95]; // road
    const shade = Math.round(235 - (y / height) * 50);
    return [shade - 40, shade - 10, 255];
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoVehicle {
  form: VehicleFormInput;
  colour: Rgb;
  documents: readonly VehicleDocument[];
  /** How many days ago it was added. */
  daysAgo: number;
}

const DEMO_FLEET: readonly DemoVehicle[] = [
  {
    form: {
      vehicle_name: 'MAN TGX 18.480',
      vehicle_type: 'Tented Truck',
      license_plate: '01 A 123 BC',
      vin: 'WMA06XZZ7LP123456',
      year_of_manufacture: 2020,
      current_status: 'Active',
      max_load_weight: 20,
      weight_unit: 'ton',
      max_volume: 82,
      volume_unit: 'm³',
      axle_count: 5,
      length: 13.6,
      width: 2.45,
      height: 2.7,
      equipment_features: ['GPS', 'Tracking System'],
    },
    colour: [30, 90, 160],
    documents: ['registration', 'insurance', 'vehicle_photo'],
    daysAgo: 40,
  },
  {
    form: {
      vehicle_name: 'Volvo FH 460 Reefer',
      vehicle_type: 'Refrigerated Truck',
      license_plate: '01 B 456 CD',
      vin: 'YV2RT40A5KB234567',
      year_of_manufacture: 2019,
      current_status: 'In Transit',
      max_load_weight: 18,
      weight_unit: 'ton',
      max_volume: 76,
      volume_unit: 'm³',
      axle_count: 5,
      length: 13.4,
      width: 2.46,
      height: 2.6,
      equipment_features: ['GPS', 'Temperature Control', 'Refrigerated', 'Tracking System'],
    },
    colour: [235, 235, 240],
    documents: ['registration', 'insurance', 'vehicle_photo'],
    daysAgo: 33,
  },
  {
    form: {
      vehicle_name: 'Isuzu NQR 90',
      vehicle_type: 'Box Truck',
      license_plate: '30 E 234 FA',
      vin: 'JAANQR90LM7345678',
      year_of_manufacture: 2021,
      current_status: 'Available',
      max_load_weight: 5,
      weight_unit: 'ton',
      max_volume: 36,
      volume_unit: 'm³',
      axle_count: 2,
      length: 6.2,
      width: 2.3,
      height: 2.3,
      equipment_features: ['GPS', 'Liftgate', 'Camera'],
    },
    colour: [200, 40, 40],
    documents: ['registration', 'insurance', 'vehicle_photo'],
    daysAgo: 21,
  },
  {
    form: {
      vehicle_name: 'KAMAZ 65117 bortovoy',
      vehicle_type: 'Flatbed Truck',
      license_plate: '10 K 345 LM',
      vin: 'XTC651173G1456789',
      year_of_manufacture: 2016,
      current_status: 'Maintenance',
      max_load_weight: 14,
      weight_unit: 'ton',
      max_volume: 0,
      volume_unit: 'm³',
      axle_count: 3,
      length: 7.8,
      width: 2.5,
      height: 0.6,
      equipment_features: ['Tracking System'],
    },
    colour: [60, 120, 60],
    documents: ['registration', 'insurance'],
    daysAgo: 15,
  },
  {
    form: {
      vehicle_name: 'Chevrolet Labo',
      vehicle_type: 'Open Truck',
      license_plate: '01 L 567 AB',
      vin: '',
      year_of_manufacture: 2022,
      current_status: 'Active',
      max_load_weight: 550,
      weight_unit: 'kg',
      max_volume: 2.6,
      volume_unit: 'm³',
      axle_count: 2,
      length: 2.2,
      width: 1.4,
      height: 0.35,
      equipment_features: [],
    },
    colour: [245, 245, 245],
    documents: ['vehicle_photo'],
    daysAgo: 9,
  },
  {
    form: {
      vehicle_name: 'Chevrolet Damas',
      vehicle_type: 'Van',
      license_plate: '40 D 901 EF',
      vin: 'XWB4A11CDNA567890',
      year_of_manufacture: 2023,
      current_status: 'Available',
      max_load_weight: 550,
      weight_unit: 'kg',
      max_volume: 2.9,
      volume_unit: 'm³',
      axle_count: 2,
      length: 1.8,
      width: 1.3,
      height: 1.2,
      equipment_features: ['GPS'],
    },
    colour: [240, 200, 60],
    documents: ['registration', 'vehicle_photo'],
    daysAgo: 5,
  },
  {
    form: {
      vehicle_name: 'Schmitz Cargobull S.KO Cool',
      vehicle_type: 'Trailer',
      license_plate: '01 P 112 RS',
      vin: 'WSM00000003678901',
      year_of_manufacture: 2018,
      current_status: 'Inactive',
      max_load_weight: 24,
      weight_unit: 'ton',
      max_volume: 86,
      volume_unit: 'm³',
      axle_count: 3,
      length: 13.6,
      width: 2.48,
      height: 2.65,
      equipment_features: ['Temperature Control', 'Refrigerated'],
    },
    colour: [250, 250, 250],
    documents: ['registration', 'insurance', 'vehicle_photo'],
    daysAgo: 2,
  },
];

function demoDocument(kind: VehicleDocument, demo: DemoVehicle, ownerName: string): { name: string; data: Buffer } {
  const { form } = demo;
  const plate = String(form.license_plate);
  const fileStem = plate.replace(/\s+/g, '-');
  const vehicleLines = [
    `Vehicle: ${String(form.vehicle_name)} (${String(form.vehicle_type)})`,
    `License plate: ${plate}`,
    `VIN: ${form.vin ? String(form.vin) : 'not given'}`,
    `Year of manufacture: ${String(form.year_of_manufacture)}`,
    `Owner: ${ownerName}`,
  ];
  if (kind === 'registration') {
    return {
      name: `texpasport-${fileStem}.pdf`,
      data: makePdf("Transport vositasini ro'yxatdan o'tkazish guvohnomasi", [
        'Vehicle registration certificate (demo)',
        ...vehicleLines,
        'Issued by: Road Safety Department, Tashkent',
      ]),
    };
  }
  if (kind === 'insurance') {
    return {
      name: `OSAGO-${fileStem}.pdf`,
      data: makePdf("Majburiy sug'urta polisi (OSAGO)", [
        'Compulsory motor liability insurance policy (demo)',
        ...vehicleLines,
        'Valid: 12 months from the date of issue',
      ]),
    };
  }
  return { name: `photo-${fileStem}.png`, data: makeVehiclePng(demo.colour) };
}

/** Adds a demo fleet of lorries and vans, with documents, to the owner's vehicles. */
export async function seedDemoVehicles(
  db: Db,
  ownerId: number,
  ownerName = 'Demo carrier',
  now = Date.now(),
): Promise<number> {
  for (const demo of DEMO_FLEET) {
    const uploads: VehicleUploads = {};
    for (const kind of demo.documents) {
      const { name, data } = demoDocument(kind, demo, ownerName);
      const checked = checkDocument(name, data, kind);
      if (!checked) throw new Error(`demo document ${name} was not accepted`);
      uploads[kind] = checked;
    }
    const at = new Date(now - demo.daysAgo * 24 * 60 * 60 * 1000).toISOString();
    await storeNewVehicle(db, ownerId, vehicleFormInput.parse(demo.form), uploads, at);
  }
  return DEMO_FLEET.length;
}
