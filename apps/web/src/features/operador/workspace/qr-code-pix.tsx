import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const TAMANHO = 180;

/**
 * The QR Code of a PIX "copia e cola". Drawn as SVG (sharp at any size, no canvas needed) into a data
 * URL; it scales down with the card on narrow phones.
 */
export const QrCodePix = ({ codigo, alt }: { codigo: string; alt: string }) => {
  const [imagem, setImagem] = useState<{ codigo: string; url: string | null } | null>(null);

  useEffect(() => {
    let atual = true;
    QRCode.toString(codigo, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then(
        (svg) =>
          atual && setImagem({ codigo, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      )
      .catch(() => atual && setImagem({ codigo, url: null }));
    return () => {
      atual = false;
    };
  }, [codigo]);

  const sx = { width: '100%', maxWidth: TAMANHO, aspectRatio: '1 / 1', flexShrink: 0 } as const;
  // A code from a previous render is not shown for the new one.
  if (imagem?.codigo !== codigo) return <Skeleton variant="rectangular" sx={{ ...sx, height: 'auto' }} />;
  if (!imagem.url)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: TAMANHO }}>
        Não foi possível desenhar o QR Code; use o código copia e cola.
      </Typography>
    );
  return <Box component="img" src={imagem.url} alt={alt} sx={{ ...sx, display: 'block', bgcolor: '#fff' }} />;
};
