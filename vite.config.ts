import { execSync } from 'node:child_process';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  plugins: [
    react(),
    tailwindcss(),
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
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|@tanstack[\\/]react-virtual)/,
              priority: 20,
            },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query|query-persist-client-core|react-query-persist-client|query-async-storage-persister)|dexie|zod)[\\/]/,
              priority: 10,
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
