// Loads the bundled worker in miniflare 4 with its default configuration (the default module
// rules: the bundle's imports are found by parsing it) and books through both paths.
import { Miniflare } from 'miniflare';

const mf = new Miniflare({
  scriptPath: 'out/worker.js',
  modules: true,
  compatibilityDate: process.env.COMPATIBILITY_DATE,
  compatibilityFlags: ['nodejs_compat'],
  bindings: { FAREWAY_BASE_URL: process.env.FAREWAY_BASE_URL, FAREWAY_API_KEY: process.env.FAREWAY_API_KEY },
});
try {
  for (const path of ['/in-worker', '/over-http']) {
    const res = await mf.dispatchFetch(`http://localhost${path}`);
    console.log(JSON.stringify({ path, code: res.status, ...(await res.json()) }));
  }
} finally {
  await mf.dispose();
}
