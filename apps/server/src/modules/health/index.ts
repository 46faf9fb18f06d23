/** The health checks: overall (/api/health), liveness and readiness. */
export { healthRoutes } from './health.routes.js';
export { createReadiness, type Readiness, type ReadinessState } from './readiness.js';
