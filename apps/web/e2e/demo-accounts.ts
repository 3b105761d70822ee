// The demo accounts `npm start` creates on an empty embedded database (see README).
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = {
  super_admin: 'superadmin@demo.cobranca.local',
  admin: 'admin@demo.cobranca.local',
  operador: 'operador@demo.cobranca.local',
} as const;

/** The other demo operators: suites that only look around sign in as them, so the journeys' account
 * stays under the per-e-mail sign-in limit (10 in 15 minutes). */
export const DEMO_OPERADORES_EXTRAS = ['bruno@demo.cobranca.local', 'carla@demo.cobranca.local'] as const;
