/** Who made a change, as the audit log records it: the signed-in user and the request's ip. */
export type Ator = { usuarioId: number; ip: string | null };
