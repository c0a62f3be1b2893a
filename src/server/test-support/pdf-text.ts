/**
 * The text a reader sees in a PDF that pdfkit wrote, one line per drawn text run, so a test
 * can assert wording rather than bytes. pdfkit deflates each page's content stream and draws
 * text with the standard fonts as WinAnsi hex strings inside `[...] TJ` arrays (kerning numbers
 * between the pieces); nothing else in the project needs to read a PDF back.
 */
import { inflateSync } from 'node:zlib';

const winAnsiExtras: Record<number, string> = {
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const code = Number.parseInt(hex.slice(index, index + 2), 16);
    text += winAnsiExtras[code] ?? String.fromCharCode(code);
  }
  return text;
}

function contentStreams(pdf: Buffer): string[] {
  const file = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of file.matchAll(/<<([\s\S]*?)>>\s*stream\n/g)) {
    const start = match.index + match[0].length;
    const end = file.indexOf('\nendstream', start);
    if (end === -1) break;
    const body = pdf.subarray(start, end);
    if (!match[1]!.includes('/FlateDecode')) {
      streams.push(body.toString('latin1'));
      continue;
    }
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      // Not a stream zlib can read (none of pdfkit's text is): nothing to read in it.
    }
  }
  return streams;
}

export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => decodeHex(piece[1]!));
      lines.push(pieces.join(''));
    }
  }
  return lines;
}
