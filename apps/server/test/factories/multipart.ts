/** A file part of a test form. */
export interface FormFile {
  filename: string;
  data: Buffer | string;
  /** The type the client claims (the server judges by the bytes anyway). */
  type?: string;
}

export type FormValue = string | FormFile;

/**
 * Builds a multipart/form-data body the way a browser does (the platform's FormData, serialized by
 * Response), for app.inject. Entries keep their order; a name may repeat.
 */
export async function multipart(
  entries: Record<string, FormValue | undefined> | Array<[string, FormValue]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const list = Array.isArray(entries) ? entries : Object.entries(entries);
  for (const [name, value] of list) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const response = new Response(form);
  const contentType = response.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': contentType } };
}
