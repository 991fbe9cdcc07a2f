import zlib from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, for tests: every text-showing operator of every content
 * stream, decoded through the current font's ToUnicode map (embedded fonts write glyph ids, not
 * characters) or as Latin-1 for the standard fonts. Enough for our own PDFs, not a general parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const body = m[2];
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const start = m.index + m[0].indexOf(body) + at + body.slice(at).match(/stream\r?\n/)![0].length;
    const end = raw.indexOf('endstream', start);
    let bytes = pdf.subarray(start, end);
    if (/FlateDecode/.test(dict)) {
      try {
        bytes = zlib.inflateSync(bytes);
      } catch {
        // not deflated after all
      }
    }
    objects.set(Number(m[1]), { dict, stream: bytes });
  }
  // Font names → their ToUnicode maps (glyph code → text).
  const cmaps = new Map<number, Map<number, string>>();
  const fontMap = new Map<string, Map<number, string> | null>();
  const cmapOf = (fontObj: number): Map<number, string> | null => {
    const font = objects.get(fontObj);
    const ref = font?.dict.match(/\/ToUnicode (\d+) 0 R/);
    if (!ref) return null;
    const id = Number(ref[1]);
    if (!cmaps.has(id)) cmaps.set(id, parseCmap(objects.get(id)?.stream?.toString('latin1') ?? ''));
    return cmaps.get(id)!;
  };
  for (const [, o] of objects) for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontMap.set(f[1], cmapOf(Number(f[2])));

  const lines: string[] = [];
  for (const [, o] of objects) {
    if (!o.stream || /\/Length1|\/Subtype\s*\/(Image|Type1C|CIDFontType0C)|\/Filter\s*\/DCTDecode/.test(o.dict)) continue;
    const content = o.stream.toString('latin1');
    if (!/\bT[Jj]\b/.test(content)) continue;
    let cmap: Map<number, string> | null = null;
    for (const op of content.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) {
        cmap = fontMap.get(op[1]) ?? null;
        continue;
      }
      const hexes = op[2] !== undefined ? (op[2].match(/<([0-9a-fA-F]*)>/g) ?? []).map((h) => h.slice(1, -1)) : [op[3]];
      lines.push(hexes.map((h) => decode(h, cmap)).join(''));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}

function decode(hex: string, cmap: Map<number, string> | null): string {
  if (!cmap) return Buffer.from(hex, 'hex').toString('latin1');
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  return out;
}

const utf16 = (hex: string) => {
  const codes: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) codes.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...codes);
};

function parseCmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(r[1], 16);
      const to = parseInt(r[2], 16);
      if (r[3].startsWith('[')) {
        // An entry may hold several UTF-16 units, spaced (<0066 0069> for the fi ligature).
        const items = (r[3].match(/<([0-9a-fA-F\s]+)>/g) ?? []).map((h) => h.slice(1, -1).replace(/\s+/g, ''));
        items.forEach((h, i) => map.set(from + i, utf16(h)));
      } else {
        const base = parseInt(r[3].slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(base + c - from));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(r[1], 16), utf16(r[2]));
  }
  return map;
}
