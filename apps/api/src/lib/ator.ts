/**
 * Who made a change, as the audit log records it: the signed-in user and the request's ip. The CLI
 * and the demo seed act as nobody (`Ator<number | null>` with `usuarioId: null`).
 */
export type Ator<U extends number | null = number> = { usuarioId: U; ip: string | null };
