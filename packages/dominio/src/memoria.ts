/**
 * Answers kept by key, at most `maximo` of them: past that they are all forgotten at once, so no input
 * can grow the memory without bound. For pure computations asked again and again with few keys.
 */
export const memoriaLimitada = <V>(maximo: number) => {
  const guardados = new Map<string, V>();
  return (chave: string, calcular: () => V): V => {
    const guardado = guardados.get(chave);
    if (guardado !== undefined) return guardado;
    const valor = calcular();
    if (guardados.size >= maximo) guardados.clear();
    guardados.set(chave, valor);
    return valor;
  };
};
