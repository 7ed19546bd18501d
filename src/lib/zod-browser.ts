import { config } from 'zod/v4/core';

// zod probes for `new Function` support on first use to speed up object parsing; under the
// Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation. The browser
// parses small forms, so the interpreted path loses nothing. Imported first by _app; only zod's
// tiny config module is imported here, so pages without forms do not ship zod.
config({ jitless: true });
