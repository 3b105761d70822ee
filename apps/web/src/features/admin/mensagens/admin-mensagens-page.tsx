import { TEMPLATE_TIPOS, type TemplateTipo } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { srOnly } from '../../../lib/sr-only.ts';
import { useTemplates } from '../api/templates.ts';
import { WhatsappStatusChip } from '../whatsapp/whatsapp-status-chip.tsx';
import { RespostasRapidasSection } from './respostas-rapidas-section.tsx';
import type { TemplateDraft } from './template-draft.ts';
import { TemplateEditor } from './template-editor.tsx';
import { TIPO_LABELS } from './template-labels.ts';

const LoadingState = () => (
  <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label="Carregando modelos">
    <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  </Paper>
);

/** /admin/mensagens: one editor per template type, with live preview and results (docs/produto.md §13). */
export const AdminMensagensPage = () => {
  const query = useTemplates();
  const [tipo, setTipo] = useState<TemplateTipo>('lembrete');
  const [drafts, setDrafts] = useState<Partial<Record<TemplateTipo, TemplateDraft>>>({});

  const setDraft = (which: TemplateTipo, draft: TemplateDraft | undefined) =>
    setDrafts(({ [which]: _old, ...rest }) => (draft ? { ...rest, [which]: draft } : rest));

  const content = () => {
    if (query.isPending) return <LoadingState />;
    if (query.isError)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar os modelos de mensagem." />;
    const saved = query.data.mensagens[tipo];
    return (
      <Paper variant="outlined">
        <Tabs
          value={tipo}
          onChange={(_event, value: TemplateTipo) => setTipo(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Tipos de mensagem"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TEMPLATE_TIPOS.map((value) => (
            <Tab
              key={value}
              value={value}
              id={`tab-${value}`}
              aria-controls={`painel-${value}`}
              label={
                <span>
                  {TIPO_LABELS[value]}
                  {drafts[value] && (
                    <>
                      <Box component="span" aria-hidden sx={{ color: 'warning.main', ml: 0.5 }}>
                        •
                      </Box>
                      <Box component="span" sx={srOnly}>
                        {' '}
                        (não salvo)
                      </Box>
                    </>
                  )}
                </span>
              }
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`painel-${tipo}`}
          aria-labelledby={`tab-${tipo}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {saved ? (
            <TemplateEditor
              key={tipo}
              tipo={tipo}
              saved={saved}
              draft={drafts[tipo]}
              onDraftChange={(draft) => setDraft(tipo, draft)}
            />
          ) : (
            <Alert severity="info">Este modelo ainda não existe no servidor.</Alert>
          )}
        </Box>
      </Paper>
    );
  };

  return (
    <>
      <PageHeader
        title="Configuração de Mensagens"
        subtitle="Modelos das mensagens automáticas enviadas pela régua de cobrança."
        actions={query.data && <WhatsappStatusChip status={query.data.whatsapp} showProvedor />}
      />
      {content()}
      <RespostasRapidasSection />
    </>
  );
};
