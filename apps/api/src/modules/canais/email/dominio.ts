/** The domain of an address, lower-cased (DKIM `d=`, DMARC alignment and Message-ID compare it so). */
export const dominioDoEmail = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** DMARC relaxed alignment: the DKIM `d=` may be the From domain or a parent of it. */
export const dkimAlinhado = (dominioDkim: string, emailRemetente: string): boolean => {
  const doRemetente = dominioDoEmail(emailRemetente);
  const dominio = dominioDkim.toLowerCase();
  return doRemetente === dominio || doRemetente.endsWith(`.${dominio}`);
};
