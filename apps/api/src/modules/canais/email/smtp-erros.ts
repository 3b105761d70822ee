// What a nodemailer SMTP error means for the admin (pt-BR) and whether the same message is worth sending
// again later: RFC 5321 makes 4xx replies temporary and 5xx permanent; a connection that never got an
// answer (refused, timed out, TLS, DNS) may work later; refused credentials will not until fixed.

export type ErroSmtp = { erroCodigo: string; erroMensagem: string; transitorio: boolean };

type ErroNodemailer = Error & { code?: string; responseCode?: number; command?: string; response?: string };

const comoErro = (erro: unknown): ErroNodemailer =>
  erro instanceof Error ? (erro as ErroNodemailer) : new Error(String(erro));

/** The server's own words, for the admin to search or show the provider's support. */
const respostaDe = (erro: ErroNodemailer): string => (erro.response ?? erro.message).trim().slice(0, 300);

const CODIGOS_TLS = /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT|UNABLE_TO_)/;

/** TLS failures reach nodemailer as ETLS, or as a socket error carrying OpenSSL's or Node's own code. */
const falhaDeTls = (erro: ErroNodemailer): boolean => {
  if (erro.code === 'ETLS') return true;
  const causa = (erro as { cause?: { code?: unknown } }).cause;
  const codigos = [erro.code, (erro as { errno?: unknown }).errno, causa?.code].map(String);
  // A server reply that mentions TLS ("530 Must issue a STARTTLS command first") is classified by its code.
  if (erro.responseCode !== undefined) return false;
  return (
    codigos.some((c) => CODIGOS_TLS.test(c)) ||
    /certificate|self[- ]signed|ssl|tls|handshake|wrong version number/i.test(erro.message)
  );
};

const fase = (comando: string | undefined): 'destinatario' | 'conteudo' | 'remetente' | 'outra' => {
  const c = (comando ?? '').toUpperCase();
  if (c.startsWith('RCPT')) return 'destinatario';
  if (c.startsWith('DATA') || c === 'MESSAGE' || c.startsWith('BDAT')) return 'conteudo';
  if (c.startsWith('MAIL')) return 'remetente';
  return 'outra';
};

const CREDENCIAIS =
  'O servidor SMTP recusou o usuário ou a senha: corrija as credenciais nas configurações de e-mail.';

const porResposta = (erro: ErroNodemailer, codigo: number): ErroSmtp => {
  const resposta = respostaDe(erro);
  const transitorio = codigo < 500;
  if (erro.code === 'EAUTH' || codigo === 535)
    return {
      erroCodigo: 'smtp_autenticacao',
      erroMensagem: `${CREDENCIAIS} (${resposta})`,
      transitorio: false,
    };
  const oQue = {
    destinatario: transitorio
      ? 'O servidor adiou a entrega para este destinatário'
      : 'O servidor recusou o destinatário: o endereço não existe ou não aceita mensagens',
    conteudo: transitorio
      ? 'O servidor adiou o recebimento da mensagem'
      : 'O servidor recusou a mensagem (conteúdo, tamanho ou política do provedor)',
    remetente: transitorio
      ? 'O servidor adiou o envio por este remetente'
      : 'O servidor recusou o remetente: confira o endereço de envio e se o provedor o autoriza',
    outra: transitorio ? 'O servidor SMTP está indisponível no momento' : 'O servidor SMTP recusou o envio',
  }[fase(erro.command)];
  const depois = transitorio ? ' Uma nova tentativa será feita mais tarde.' : '';
  return { erroCodigo: `smtp_${codigo}`, erroMensagem: `${oQue} (${resposta}).${depois}`, transitorio };
};

/** Classifies a failed send or connection check. */
export const classificarErroSmtp = (erroDesconhecido: unknown): ErroSmtp => {
  const erro = comoErro(erroDesconhecido);
  // Before the reply code: a refused STARTTLS comes as ETLS carrying the server's 500.
  if (falhaDeTls(erro))
    return {
      erroCodigo: 'smtp_tls',
      erroMensagem: `A negociação TLS com o servidor SMTP falhou (certificado inválido ou modo de segurança errado): ${erro.message}`,
      transitorio: true,
    };
  if (erro.responseCode !== undefined && erro.responseCode >= 400)
    return porResposta(erro, erro.responseCode);
  if (erro.code === 'EAUTH' || erro.code === 'ENOAUTH')
    return {
      erroCodigo: 'smtp_autenticacao',
      erroMensagem: `${CREDENCIAIS} (${erro.message})`,
      transitorio: false,
    };
  if (erro.code === 'EENVELOPE')
    return {
      erroCodigo: 'email_invalido',
      erroMensagem: `O endereço de e-mail não pôde ser usado: ${erro.message}`,
      transitorio: false,
    };
  if (erro.code === 'ETIMEDOUT')
    return {
      erroCodigo: 'smtp_tempo_esgotado',
      erroMensagem: 'O servidor SMTP não respondeu a tempo.',
      transitorio: true,
    };
  if (erro.code === 'EDNS')
    return {
      erroCodigo: 'smtp_dns',
      erroMensagem: `O nome do servidor SMTP não foi encontrado no DNS: ${erro.message}`,
      transitorio: true,
    };
  if (erro.code === 'ECONNECTION' || erro.code === 'ESOCKET')
    return {
      erroCodigo: 'smtp_conexao',
      erroMensagem: `Não foi possível conectar ao servidor SMTP: ${erro.message}`,
      transitorio: true,
    };
  return {
    erroCodigo: 'smtp_erro',
    erroMensagem: `Falha no envio por SMTP: ${erro.message}`,
    transitorio: true,
  };
};
