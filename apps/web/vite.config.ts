import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

// In `vite dev`, /p/<token> opens the portal's page as the API does in production (GET /p/:token).
const portalNoDev = (): Plugin => ({
  name: 'portal-no-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/p\/[^/?#]+\/?(\?.*)?$/.test(req.url)) req.url = '/portal.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [
    react(),
    portalNoDev(),
    // Precompressed copies beside each asset; the API's static plugin serves them (preCompressed).
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The manifest tells the benchmark (bench/web) which chunks hold each area's pages.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The customer portal (/p/:token) is an entry of its own: plain React and CSS, none of the back
    // office's libraries, so it loads fast on a phone and runs under the server's strict CSP.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
      },
    },
  },
});
