import { randomInt } from 'node:crypto';

// "Gerar nova senha" (issue 17): the admin reads the password to the person or pastes it in a chat, so
// it leaves out look-alike characters (0/O, 1/l/I) and comes in groups of four. 16 characters from
// 54 give about 92 bits from the OS's CSPRNG, far beyond guessing within the sign-in limits.

const LETRAS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITOS = '23456789';
const ALFABETO = LETRAS + DIGITOS;
const GRUPOS = 4;
const POR_GRUPO = 4;

const sortear = (alfabeto: string): string => alfabeto.charAt(randomInt(alfabeto.length));

/** `aB3d-7kPq-…`: 16 random characters with letters and digits, so it meets the password policy. */
export const gerarSenhaTemporaria = (): string => {
  for (;;) {
    const caracteres = Array.from({ length: GRUPOS * POR_GRUPO }, () => sortear(ALFABETO)).join('');
    // The policy wants a letter and a digit; redrawing keeps every character uniformly random.
    if (!/\d/.test(caracteres) || !/[a-z]/i.test(caracteres)) continue;
    return caracteres.match(new RegExp(`.{${POR_GRUPO}}`, 'g'))?.join('-') ?? caracteres;
  }
};
