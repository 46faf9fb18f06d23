import { describe, expect, it } from 'vitest';
import { ZodType, type z } from 'zod';
import * as shared from './index.js';

/** The examples shown in the API document are real payloads: each passes the schema it illustrates. */
describe('schema examples', () => {
  const withExamples = Object.entries(shared as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof ZodType,
  );

  it('illustrate the main requests and answers', () => {
    const named = withExamples.filter(([, schema]) => schema.meta()?.examples).map(([name]) => name);
    expect(named).toEqual(
      expect.arrayContaining([
        'createTenderInput',
        'tender',
        'placeBidInput',
        'registerInput',
        'loginInput',
        'vehicle',
      ]),
    );
  });

  it.each(withExamples.filter(([, schema]) => schema.meta()?.examples))('%s: every example is valid', (_, schema) => {
    const examples = schema.meta()?.examples as unknown[];
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const result = schema.safeParse(example);
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});
