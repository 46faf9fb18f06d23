/** The health checks: overall (/api/health), liveness and readiness; and what a draining instance refuses. */
export { BALANCER_RESENDS_HEADER, refuseResendableWhileDraining } from './draining.js';
export { healthRoutes } from './health.routes.js';
export { createReadiness, type Readiness, type ReadinessState } from './readiness.js';
