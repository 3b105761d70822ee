import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Badges } from '../../features/operador/api/badges.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useCaminhoAtivo } from './caminho-ativo.ts';
import type { MenuEntry, MenuGroup, MenuLink } from './menus.ts';

type NavProps = {
  entries: MenuEntry[];
  badges: Badges;
  rail: boolean;
  onNavigate: () => void;
  onLogout: () => void;
};

const isActive = (ativo: string, path: string) => ativo === path || ativo.startsWith(`${path}/`);

/** In the rail only icons show, so each item explains itself in a tooltip. */
const RailTooltip = ({ rail, label, children }: { rail: boolean; label: string; children: ReactNode }) =>
  rail ? (
    <Tooltip title={label} placement="right">
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );

const LinkItem = ({
  item,
  badges,
  rail,
  nested,
  onNavigate,
}: { item: MenuLink; nested?: boolean } & Omit<NavProps, 'entries' | 'onLogout'>) => {
  const path = ROUTES[item.route];
  const ativo = isActive(useCaminhoAtivo(), path);
  const count = item.badge ? badges[item.badge.count] : 0;
  const Icon = item.icon;
  const badgeLabel = item.badge && count > 0 ? `${item.label}, ${count}` : item.label;
  return (
    <RailTooltip rail={rail} label={badgeLabel}>
      <ListItemButton
        component={Link}
        to={path}
        selected={ativo}
        onClick={onNavigate}
        aria-label={rail ? badgeLabel : undefined}
        aria-current={ativo ? 'page' : undefined}
        sx={{
          pl: nested && !rail ? 4 : 2,
          minHeight: 44,
          // Dark text on the light accent keeps the highlight readable (contrast above 7:1).
          ...(item.highlight && {
            color: 'accent.contrastText',
            '&, &.Mui-selected': { bgcolor: 'accent.main' },
            '&:hover, &.Mui-selected:hover': { bgcolor: 'accent.dark' },
          }),
        }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: item.highlight ? 'inherit' : undefined }}>
          <Badge color={item.badge?.color ?? 'default'} badgeContent={rail ? count : 0} max={999}>
            <Icon />
          </Badge>
        </ListItemIcon>
        {!rail && (
          // Wraps rather than ellipsizes: a label is never cut, even beside a count of four digits.
          <ListItemText
            primary={item.label}
            slotProps={{ primary: { sx: { fontWeight: item.highlight ? 700 : undefined } } }}
          />
        )}
        {!rail && item.badge && count > 0 && (
          // An inline pill, not a floating Badge: it must never cover the label.
          <Box
            component="span"
            data-testid={`badge-${item.route}`}
            sx={{
              ml: 1,
              px: 0.75,
              minWidth: 22,
              lineHeight: '20px',
              borderRadius: 10,
              textAlign: 'center',
              fontSize: 12,
              fontWeight: 600,
              bgcolor: `${item.badge.color}.main`,
              color: `${item.badge.color}.contrastText`,
            }}
          >
            {count > 999 ? '999+' : count}
          </Box>
        )}
      </ListItemButton>
    </RailTooltip>
  );
};

const GroupItem = ({ group, ...props }: { group: MenuGroup } & Omit<NavProps, 'entries' | 'onLogout'>) => {
  const [expanded, setExpanded] = useState(true);
  const Icon = group.icon;
  // The rail has no room for a collapsible header: the group's links show as plain icons.
  if (props.rail)
    return group.children.map((child) => <LinkItem key={child.route} item={child} {...props} />);
  return (
    <>
      <ListItemButton onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} sx={{ minHeight: 44 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={group.label} />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        {/* A div, like the menu around it: its items are links, not list items. */}
        <List component="div" disablePadding>
          {group.children.map((child) => (
            <LinkItem key={child.route} item={child} nested {...props} />
          ))}
        </List>
      </Collapse>
    </>
  );
};

export const NavMenu = ({ entries, onLogout, ...props }: NavProps) => (
  <List component="nav" aria-label="Menu principal" sx={{ py: 0 }}>
    {entries.map((entry) =>
      entry.kind === 'group' ? (
        <GroupItem key={entry.label} group={entry} {...props} />
      ) : (
        <LinkItem key={entry.route} item={entry} {...props} />
      ),
    )}
    <RailTooltip rail={props.rail} label="Sair">
      <ListItemButton onClick={onLogout} aria-label={props.rail ? 'Sair' : undefined} sx={{ minHeight: 44 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <LogoutIcon />
        </ListItemIcon>
        {!props.rail && <ListItemText primary="Sair" />}
      </ListItemButton>
    </RailTooltip>
  </List>
);
