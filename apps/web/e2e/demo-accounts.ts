// The demo accounts `npm start` creates on an empty embedded database (see README).
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = {
  super_admin: 'superadmin@demo.cobranca.local',
  admin: 'admin@demo.cobranca.local',
  operador: 'operador@demo.cobranca.local',
} as const;
