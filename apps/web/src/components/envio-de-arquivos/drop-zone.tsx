import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';

type DropZoneProps = {
  /** Accessible name of the zone, e.g. "Enviar arquivo CSV de clientes". */
  label: string;
  /** Name of the hidden file input (tests and assistive tech find it by this). */
  inputLabel: string;
  /** The `accept` of the file input. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** What to drop, e.g. "o arquivo CSV". */
  texto: string;
  onFiles: (files: File[]) => void;
};

/** Drag-and-drop target with a keyboard-reachable "Escolher arquivo" button behind a hidden file input. */
export const DropZone = ({
  label,
  inputLabel,
  accept,
  multiple,
  disabled,
  texto,
  onFiles,
}: DropZoneProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [arrastando, setArrastando] = useState(false);

  const sobre = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setArrastando(true);
  };
  const saiu = (event: DragEvent) => {
    // dragleave also fires when moving over the zone's own children.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setArrastando(false);
  };
  const soltou = (event: DragEvent) => {
    event.preventDefault();
    setArrastando(false);
    const files = Array.from(event.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <Box
      role="group"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onDragEnter={sobre}
      onDragOver={sobre}
      onDragLeave={saiu}
      onDrop={soltou}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        p: 3,
        textAlign: 'center',
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        borderColor: arrastando ? 'primary.main' : 'divider',
        bgcolor: arrastando ? 'action.hover' : 'transparent',
        opacity: disabled ? 0.6 : 1,
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <UploadFileIcon color={arrastando ? 'primary' : 'action'} fontSize="large" aria-hidden />
      <Typography variant="body2" color="text.secondary">
        Arraste {texto} aqui ou
      </Typography>
      <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
        {multiple ? 'Escolher arquivos' : 'Escolher arquivo'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
};
