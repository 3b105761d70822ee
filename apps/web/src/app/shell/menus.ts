import type { Role } from '@cobranca/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EmailIcon from '@mui/icons-material/Email';
import GroupIcon from '@mui/icons-material/Group';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PixIcon from '@mui/icons-material/Pix';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import SmsIcon from '@mui/icons-material/Sms';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { Badges } from '../../features/operador/api/badges.ts';
import type { RouteName } from '../../lib/routes.ts';

export type MenuLink = {
  kind: 'link';
  label: string;
  route: RouteName;
  icon: SvgIconComponent;
  highlight?: boolean;
  badge?: { count: keyof Badges; color: 'error' | 'warning' };
};
export type MenuGroup = { kind: 'group'; label: string; icon: SvgIconComponent; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const link = (
  label: string,
  route: RouteName,
  icon: SvgIconComponent,
  extra: Partial<MenuLink> = {},
): MenuLink => ({
  kind: 'link',
  label,
  route,
  icon,
  ...extra,
});

const ADMIN_MENU: MenuEntry[] = [
  link('Dashboard', 'AdminDashboard', DashboardIcon),
  link('Gestão de Operadores', 'AdminOperadores', SupportAgentIcon),
  link('Gestão de Clientes', 'AdminClientes', PeopleAltIcon),
  link('Logs do Sistema', 'AdminLogs', ListAltIcon),
  link('Config. Mensagens', 'AdminMensagens', ChatIcon),
  link('Config. WhatsApp', 'AdminWhatsapp', WhatsAppIcon),
  link('Config. E-mail', 'AdminEmail', EmailIcon),
  link('Config. SMS', 'AdminSms', SmsIcon),
  link('Config. PIX', 'AdminPix', PixIcon),
  link('Conciliação bancária', 'AdminConciliacao', AccountBalanceIcon),
  link('Config. do Sistema', 'AdminConfigSistema', SettingsIcon),
];

/** The menus of docs/produto.md §2, per role, in order ('Sair' is added by the drawer for everyone). */
export const MENUS: Record<Role, MenuEntry[]> = {
  super_admin: [
    link('Super Admin', 'SuperAdmin', AdminPanelSettingsIcon, { highlight: true }),
    ...ADMIN_MENU,
  ],
  admin: ADMIN_MENU,
  operador: [
    link('Dashboard', 'OperadorDashboard', DashboardIcon),
    {
      kind: 'group',
      label: 'Clientes',
      icon: GroupIcon,
      children: [
        link('Ativos', 'OperadorClientes', PeopleAltIcon, {
          badge: { count: 'clientesComMensagensFalhadas', color: 'error' },
        }),
        link('Aguardando Atendimento', 'OperadorAguardandoAtendimento', HourglassTopIcon, {
          badge: { count: 'mensagensAguardando', color: 'warning' },
        }),
        link('Em Atendimento', 'OperadorEmAtendimento', HeadsetMicIcon),
        link('Concluídos', 'OperadorConcluidos', DoneAllIcon),
      ],
    },
    link('Contas a Receber', 'OperadorContasReceber', ReceiptLongIcon),
    link('Importar Clientes', 'OperadorImportarClientes', UploadFileIcon),
  ],
};
