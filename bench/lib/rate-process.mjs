// One measurement at a fixed rate (measureAtRate), run in a process of its own for measureAtRateApart: it gets
// the options as its one message and answers with the result.
import { measureAtRate } from './load.mjs';

process.once('message', async (options) => {
  const result = await measureAtRate(options);
  process.send(result, () => process.exit(0));
});
