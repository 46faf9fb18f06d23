// Every bench case, in the order they run. A case exports { name, run(context) } and returns result rows
// with at least: case, p50, p99, targetP99 (or target), met.
import bids from './bids.mjs';
import conversations from './conversations.mjs';
import coldStart from './cold-start.mjs';
import csvExport from './csv-export.mjs';
import deadlines from './deadlines.mjs';
import health from './health.mjs';
import lanePrices from './lane-prices.mjs';
import listCurve from './list-curve.mjs';
import liveMinimum from './live-minimum.mjs';
import positions from './positions.mjs';
import savedSearches from './saved-searches.mjs';
import scaleOut from './scale-out.mjs';
import tenderChannels from './tender-channels.mjs';
import tenderList from './tender-list.mjs';
import web from './web.mjs';

export const cases = [
  health,
  tenderList,
  bids,
  liveMinimum,
  scaleOut,
  web,
  coldStart,
  deadlines,
  savedSearches,
  positions,
  lanePrices,
  csvExport,
  tenderChannels,
  conversations,
  listCurve,
];
