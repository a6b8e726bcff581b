import type { Application } from './applications.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS_WORDS: Record<Application['status'], string> = {
  approved: 'одобрен',
  documents_required: 'чака документи',
  refused: 'отказан',
  cancelled: 'анулиран',
};

const euro = (cents: number): string => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/**
 * The test creditor's operator page: the applications, and for those waiting for documents two buttons (approve,
 * refuse). Plain, in Bulgarian, marked as a test gateway, with no external resources.
 */
export const operatorPage = (applications: readonly Application[]): string => {
  const rows = applications
    .map((a) => {
      const actions =
        a.status === 'documents_required'
          ? `<form method="post" action="/__sim/operator">
              <input type="hidden" name="id" value="${escapeHtml(a.id)}">
              <button name="status" value="approved">Одобри</button>
              <button name="status" value="refused">Откажи</button>
            </form>`
          : '';
      return `<tr><td>${escapeHtml(a.id)}</td><td>${escapeHtml(a.provider)}</td><td>${escapeHtml(a.orderNumber)}</td>
        <td>${escapeHtml(a.applicant)}</td><td>${euro(a.creditAmount)}</td><td>${a.monthsNumber}</td>
        <td>${STATUS_WORDS[a.status]}</td><td>${actions}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="bg">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ТЕСТОВ КРЕДИТОР — заявки за кредит</title></head>
<body>
<p><strong>ТЕСТОВ ШЛЮЗ / test gateway</strong>: никакъв истински кредит не се отпуска.</p>
<h1>ТЕСТОВ КРЕДИТОР</h1>
<table>
<caption>Заявки за потребителски кредит</caption>
<thead><tr><th scope="col">Номер</th><th scope="col">Кредитор</th><th scope="col">Поръчка</th><th scope="col">Кредитополучател</th>
<th scope="col">Сума</th><th scope="col">Месеци</th><th scope="col">Състояние</th><th scope="col">Решение</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="8">Няма заявки.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
};
