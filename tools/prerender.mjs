// Renders sign-in pages to HTML for the build (decision 153), in its own process: the app's
// modules expect a browser's globals, which this process takes from jsdom and the build's
// process never sees. Usage: `node tools/prerender.mjs /login /register …`; prints a JSON object
// of address → `{ html, title }` (the markup for `#root` and the window's title).
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const addresses = process.argv.slice(2);
const { window } = new JSDOM('<!doctype html><html><body></body></html>', {
  url: 'http://localhost/',
});
for (const key of ['window', 'document', 'localStorage', 'sessionStorage', 'navigator']) {
  Object.defineProperty(globalThis, key, {
    value: window[key],
    configurable: true,
    writable: true,
  });
}

const server = await createServer({
  configFile: false,
  root: process.cwd(),
  mode: 'production',
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  // workbox-window's CommonJS build has no named exports; its ES module build does.
  ssr: { noExternal: ['workbox-window'] },
});
try {
  const { renderSignedOutPage } = await server.ssrLoadModule('/src/app/prerender.tsx');
  const pages = {};
  for (const address of addresses) pages[address] = await renderSignedOutPage(address);
  process.stdout.write(JSON.stringify(pages));
} finally {
  await server.close();
}
