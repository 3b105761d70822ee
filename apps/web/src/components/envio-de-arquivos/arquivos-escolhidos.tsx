import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { formatarTamanho } from '../../lib/arquivos.ts';

type ArquivosEscolhidosProps = {
  arquivos: readonly File[];
  disabled?: boolean;
  onRemove: (arquivo: File) => void;
};

/** The files about to be sent, each with its size and a remove button. */
export const ArquivosEscolhidos = ({ arquivos, disabled, onRemove }: ArquivosEscolhidosProps) => (
  <List dense disablePadding aria-label="Arquivos escolhidos">
    {arquivos.map((arquivo) => (
      <ListItem
        key={`${arquivo.name}-${arquivo.size}-${arquivo.lastModified}`}
        disableGutters
        secondaryAction={
          <IconButton
            edge="end"
            size="small"
            aria-label={`Remover ${arquivo.name}`}
            disabled={disabled}
            onClick={() => onRemove(arquivo)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <InsertDriveFileOutlinedIcon aria-hidden />
        </ListItemIcon>
        <ListItemText
          primary={arquivo.name}
          secondary={formatarTamanho(arquivo.size)}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItem>
    ))}
  </List>
);
