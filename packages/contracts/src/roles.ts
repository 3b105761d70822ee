export const ROLES = ['super_admin', 'admin', 'operador'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['Ativo', 'Bloqueado'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Administrador',
  admin: 'Administrador',
  operador: 'Operador',
};

/** Who may call each API route group; the API enforces it and the web app mirrors it in its guards. */
export const ROUTE_GROUP_ROLES = {
  admin: ['admin', 'super_admin'],
  superAdmin: ['super_admin'],
  operador: ['operador'],
} as const satisfies Record<string, readonly Role[]>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
