import { isRole, ROLE_LABELS, type SessionUser } from '@cobranca/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

// Every colour keeps the white initials at 4.5:1 or more (WCAG 1.4.3). MUI draws an Avatar's letters
// in the page background (#F5F7FA), not white: on #1976D2 that was 4.29:1, which axe flagged on
// /super-admin for a super admin whose name lands there (issue 17); the initials are white now, and the
// blue is primary's darker tone (5.75:1).
export const AVATAR_COLORS = [
  '#1565C0',
  '#2E7D32',
  '#7B1FA2',
  '#C2185B',
  '#00796B',
  '#BF360C',
  '#5D4037',
  '#455A64',
];

/** "Ana Maria Souza" → "AS": drawn locally, so no name ever leaves for an avatar service. */
export const initials = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
};

const colorFor = (name: string) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
};

export const UserBlock = ({ user, compact }: { user: SessionUser; compact: boolean }) => {
  const roleLabel = isRole(user.role) ? ROLE_LABELS[user.role] : user.role;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: compact ? 1.5 : 2, py: 2, minHeight: 72 }}
    >
      <Avatar
        sx={{ bgcolor: colorFor(user.name), color: 'common.white', width: 40, height: 40, fontSize: 16 }}
        aria-hidden
      >
        {initials(user.name)}
      </Avatar>
      {!compact && (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={user.name}>
            {user.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {roleLabel}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
