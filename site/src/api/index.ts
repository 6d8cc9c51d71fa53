// The site's API module: one Quire client on the service that serves the site, the query cache, and the queries
// public pages share. The session code plugs the signed-in person's token in with setTokenSource.
export { plansQuery } from './catalogue';
export { createQuireClient, quire, serviceOrigin, setTokenSource, type TokenSource } from './client';
export { queryClient } from './query-client';
