import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// waitFor and findBy give up after one second by default; on CI's two cores, with the service and the browser
// project busy, a round trip to the real service has taken longer. A wait that succeeds returns as soon as it can.
configure({ asyncUtilTimeout: 10_000 });
