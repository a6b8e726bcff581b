import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface NdjsonLine {
  /** 1-based, counting blank lines too, so it is the line an editor shows. */
  lineNumber: number;
  text: string;
}

/**
 * The lines of a file, one at a time, without holding the file in memory; blank lines are skipped (elasticdump
 * ends its files with one). A missing or unreadable file rejects the iteration with the stream's error.
 */
export async function* ndjsonLines(file: string): AsyncGenerator<NdjsonLine> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const text of lines) {
      lineNumber += 1;
      if (text.trim() === '') continue;
      // A byte-order mark would make the first document malformed JSON.
      yield { lineNumber, text: lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
