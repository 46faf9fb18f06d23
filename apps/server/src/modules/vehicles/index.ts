/** The vehicles module: a carrier's vehicles and their papers. */
export { vehiclesRoutes } from './vehicles.routes.js';
export { seedDemoVehicles } from './vehicles.seed.js';
export { assertVehicleFitsBid, vehicleDueHandlers } from './vehicles.service.js';
