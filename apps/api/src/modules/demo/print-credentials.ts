import { ROLE_LABELS } from '@cobranca/contracts';
import type { DemoCredencial } from './demo-seed.ts';

export const printCredentials = (credentials: DemoCredencial[]): void => {
  if (credentials.length === 0) return;
  const width = Math.max(...credentials.map((c) => c.email.length));
  console.log('\nContas de demonstração (senha inicial):');
  for (const c of credentials) {
    console.log(`  ${ROLE_LABELS[c.role].padEnd(20)} ${c.email.padEnd(width)}  senha: ${c.password}`);
  }
  console.log('');
};
