// Every bench case, in the order they run. A case exports { name, run(context) } and returns result rows
// with at least: case, p50, p99, targetP99 (or target), met.
import tenderList from './tender-list.mjs';

export const cases = [tenderList];
