// The inbox's keyboard shortcuts (docs/produto.md §5): one table, read by the handler and by the help
// dialog, so what "?" lists is exactly what the keys do.

export type AcaoAtalho = 'proximo' | 'anterior' | 'abrir' | 'assumir' | 'buscar' | 'ajuda';

export const ATALHOS: { teclas: string[]; acao: AcaoAtalho; descricao: string }[] = [
  { teclas: ['j', '↓'], acao: 'proximo', descricao: 'Próximo cliente da fila' },
  { teclas: ['k', '↑'], acao: 'anterior', descricao: 'Cliente anterior da fila' },
  { teclas: ['Enter', 'o'], acao: 'abrir', descricao: 'Abrir a conversa do cliente selecionado' },
  { teclas: ['a'], acao: 'assumir', descricao: 'Assumir o cliente aberto' },
  { teclas: ['/'], acao: 'buscar', descricao: 'Buscar na fila' },
  { teclas: ['?'], acao: 'ajuda', descricao: 'Mostrar estes atalhos' },
];

const CAMPOS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const PAPEIS_DE_CAMPO = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton', 'listbox', 'menu']);

/** Whether the key went to something the operator types into (or a menu or dialog): no shortcut then. */
export const emCampoOuDialogo = (alvo: EventTarget | null): boolean => {
  if (!(alvo instanceof Element)) return false;
  if (CAMPOS.has(alvo.tagName)) return true;
  if (alvo instanceof HTMLElement && alvo.isContentEditable) return true;
  const papel = alvo.getAttribute('role');
  if (papel && PAPEIS_DE_CAMPO.has(papel)) return true;
  // A dialog (the workspace's forms, this help) or an open menu keeps its keys.
  return alvo.closest('[role="dialog"], [role="menu"], [role="listbox"], .MuiPopover-root') !== null;
};

type Tecla = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>;

/**
 * The action a key press asks for, or null. Arrows and Enter only count inside the queue (`naFila`):
 * elsewhere they scroll the page or press the focused button, as usual.
 */
export const acaoDaTecla = (e: Tecla, naFila: boolean): AcaoAtalho | null => {
  if (e.ctrlKey || e.metaKey || e.altKey || emCampoOuDialogo(e.target)) return null;
  switch (e.key) {
    case 'j':
      return 'proximo';
    case 'k':
      return 'anterior';
    case 'ArrowDown':
      return naFila ? 'proximo' : null;
    case 'ArrowUp':
      return naFila ? 'anterior' : null;
    case 'o':
      return 'abrir';
    case 'Enter':
      return naFila ? 'abrir' : null;
    case 'a':
      return 'assumir';
    case '/':
      return 'buscar';
    case '?':
      return 'ajuda';
    default:
      return null;
  }
};
