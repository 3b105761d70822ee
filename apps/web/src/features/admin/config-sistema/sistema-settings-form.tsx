import type { SistemaSettings } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { DiscardSaveButtons } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveSistemaSettings } from '../api/sistema.ts';
import { useSettingsForm } from '../components/settings-form.tsx';
import { EmpresaPixSection } from './empresa-pix-section.tsx';
import { EncargosSection } from './encargos-section.tsx';
import { InterruptorSection } from './interruptor-section.tsx';
import { JanelaEnvioSection } from './janela-envio-section.tsx';
import { LimitesSection } from './limites-section.tsx';
import { PortalSection } from './portal-section.tsx';
import { ReguaSection } from './regua-section.tsx';
import { formPaths, sistemaResolver, toForm, unplacedMessages } from './sistema-form.ts';

/**
 * Where a field lands when it takes the focus (the first invalid one on Salvar, or by Tab): clear of the
 * fixed app bar above and of the sticky save bar below with the field's error under it (issue 31: the
 * bar covered the multa error). The bar is about 60 px tall, 90 px where its buttons wrap on a phone;
 * an error is up to two lines.
 */
const ROLAGEM_ATE_O_CAMPO = { scrollMarginTop: { xs: 72, sm: 80 }, scrollMarginBottom: { xs: 160, md: 140 } };

/** The whole settings form; Salvar sends everything with one PUT. */
export const SistemaSettingsForm = ({ settings }: { settings: SistemaSettings }) => {
  const save = useSaveSistemaSettings();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { form, reset } = useSettingsForm(settings, toForm, () => sistemaResolver);
  const { handleSubmit, setError, getValues, formState } = form;

  const onSubmit = handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          reset(toForm(saved));
          notify.success('Configurações salvas.');
        },
        onError: (error) => {
          const paths = formPaths(getValues());
          setServerFieldErrors(error, setError, paths);
          const rest = unplacedMessages(error, paths);
          const detail = errorMessage(error, 'Não foi possível salvar as configurações.');
          notify.error(rest.length > 0 ? `${detail}\n${rest.join('\n')}` : detail);
        },
      }),
    () => notify.error('Revise os campos destacados.'),
  );

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Configurações do sistema"
        sx={{ '& :is(input, textarea, [role="combobox"])': ROLAGEM_ATE_O_CAMPO }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <EmpresaPixSection />
          <ReguaSection />
          <JanelaEnvioSection />
          <LimitesSection />
          <EncargosSection />
          <PortalSection />
          {/* Whether the régua sends at all; the super admin's kill switch acts on the same flag. */}
          <InterruptorSection
            titulo="Automação"
            campo="automacao_ativa"
            rotulo="Envio automático ativo"
            ajuda="Desligado, a régua não envia mensagens automáticas; as mensagens dos operadores continuam."
          />
          {/* docs/conciliacao.md §2: the review queue stays the admin's. */}
          <InterruptorSection
            titulo="Conciliação bancária"
            campo="conciliacao_operadores"
            rotulo="Operadores também importam arquivos do banco"
            ajuda='Ligado, os operadores importam retornos CNAB e extratos OFX em "Importar Clientes"; a fila de revisão continua com os administradores.'
          />
          {/* docs/pix-automatico.md §1: also needs a provider with PIX Automático. */}
          <InterruptorSection
            titulo="Débito automático"
            campo="debito_automatico"
            rotulo="Oferecer débito automático por PIX nos acordos de 2 ou mais parcelas"
            ajuda="O cliente paga a 1ª parcela e autoriza as demais de uma vez (PIX Automático); cada parcela é debitada na sua data. Exige um provedor PIX com PIX Automático (veja Config. PIX)."
          />
        </Box>
        <Paper
          elevation={3}
          sx={{
            position: 'sticky',
            bottom: { xs: 8, md: 16 },
            zIndex: 2,
            mt: 3,
            p: 1.5,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, pl: 1 }} role="status">
            {formState.isDirty ? 'Há alterações não salvas.' : 'Nenhuma alteração.'}
          </Typography>
          <DiscardSaveButtons
            dirty={formState.isDirty}
            saving={save.isPending}
            onDiscard={() => setConfirmDiscard(true)}
          />
        </Paper>
      </Box>
      <ConfirmDialog
        open={confirmDiscard}
        title="Descartar alterações?"
        message="Os campos voltam aos valores salvos. O que você alterou será perdido."
        confirmLabel="Descartar"
        confirmColor="warning"
        onClose={() => setConfirmDiscard(false)}
        onConfirm={() => {
          reset(toForm(settings));
          setConfirmDiscard(false);
          notify.info('Alterações descartadas.');
        }}
      />
    </FormProvider>
  );
};
