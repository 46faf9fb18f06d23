import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tender } from '@yuk/shared';
import { responseSerializerCompiler } from '../src/plugins/response-serializer.js';

const company = z.object({ id: z.number().int(), name: z.string(), verified: z.boolean() });
const answer = z.object({
  id: z.number().int(),
  note: z.string().nullable().optional(),
  title: z.string(),
  owner: company.nullable(),
  tags: z.array(z.enum(['truck', 'plane'])),
});

/** An app answering `data()` under `schema`, its serializer compiled with or without the check. */
async function appAnswering(schema: z.ZodType, data: () => unknown, check: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => data());
  await app.ready();
  return app;
}

describe('the compiled response serializer', () => {
  it('writes the declared fields alone, with the values zod writes, required keys first', async () => {
    const data = {
      title: 'Sement',
      id: 7,
      note: 'fragile "glass" \\ \u0001 \ud800',
      internal_cost: 99,
      owner: { id: 3, name: "Farg'ona Trans", verified: true, password_hash: 'x' },
      tags: ['truck'],
    };
    for (const check of [false, true]) {
      const app = await appAnswering(answer, () => data, check);
      const res = await app.inject({ method: 'GET', url: '/answer' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(answer.parse(data));
      expect(res.body).not.toContain('internal_cost');
      expect(res.body).not.toContain('password_hash');
      // the optional note after the required fields, where zod keeps the schema's order
      expect(Object.keys(res.json<object>())).toEqual(['id', 'title', 'owner', 'tags', 'note']);
      await app.close();
    }
  });

  it('writes a null owner and an absent note as zod does', async () => {
    const app = await appAnswering(answer, () => ({ id: 1, title: 'Un', owner: null, tags: [] }), true);
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"id":1,"title":"Un","owner":null,"tags":[]}');
    await app.close();
  });

  it('writes a shared schema (a tender) with the values zod writes', async () => {
    const example = tender.meta()?.examples;
    expect(Array.isArray(example) && example.length).toBeTruthy();
    const data = (example as unknown[])[0];
    const app = await appAnswering(tender, () => data, true);
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(z.encode(tender, data as z.output<typeof tender>))));
    await app.close();
  });

  it('with the check, fails an answer where the compiled serializer and zod disagree', async () => {
    // a field that reads differently every time: zod's encoding and the compiled serializer see two values
    let reads = 0;
    const changing = () => ({
      id: 1,
      title: 'x',
      owner: null,
      tags: [],
      get note() {
        return `read ${++reads}`;
      },
    });
    const checked = await appAnswering(answer, changing, true);
    const res = await checked.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(500);
    await checked.close();
    const unchecked = await appAnswering(answer, changing, false);
    expect((await unchecked.inject({ method: 'GET', url: '/answer' })).statusCode).toBe(200);
    await unchecked.close();
  });

  it('with the check, an answer its schema refuses is a 500, as zod alone made it', async () => {
    const app = await appAnswering(answer, () => ({ id: 1.5, title: 'x', owner: null, tags: ['ship'] }), true);
    expect((await app.inject({ method: 'GET', url: '/answer' })).statusCode).toBe(500);
    await app.close();
  });

  it('leaves a schema JSON Schema cannot state (a date) to zod', async () => {
    const when = new Date('2026-11-29T10:00:00.000Z');
    const app = await appAnswering(z.object({ at: z.date() }), () => ({ at: when }), false);
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-11-29T10:00:00.000Z' });
    await app.close();
  });
});
