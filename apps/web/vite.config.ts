import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed copies beside each asset; the API's static plugin serves them (preCompressed).
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The manifest tells the benchmark (bench/web) which chunks hold each area's pages.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
