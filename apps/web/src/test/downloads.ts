import { vi } from 'vitest';

/**
 * Records what a download hands to the browser: the blobs saved and the file names the link offers. `restore`
 * puts the link's click back (URL is restored with the other stubbed globals after each test).
 */
export function watchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:csv';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, restore: () => click.mockRestore() };
}

/** A CSV file as the API sends it, under the server's file name. */
export function csvFile(text: string, filename: string): Response {
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
  });
}
