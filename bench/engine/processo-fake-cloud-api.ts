import { iniciarFakeCloudApi, type MensagemRecebida } from '../../apps/api/test/fake-cloud-api.ts';

// The sending bench's fake Cloud API in a process of its own (docs/decisions/054-fake-da-cloud-api-em-processo-proprio.md):
// the bench process delivers the status webhooks and stalled its event loop up to 37 ms, which stamped
// arrivals late and in a bunch, as if the senders had crowded the limit. Argument: the limit per second.
// Reports to its parent over IPC every REPORTE_MS, and once more when told "fim".

export type RelatorioFake = {
  novas: MensagemRecebida[];
  tentativas: number;
  /** When each send refused by the limit arrived. */
  recusas: number[];
};
export type ProntoFake = { url: string; apiVersion: string; phoneNumberId: string; token: string };

const REPORTE_MS = 50;

const enviar = (mensagem: unknown) =>
  new Promise<void>((resolve) => process.send?.(mensagem, () => resolve()));

const fake = await iniciarFakeCloudApi();
fake.limitePorSegundo(Number(process.argv[2]));
let relatadas = 0;
let recusasRelatadas = 0;
const relatar = async () => {
  const relatorio: RelatorioFake = {
    novas: fake.recebidas.slice(relatadas),
    tentativas: fake.tentativas,
    recusas: fake.recusas.slice(recusasRelatadas),
  };
  relatadas += relatorio.novas.length;
  recusasRelatadas += relatorio.recusas.length;
  await enviar({ relatorio });
};
const reporte = setInterval(() => void relatar(), REPORTE_MS);
process.on('message', async (mensagem) => {
  if (mensagem !== 'fim') return;
  clearInterval(reporte);
  await relatar();
  await fake.fechar();
  process.disconnect();
});
const pronto: ProntoFake = {
  url: fake.url,
  apiVersion: fake.apiVersion,
  phoneNumberId: fake.phoneNumberId,
  token: fake.token,
};
await enviar({ pronto });
