import bwipjs from 'bwip-js/node';

// The boleto's barcode as banks print it (docs/conciliacao.md §1): Interleaved 2 of 5 of the 44 digits,
// without text under it (the linha digitável goes below, selectable). PNG for e-mail, SVG for the portal.

const ITF = { bcid: 'interleaved2of5', height: 13, includetext: false } as const;

export const codigoDeBarrasPng = (codigo: string): Promise<Buffer> =>
  bwipjs.toBuffer({
    ...ITF,
    text: codigo,
    scale: 2,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 8,
    paddingheight: 4,
  });

export const codigoDeBarrasSvg = (codigo: string): string => bwipjs.toSVG({ ...ITF, text: codigo });
