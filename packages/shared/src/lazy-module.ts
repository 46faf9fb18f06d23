/**
 * What an import gives (a module, or something taken from it), imported on first use rather than with the code
 * that uses it: in the web app a schema and zod needed only once an answer arrives, on the server pdfkit or
 * nodemailer needed only by some requests. Every call gets the same promise, so work chained on it keeps its
 * order; a failed import is tried again on the next call.
 */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
