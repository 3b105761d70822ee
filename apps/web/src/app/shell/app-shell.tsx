import { isRole } from '@cobranca/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSessionCheck } from '../../features/auth/api/session-check.ts';
import { useEventosAoVivo } from '../../features/operador/api/ao-vivo.ts';
import { useOperadorBadges } from '../../features/operador/api/badges.ts';
import { useAvisoDeNovasRespostas } from '../../features/operador/inbox/aviso-respostas.ts';
import { AvisoRespostasToggle } from '../../features/operador/inbox/aviso-respostas-toggle.tsx';
import { JanelaEnvioAviso } from '../../features/operador/janela-envio-aviso.tsx';
import { useSession } from '../../lib/session.ts';
import { useContagemNoTitulo } from '../../lib/titulo-documento.ts';
import { DateLocalization } from './date-localization.tsx';
import { MENUS } from './menus.ts';
import { NavMenu } from './nav-menu.tsx';
import { CONTEUDO_ID, PularParaConteudo } from './pular-para-conteudo.tsx';
import { useDrawerState } from './use-drawer-state.ts';
import { UserBlock } from './user-block.tsx';

// A label longer than the drawer beside its count wraps (nav-menu.tsx) rather than being cut; a wider
// drawer would take the width the operator's tables need at 1440 px.
export const DRAWER_WIDTH = 288;
export const RAIL_WIDTH = 72;
export const APP_TITLE = 'Sistema de Cobrança Automática';

/** The signed-in frame (docs/produto.md §2): top bar, left drawer with the role's menu, content area. */
export const AppShell = () => {
  const theme = useTheme();
  // noSsr: read the real width on the first render, so the drawer starts in the right state.
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const drawer = useDrawerState(isDesktop);
  const user = useSession((s) => s.user);
  const badges = useOperadorBadges();
  useEventosAoVivo();
  useAvisoDeNovasRespostas();
  useContagemNoTitulo(badges.mensagensAguardando);
  useSessionCheck();
  const logout = useLogout();
  if (!user || !isRole(user.role)) return null;

  const width = drawer.rail ? RAIL_WIDTH : DRAWER_WIDTH;
  const content = (
    <>
      <Toolbar />
      <UserBlock user={user} compact={drawer.rail} />
      {user.role === 'operador' && <AvisoRespostasToggle compacto={drawer.rail} />}
      <Divider />
      <NavMenu
        entries={MENUS[user.role]}
        badges={badges}
        rail={drawer.rail}
        onNavigate={() => !isDesktop && drawer.close()}
        onLogout={logout}
      />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <PularParaConteudo />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            onClick={drawer.toggle}
            aria-label={
              isDesktop
                ? drawer.rail
                  ? 'Expandir menu'
                  : 'Recolher menu'
                : drawer.open
                  ? 'Fechar menu'
                  : 'Abrir menu'
            }
            aria-controls="menu-lateral"
            aria-expanded={isDesktop ? !drawer.rail : drawer.open}
            sx={{ mr: 2 }}
          >
            {isDesktop && !drawer.rail ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <Typography variant="h6" component="h1" noWrap sx={{ fontSize: { xs: 16, sm: 20 } }}>
            {APP_TITLE}
          </Typography>
        </Toolbar>
      </AppBar>
      <Drawer
        id="menu-lateral"
        variant={isDesktop ? 'permanent' : 'temporary'}
        open={drawer.open}
        onClose={drawer.close}
        ModalProps={{ keepMounted: true }}
        data-testid="menu-lateral"
        data-state={isDesktop ? (drawer.rail ? 'rail' : 'aberto') : drawer.open ? 'aberto' : 'fechado'}
        sx={{
          width: isDesktop ? width : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': {
            width: isDesktop ? width : DRAWER_WIDTH,
            boxSizing: 'border-box',
            overflowX: 'hidden',
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          },
        }}
      >
        {content}
      </Drawer>
      <Box
        component="main"
        id={CONTEUDO_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {user.role === 'operador' && <JanelaEnvioAviso />}
        <Suspense fallback={<LinearProgress aria-label="Carregando" />}>
          <DateLocalization>
            <Outlet />
          </DateLocalization>
        </Suspense>
      </Box>
    </Box>
  );
};
