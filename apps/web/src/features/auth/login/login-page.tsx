import { loginBody } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/login.ts';
import { EsqueciSenha } from './esqueci-senha.tsx';

type LoginForm = z.input<typeof loginBody>;
const LOGIN_FAILED = 'Erro ao fazer login';

/** The password, hidden unless the user asks to see it (a toggle button that says its state). */
const SenhaField = ({
  erro,
  ...registro
}: UseFormRegisterReturn<'password'> & { erro: string | undefined }) => {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <TextField
      {...registro}
      label="Senha"
      type={showPassword ? 'text' : 'password'}
      autoComplete="current-password"
      fullWidth
      margin="normal"
      error={Boolean(erro)}
      helperText={erro}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShowPassword((s) => !s)}
                edge="end"
                aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                aria-pressed={showPassword}
              >
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

export const LoginPage = () => {
  const errorRef = useRef<HTMLDivElement>(null);
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  // A 422 with per-field messages shows them beside the fields instead of the general alert.
  const [fieldErrorsShown, setFieldErrorsShown] = useState(false);
  const showAlert = mutation.isError && !fieldErrorsShown;

  // Move focus to a general failure so keyboard and screen-reader users hear it at once.
  useEffect(() => {
    if (showAlert) errorRef.current?.focus();
  }, [showAlert]);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { email: values.email, password: values.password },
      {
        onError: (error) => setFieldErrorsShown(setServerFieldErrors(error, setError, ['email', 'password'])),
      },
    ),
  );

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1976D2 0%, #0D47A1 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography component="h1" variant="h5" color="primary" gutterBottom sx={{ fontWeight: 700 }}>
          Sistema de Cobrança Automática
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Entre com seu e-mail e senha.
        </Typography>
        {showAlert && (
          <Alert severity="error" ref={errorRef} tabIndex={-1} sx={{ mb: 2 }}>
            {errorMessage(mutation.error, LOGIN_FAILED)}
          </Alert>
        )}
        <Box component="form" onSubmit={onSubmit} noValidate aria-label="Entrar no sistema">
          <TextField
            {...register('email')}
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <SenhaField {...register('password')} erro={errors.password?.message} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={mutation.isPending}
            startIcon={
              mutation.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
            }
            sx={{ mt: 3 }}
          >
            {mutation.isPending ? 'Entrando…' : 'Entrar'}
          </Button>
        </Box>
        <EsqueciSenha />
      </Paper>
    </Box>
  );
};
