import { useRouteError } from 'react-router';
import { PageFailed } from '../page-failed';

/** A page that failed to load or render (e.g. its code changed after an update): say so, offer a reload. */
export function RouteError() {
  const error = useRouteError();
  return <PageFailed detail={error instanceof Error ? error.message : undefined} />;
}
