import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';

/**
 * "Esqueci minha senha" (issue 17): there is no e-mail reset, so the link opens, in place, who can give
 * a new password and what to ask for. Admins generate one in "Gestão de Operadores", the super admin
 * for admins ("Gerar nova senha"), shown once to hand over.
 */
export const EsqueciSenha = () => {
  const [aberto, setAberto] = useState(false);
  const id = useId();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Button size="small" aria-expanded={aberto} aria-controls={id} onClick={() => setAberto((a) => !a)}>
        Esqueci minha senha
      </Button>
      {aberto && (
        <Alert id={id} severity="info" sx={{ mt: 1, textAlign: 'left' }}>
          A senha é trocada por um administrador, não por e-mail: o sistema não envia e-mails. Operadores
          pedem a um administrador da empresa; administradores, ao super administrador. Informe o e-mail com
          que você entra e peça para <strong>gerar uma nova senha</strong>. Ela vale na hora e encerra as
          sessões abertas com a senha antiga.
        </Alert>
      )}
    </Box>
  );
};
