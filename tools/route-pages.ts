// A copy of index.html per sign-in page that also names the page's own scripts
// (`<link rel="modulepreload">`), so a first visit fetches them with the entry instead of after
// it has run and the router has matched the address (decision 151). The server answers a page's
// address with its copy (`server/plugins/spa.ts`); every other address gets index.html, and an
// installed service worker answers navigations from its own precache as before.
//
// Each copy also holds the page's markup as a signed-out visitor first sees it, rendered by the
// app's own components at build time (`tools/prerender.mjs`, decision 153): the card paints
// before any script has run.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Plugin } from 'vite';

import { routePageFile } from './route-page-file.ts';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}
interface BundleAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/** The files `fileName` loads through static imports, itself included, each once. */
function staticClosure(bundle: Record<string, BundleChunk | BundleAsset>, fileName: string) {
  const files = new Set<string>();
  const visit = (name: string) => {
    const item = bundle[name];
    if (files.has(name) || item?.type !== 'chunk') return;
    files.add(name);
    for (const imported of item.imports) visit(imported);
  };
  visit(fileName);
  return files;
}

const ROOT_ELEMENT = '<div id="root"></div>';

interface RenderedPage {
  html: string;
  title: string;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Each address's markup for `#root` and its title, rendered in a process of its own. */
async function prerender(root: string, addresses: string[]): Promise<Record<string, RenderedPage>> {
  const script = path.join(import.meta.dirname, 'prerender.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...addresses], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, RenderedPage>;
}

/** `pages`: the page's address segment → its route module, relative to the project root. */
export function routePages(pages: Record<string, string>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, BundleChunk | BundleAsset>;
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('route-pages: index.html is not in the bundle');
      const html = String(index.source);
      if (!html.includes(ROOT_ELEMENT))
        this.error(`route-pages: index.html has no ${ROOT_ELEMENT}`);
      const markup = await prerender(
        root,
        Object.keys(pages).map((name) => `/${name}`),
      );
      const byModule = new Map<string, BundleChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.facadeModuleId) {
          byModule.set(path.relative(root, item.facadeModuleId).split(path.sep).join('/'), item);
        }
      }
      for (const [name, modulePath] of Object.entries(pages)) {
        const chunk = byModule.get(modulePath);
        if (!chunk) this.error(`route-pages: no chunk for ${modulePath}`);
        const page = markup[`/${name}`];
        if (!page?.html) this.error(`route-pages: /${name} rendered nothing`);
        const links = [...staticClosure(bundle, chunk.fileName)]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`)
          .join('');
        this.emitFile({
          type: 'asset',
          fileName: routePageFile(name),
          source: html
            .replace('</head>', () => `\n${links}  </head>`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
            .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>`),
        });
      }
    },
  };
}
