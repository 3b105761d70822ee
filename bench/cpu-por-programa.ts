import { readdir, readFile } from 'node:fs/promises';

// Where a row's time goes: CPU seconds of the processes alive at the end of a span, summed per program
// (postgres, node), read from Linux's /proc. Ticks are 1/100 s (USER_HZ); a process that exits within
// the span is not counted.
const TICKS_POR_SEGUNDO = 100;

type Processo = { programa: string; segundos: number };

const lerProcessos = async (): Promise<Map<string, Processo>> => {
  const processos = new Map<string, Processo>();
  const pids = (await readdir('/proc')).filter((nome) => /^\d+$/.test(nome));
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      if (!stat) return;
      const fimDoNome = stat.lastIndexOf(')');
      // After the name come the state (field 3) and, at fields 14 and 15, utime and stime.
      const campos = stat.slice(fimDoNome + 2).split(' ');
      const segundos = (Number(campos[11]) + Number(campos[12])) / TICKS_POR_SEGUNDO;
      processos.set(pid, { programa: stat.slice(stat.indexOf('(') + 1, fimDoNome), segundos });
    }),
  );
  return processos;
};

/** Starts a span; `fim()` answers the CPU seconds used in it, per program. */
export const medirCpuPorPrograma = async () => {
  const antes = await lerProcessos();
  return {
    fim: async (): Promise<Map<string, number>> => {
      const porPrograma = new Map<string, number>();
      for (const [pid, { programa, segundos }] of await lerProcessos()) {
        const usado = segundos - (antes.get(pid)?.segundos ?? 0);
        porPrograma.set(programa, (porPrograma.get(programa) ?? 0) + usado);
      }
      return porPrograma;
    },
  };
};
