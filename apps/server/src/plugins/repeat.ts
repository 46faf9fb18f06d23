/**
 * Runs `round` every `tickMs` (and once at once, when `immediately`), never two rounds at a time: a round that
 * outlasts the tick makes the next tick a no-op. The durable rows the round reads are the record of what is
 * due; the timer only decides when to look. Returns the function that stops it; 0 or less never starts.
 */
export function repeatEvery(
  tickMs: number,
  round: () => Promise<unknown>,
  onError: (error: unknown) => void,
  options: { immediately?: boolean } = {},
): () => void {
  if (tickMs <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await round();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const first = options.immediately ? setTimeout(() => void tick(), 0) : undefined;
  const timer = setInterval(() => void tick(), tickMs);
  first?.unref();
  timer.unref();
  return () => {
    stopped = true;
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}
