import { useId, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { saveFile } from '../lib/save-file.ts';
import { Button } from '../ui/button.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import '../i18n/account-texts.ts';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'preparing'; bytes: number }
  | { kind: 'done' }
  | { kind: 'failed'; reason: 'offline' | 'refused' };

/** Reads a streamed answer whole, telling how much has arrived (a large export takes a while). */
const readAll = async (response: Response, onBytes: (bytes: number) => void): Promise<Blob> => {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onBytes(bytes);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
};

/**
 * "Your data" (issue 32, access and portability): the account's data from the server (GET /api/user/me/data) as a
 * JSON file, or as a page to read (HTML), saved through the browser's downloads. The answer is streamed: the card
 * tells how much has arrived while it comes, in a live region a screen reader reads out.
 */
export function DataExportCard() {
  const { t, language } = useT();
  useStartStoreClient();
  const headingId = useId();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });

  const download = async (format: 'json' | 'html') => {
    setState({ kind: 'preparing', bytes: 0 });
    try {
      const session = await accountSession();
      const response = await session.send(`/api/user/me/data?format=${format}&language=${language}`);
      if (!response?.ok) return setState({ kind: 'failed', reason: 'refused' });
      const blob = await readAll(response, (bytes) => setState({ kind: 'preparing', bytes }));
      const day = new Date().toISOString().slice(0, 10);
      saveFile(blob, `apple-store-bg-data-${day}.${format}`);
      setState({ kind: 'done' });
    } catch {
      setState({ kind: 'failed', reason: 'offline' });
    }
  };
  const busy = state.kind === 'preparing';

  return (
    <section className="account-card" aria-labelledby={headingId} data-testid="data-export">
      <h2 id={headingId} className="account-card__title">
        {t('account.home.dataTitle')}
      </h2>
      <p>{t('account.home.dataIntro')}</p>
      <div className="data-export__actions">
        <Button disabled={busy} onClick={() => void download('json')}>
          {t('account.home.dataJson')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void download('html')}>
          {t('account.home.dataHtml')}
        </Button>
      </div>
      <p role="status" aria-live="polite" data-testid="data-export-status">
        {state.kind === 'preparing'
          ? t('account.home.dataPreparing', { kb: Math.max(1, Math.round(state.bytes / 1024)) })
          : state.kind === 'done'
            ? t('account.home.dataDone')
            : state.kind === 'failed'
              ? t(state.reason === 'offline' ? 'account.home.dataOffline' : 'account.home.dataRefused')
              : ''}
      </p>
    </section>
  );
}
