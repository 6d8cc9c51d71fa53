// As a host under a strict Content-Security-Policy sets it, before anything parses: zod (which checks this package's
// props) otherwise tries `new Function('')` once to learn whether it may compile its parsers, a try such a policy
// refuses and reports. Imported before the components, whose modules parse as they load.
import { z } from 'zod';

export const zodConfig = z.config({ jitless: true });
