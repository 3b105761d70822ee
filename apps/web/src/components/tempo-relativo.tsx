import { formatarRelativo } from '../lib/format-relativo.ts';
import { useAgora } from '../lib/use-agora.ts';

/** `formatarRelativo` kept current: "agora" becomes "há 1 min", then "há 2 min", without a reload. */
export const TempoRelativo = ({ iso }: { iso: string }) => <>{formatarRelativo(iso, useAgora())}</>;
