import { execSync } from 'node:child_process';
import { constants as zlibConstants } from 'node:zlib';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

import { endpointDocsOutOfApp } from './tools/endpoint-docs-out-of-app.ts';
import { preloadWithoutWorker } from './tools/preload-without-worker.ts';
import { reactRouterProduction } from './tools/react-router-production.ts';
import { routePages } from './tools/route-pages.ts';
import { zodWithoutJsonSchema } from './tools/zod-without-json-schema.ts';

/** Identifies a build; the persisted query cache of another build is discarded. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = 'local';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (e.g. a source archive): the timestamp alone identifies the build.
  }
  return `${commit}-${Date.now().toString(36)}`;
}

/**
 * `ANALYZE=1 npx vite build` also writes what each chunk contains (a treemap and its raw data) to
 * `dist-stats/`, outside `dist/` so it is never served or precached.
 */
function bundleAnalysis(): PluginOption[] {
  if (!process.env.ANALYZE) return [];
  return [
    visualizer({ filename: 'dist-stats/treemap.html', template: 'treemap', gzipSize: true }),
    visualizer({ filename: 'dist-stats/stats.json', template: 'raw-data', gzipSize: true }),
  ];
}

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  plugins: [
    react(),
    tailwindcss(),
    // The browser never writes a JSON Schema; the server does, for /api/docs (decision 158).
    zodWithoutJsonSchema(),
    // An endpoint's summary, description, tags and errors, and a schema's description, are for
    // /api/docs (decision 212).
    endpointDocsOutOfApp(),
    // React Router without its development warnings (decision 212).
    reactRouterProduction(),
    preloadWithoutWorker(),
    // The sign-in pages, where a first visit lands before any service worker is installed.
    routePages({
      login: 'src/app/routes/login.tsx',
      register: 'src/app/routes/register.tsx',
      'forgot-password': 'src/app/routes/forgot-password.tsx',
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src-sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'logo.svg'],
      manifest: {
        id: '/',
        name: 'Buyer Portal',
        short_name: 'Buyer Portal',
        description: 'Buy article and link placements on publisher websites.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        lang: 'en-US',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/maskable-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: ['icons-src/**', '**/*.map'],
      },
      devOptions: { enabled: false },
    }),
    // Every text asset also as .br and .gz beside it, compressed once at build at the highest
    // levels; the server sends the variant the browser accepts (decision 100).
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest)$/,
      exclude: /\.map$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    ...bundleAnalysis(),
  ],
  worker: { format: 'es', plugins: () => [zodWithoutJsonSchema(), endpointDocsOutOfApp()] },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // Read by scripts/check-js-budget.mjs: which files each route module loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only libraries every page needs are grouped: a group is one chunk, loaded whole.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // Small list helpers that every signed-in list page shares and the sign-in pages
              // never load: one chunk instead of a dozen of under 1 KiB each (decision 161). Their
              // own imports stay where they are, so nothing the entry or the sign-in pages use
              // moves in here; the budget of /login fails if one of these ever becomes theirs.
              name: 'list-ui',
              test: /src[\\/](hooks[\\/](use-list-state|use-retry-after-network-error|use-live-store|use-page-in-range)\.ts|components[\\/](card|badge|skeleton|state-blocks|select-field|pagination|opened-lazily|person-avatar)\.tsx)$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              // The query cache every page uses; Dexie, zod, Headless UI and the rest go with the
              // chunks that use them, so a page loads only what it renders (decision 110).
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
