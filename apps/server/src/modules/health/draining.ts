import type { onRequestHookHandler } from 'fastify';
import { apiPaths } from '@yuk/shared';
import { AppError } from '../../errors.js';
import type { Readiness } from './readiness.js';

/**
 * The request header by which a balancer says it passes a request answered 503 to another instance when the
 * request is idempotent (deploy/nginx.conf: `proxy_next_upstream … http_503`).
 */
export const BALANCER_RESENDS_HEADER = 'x-balancer-resends';

const RESENDABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const healthPrefix = apiPaths.health;

/**
 * While an instance drains, a request its balancer would send elsewhere is answered 503 `INSTANCE_DRAINING`
 * before anything runs. The balancer resends it to another instance and, counting the 503 as a failure, stops
 * choosing this one, so that no request is on its way here when the port closes (a connection the kernel has
 * accepted but the app has not is reset then, and a POST cut off that way is never sent again).
 * Everything else is served as usual: a POST, a request from a balancer that does not resend, the health checks.
 */
export function refuseResendableWhileDraining(readiness: Readiness): onRequestHookHandler {
  return (request, _reply, done) => {
    if (
      readiness.state === 'draining' &&
      RESENDABLE_METHODS.has(request.method) &&
      request.headers[BALANCER_RESENDS_HEADER] === 'idempotent' &&
      !request.url.startsWith(healthPrefix)
    ) {
      done(new AppError('INSTANCE_DRAINING', { retryAfterSeconds: 1 }));
      return;
    }
    done();
  };
}
