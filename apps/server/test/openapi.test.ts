import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The served OpenAPI document is checked by an outside linter (Redocly's `recommended` rules) and against the
 * routes the server really has, so that it stays true and clean as routes are added.
 */
interface MediaType {
  schema?: { examples?: unknown[]; items?: { examples?: unknown[] } };
  example?: unknown;
  examples?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const hasExample = (media: MediaType) =>
  media.example !== undefined ||
  media.examples !== undefined ||
  Boolean(media.schema?.examples?.length) ||
  Boolean(media.schema?.items?.examples?.length);

const routes: { method: string; url: string; hidden: boolean }[] = [];
let test: TestApp;
let document: OpenApiDocument;
let source: string;

beforeAll(async () => {
  test = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hidden =
        route.schema?.hide === true || !route.url.startsWith('/api/') || route.url.startsWith(apiPaths.docs);
      for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, hidden });
    },
  });
  const res = await test.app.inject({ method: 'GET', url: apiPaths.docsJson });
  expect(res.statusCode).toBe(200);
  source = res.body;
  document = res.json<OpenApiDocument>();
});
afterAll(() => test.close());

describe('the OpenAPI document', () => {
  it("has no problem by Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const report = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    );
    expect(report).toEqual([]);
  });

  it('documents every route at its exact path, with a summary, a tag and an operationId', () => {
    const visible = routes.filter((route) => !route.hidden);
    expect(visible.length).toBeGreaterThan(25);
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        documented.add(`${method.toUpperCase()} ${path}`);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      }
    }
    const expected = visible.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect([...documented].sort()).toEqual([...new Set(expected)].sort());
    for (const path of Object.keys(document.paths)) expect(path).not.toMatch(/.\/$/);
  });

  it('shows an example of every request body and of every JSON answer', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
          // logout and refresh take an optional body (the cookie is the usual way)
          if (!hasExample(media) && operation.operationId !== 'logOut' && operation.operationId !== 'refreshSession')
            missing.push(`${method} ${path} request ${type}`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!status.startsWith('2')) continue;
          const json = response.content?.['application/json'];
          if (json && !hasExample(json)) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
