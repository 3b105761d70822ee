import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const BUDGET_GZIP_BYTES = 250 * 1024;

test('the JavaScript loaded for /login stays within 250 KB gzipped', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Gzip size of each script the page loaded (what a gzip-only client downloads).
  const sizes = [...scripts].map((path) => gzipSync(readFileSync(join(dist, path)), { level: 9 }).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'login-js-gzip',
    description: `${(total / 1024).toFixed(1)} KB in ${sizes.length} files`,
  });
  console.log(`JS para /login: ${(total / 1024).toFixed(1)} KB gzip em ${sizes.length} arquivos`);
  expect(total).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  expect([...scripts].some((path) => path.includes('app-shell'))).toBe(false);
});
