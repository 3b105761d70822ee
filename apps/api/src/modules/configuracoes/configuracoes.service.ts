import type { SistemaSettings } from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { esquecerSistemaEmCache } from './cache-sistema.ts';
import {
  KILL_SWITCH_KEY,
  lockKillSwitch,
  lockSistemaSettings,
  SISTEMA_KEY,
  salvarConfiguracao,
  salvarSistemaSettings,
} from './configuracoes.repository.ts';
import { chavesAlteradas, validarSistema } from './sistema-validacao.ts';

/** Replaces the system settings (PUT semantics) after the cross-field rules; audited with the keys changed. */
export const atualizarSistema = async (
  db: DbOrTx,
  input: SistemaSettings,
  ator: Ator,
): Promise<SistemaSettings> => {
  const { settings, errors } = validarSistema(input);
  if (Object.keys(errors).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors);
  const salvas = await db.transaction(async (tx) => {
    const antes = await lockSistemaSettings(tx);
    await salvarSistemaSettings(tx, settings, ator.usuarioId);
    const alteradas = chavesAlteradas(antes, settings);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'configuracoes.sistema_alteradas',
      descricao:
        alteradas.length > 0
          ? `Configurações do sistema alteradas: ${alteradas.join(', ')}`
          : 'Configurações do sistema salvas sem alterações',
      entidade: 'configuracoes',
      entidadeId: SISTEMA_KEY,
      detalhes: { chaves_alteradas: alteradas },
      ip: ator.ip,
    });
    return settings;
  });
  // A read between the write and the commit may have cached the old settings again.
  esquecerSistemaEmCache();
  return salvas;
};

/** The super admin's kill switch (docs/produto.md §16): turns all automatic sending on or off at once. */
export const definirAutomacao = async (db: DbOrTx, ativa: boolean, ator: Ator): Promise<boolean> =>
  db.transaction(async (tx) => {
    const antes = await lockKillSwitch(tx);
    await salvarConfiguracao(tx, KILL_SWITCH_KEY, { ativa }, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: ativa ? 'automacao.ativada' : 'automacao.desativada',
      descricao: ativa
        ? 'Envio automático liberado (kill switch desligado)'
        : 'Envio automático pausado (kill switch)',
      entidade: 'configuracoes',
      entidadeId: KILL_SWITCH_KEY,
      detalhes: { ativa, anterior: antes },
      ip: ator.ip,
    });
    return ativa;
  });
