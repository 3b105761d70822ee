// Writing to a full disk, whichever layer noticed it: PostgreSQL's disk_full SQLSTATE (PGlite raises it
// too, as `could not extend file …` or `could not write to file "pg_wal/…"`) and Node's ENOSPC.
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC']);

/** Whether the error, or one it wraps (the ORM puts the driver's error in `cause`), is a full disk. */
export const isDiskFull = (error: unknown): boolean => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    if ((code !== undefined && DISK_FULL_CODES.has(code)) || /No space left on device/i.test(current.message))
      return true;
  }
  return false;
};

export const DISK_FULL_MESSAGE =
  'Sem espaço em disco para gravar os dados. Avise o administrador do sistema: é preciso liberar espaço no servidor.';

/** What a process prints when it stops, or cannot start, because the database's disk is full. */
export const diskFullStopMessage = (error: unknown, dataDir?: string) =>
  `Sem espaço em disco${dataDir ? ` em ${dataDir}` : ''}: o banco de dados não consegue gravar. ` +
  'Libere espaço e inicie o servidor de novo. ' +
  `(Detalhe: ${error instanceof Error ? error.message : String(error)})`;
