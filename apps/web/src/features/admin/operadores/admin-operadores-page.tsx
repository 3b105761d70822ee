import { USER_STATUSES, type UsuarioConta } from '@cobranca/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ContaCreateDialog } from '../../../components/conta-create-dialog.tsx';
import { NovaSenhaDialog } from '../../../components/nova-senha-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useCreateOperador, useGerarSenhaOperador, useOperadores } from '../api/operadores.ts';
import { OperadorEditDialog } from './operador-edit-dialog.tsx';
import { type OperadorAcao, OperadorRowActions } from './operador-row-actions.tsx';
import { OperadorSenhaDialog } from './operador-senha-dialog.tsx';
import { OperadorStatusChip } from './operador-status-chip.tsx';
import { OperadorStatusDialog } from './operador-status-dialog.tsx';

const FILTER_KEYS = ['busca', 'status'] as const;
type DialogState = { kind: 'criar' } | { kind: OperadorAcao; operador: UsuarioConta } | null;

const columns = (onAction: (operador: UsuarioConta, acao: OperadorAcao) => void): Column<UsuarioConta>[] => [
  { key: 'name', header: 'Nome', render: (o) => o.name },
  { key: 'email', header: 'E-mail', render: (o) => o.email, hideOnMobile: true },
  { key: 'status', header: 'Status', render: (o) => <OperadorStatusChip status={o.status} /> },
  {
    key: 'last_login_at',
    header: 'Último acesso',
    render: (o) => (o.last_login_at ? formatarDataHora(o.last_login_at) : 'Nunca acessou'),
    hideOnMobile: true,
  },
  {
    key: 'acoes',
    header: 'Ações',
    align: 'right',
    render: (o) => <OperadorRowActions operador={o} onAction={(acao) => onAction(o, acao)} />,
  },
];

/**
 * /admin/operadores: search, filter by status, create, edit, change password, generate a temporary
 * password, block and reactivate.
 */
export const AdminOperadoresPage = () => {
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const busca = filters.busca;
  const status = USER_STATUSES.find((s) => s === filters.status);
  const [dialog, setDialog] = useState<DialogState>(null);
  const query = useOperadores({ page, busca: busca || undefined, status });
  const criar = useCreateOperador();
  const gerarSenha = useGerarSenhaOperador();
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Gestão de Operadores"
        subtitle="Crie, edite e bloqueie os operadores que atendem os clientes."
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setDialog({ kind: 'criar' })}
          >
            Novo operador
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <SearchField
          label="Buscar operador"
          placeholder="Nome ou e-mail"
          initialValue={busca}
          onSearch={(text) => setFilters({ busca: text })}
        />
        <StatusFilter
          statuses={USER_STATUSES}
          value={status}
          onChange={(value) => setFilters({ status: value })}
          sx={{ minWidth: 180 }}
        />
      </Box>
      <PagedTable
        label="Operadores"
        columns={columns((operador, kind) => setDialog({ kind, operador }))}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(o) => o.id}
        emptyMessage={
          busca || status
            ? 'Nenhum operador encontrado com esses filtros.'
            : 'Nenhum operador cadastrado ainda.'
        }
      />
      {dialog?.kind === 'criar' && <ContaCreateDialog papel="operador" mutation={criar} onClose={close} />}
      {dialog?.kind === 'editar' && <OperadorEditDialog operador={dialog.operador} onClose={close} />}
      {dialog?.kind === 'senha' && <OperadorSenhaDialog operador={dialog.operador} onClose={close} />}
      {dialog?.kind === 'status' && <OperadorStatusDialog operador={dialog.operador} onClose={close} />}
      {dialog?.kind === 'nova_senha' && (
        <NovaSenhaDialog conta={dialog.operador} mutation={gerarSenha} onClose={close} />
      )}
    </>
  );
};
