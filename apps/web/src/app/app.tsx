import type { HealthResponse } from '@cobranca/contracts';
import { useEffect, useState } from 'react';

type Estado = { tipo: 'carregando' } | { tipo: 'ok'; saude: HealthResponse } | { tipo: 'erro' };

// Placeholder until the application shell lands: shows that the API and database answer.
export const App = () => {
  const [estado, setEstado] = useState<Estado>({ tipo: 'carregando' });

  useEffect(() => {
    fetch('/api/health', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setEstado({ tipo: 'ok', saude: (await response.json()) as HealthResponse });
      })
      .catch(() => setEstado({ tipo: 'erro' }));
  }, []);

  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '10vh auto',
        padding: '0 24px',
        color: '#212121',
      }}
    >
      <h1 style={{ color: '#1976D2' }}>Sistema de Cobrança Automática</h1>
      <p>A interface está em construção.</p>
      <p role="status">
        {estado.tipo === 'carregando' && 'Verificando o servidor…'}
        {estado.tipo === 'ok' &&
          `Servidor no ar — banco de dados: ${estado.saude.database === 'pglite' ? 'PGlite (embutido)' : 'PostgreSQL'}.`}
        {estado.tipo === 'erro' && 'Não foi possível falar com o servidor.'}
      </p>
      <p>
        Documentação da API: <a href="/api/docs">/api/docs</a>
      </p>
    </main>
  );
};
