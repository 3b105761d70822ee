import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { esperar, portaLivre, saiu } from './processos.ts';

// A real Dovecot (Debian's dovecot-imapd, 2.3 config syntax) for the inbound e-mail tests: one user,
// plaintext login on loopback, maildir in a temporary folder, every process as the current user.

const DOVECOT = '/usr/sbin/dovecot';

/**
 * Why the Dovecot tests must be skipped, or null when they run. Only a developer machine may skip:
 * in CI a missing Dovecot makes iniciarDovecot throw, so the test fails.
 */
export const motivoSemDovecot: string | null =
  existsSync(DOVECOT) || process.env.CI
    ? null
    : `${DOVECOT} ausente: instale dovecot-imapd (apt-get install -y dovecot-imapd) para rodar os testes de IMAP`;

export type Dovecot = {
  host: string;
  porta: number;
  usuario: string;
  senha: string;
  /** APPENDs the raw message to `pasta` (INBOX by default), creating the folder if needed. */
  entregar(bruto: Buffer, pasta?: string): Promise<void>;
  fechar(): Promise<void>;
};

/** Who the server runs as: the current user; as root, Debian's dovecot user (Dovecot refuses root). */
const contaDoServidor = () => {
  const raiz = process.getuid?.() === 0;
  const id = (...args: string[]) =>
    execFileSync('id', [...args, ...(raiz ? ['dovecot'] : [])], { encoding: 'utf8' }).trim();
  return { usuario: id('-un'), grupo: id('-gn'), uid: Number(id('-u')), gid: Number(id('-g')), raiz };
};

const configuracao = (dir: string, porta: number) => {
  const { usuario: usuarioSo, grupo: grupoSo, uid, gid, raiz } = contaDoServidor();
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${usuarioSo}
default_internal_group = ${grupoSo}
default_login_user = ${raiz ? 'dovenull' : usuarioSo}
first_valid_uid = ${uid}
first_valid_gid = ${gid}
mail_location = maildir:${dir}/mail/%u
# Announce new mail to IDLE clients within a second even where inotify is unavailable.
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/usuarios
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${porta}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
`;
};

/** Resolves once the server sends its IMAP greeting on the port. */
const saudou = (porta: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(porta, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('data', (dados) => {
      socket.destroy();
      resolve(dados.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const aguardarSaudacao = async (porta: number, filho: ChildProcess, log: () => string) => {
  const fim = Date.now() + 15_000;
  while (Date.now() < fim) {
    if (filho.exitCode !== null) throw new Error(`o dovecot saiu com ${filho.exitCode}:\n${log()}`);
    if (await saudou(porta)) return;
    await esperar(100);
  }
  throw new Error(`o dovecot não respondeu na porta ${porta} em 15 s:\n${log()}`);
};

export const iniciarDovecot = async (): Promise<Dovecot> => {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} ausente: instale dovecot-imapd (apt-get install -y dovecot-imapd)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'dovecot-'));
  const porta = await portaLivre();
  const usuario = 'cobranca';
  const senha = 'segredo-de-teste';
  await mkdir(join(dir, 'mail'));
  await writeFile(join(dir, 'usuarios'), `${usuario}:{PLAIN}${senha}::::::\n`);
  await writeFile(join(dir, 'dovecot.conf'), configuracao(dir, porta));
  const { uid, gid } = contaDoServidor();
  await chown(dir, uid, gid);
  await chown(join(dir, 'mail'), uid, gid);

  const filho = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  filho.stdout?.on('data', (d) => (log += d));
  filho.stderr?.on('data', (d) => (log += d));
  try {
    await aguardarSaudacao(porta, filho, () => log);
  } catch (erro) {
    filho.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw erro;
  }

  const host = '127.0.0.1';
  return {
    host,
    porta,
    usuario,
    senha,
    async entregar(bruto, pasta = 'INBOX') {
      const cliente = new ImapFlow({
        host,
        port: porta,
        secure: false,
        doSTARTTLS: false,
        auth: { user: usuario, pass: senha },
        logger: false,
      });
      await cliente.connect();
      try {
        if (pasta !== 'INBOX') await cliente.mailboxCreate(pasta).catch(() => undefined);
        await cliente.append(pasta, bruto);
      } finally {
        await cliente.logout();
      }
    },
    async fechar() {
      filho.kill('SIGTERM');
      if (!(await saiu(filho, 5000))) filho.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
};
