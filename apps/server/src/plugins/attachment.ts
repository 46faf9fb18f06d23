import type { FastifyReply } from 'fastify';

/**
 * Answers with a file to download (a PDF, a signature): never shown in the page, never sniffed into HTML, never
 * kept by a shared cache (prices and names; made anew each time). `fileName` must be made of safe characters
 * only (a shipment number's), so it needs no quoting or encoding.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer | Uint8Array },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
