/**
 * Whether an instance takes traffic: `starting` until it has started, `ready`, then `draining` from the moment
 * it is told to stop (it still serves what reaches it, while the load balancer learns to send nothing new).
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  state: ReadinessState;
}

export function createReadiness(state: ReadinessState = 'starting'): Readiness {
  return { state };
}
