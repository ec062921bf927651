import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LoadError } from './load-error';
import { NotFound } from './not-found';

/** The router's error boundary: a 404 reads like one; anything else (often new app code after an update) offers a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <LoadError
      message="This page could not be shown. Reloading usually fixes it."
      onRetry={() => window.location.reload()}
    />
  );
}
