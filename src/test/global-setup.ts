// vitest.config.mts names this file; database tests will add their shared setup here.
export default async function setup() {}
