import { escapeHtml as e } from '../shared/http.ts';
import { TEST_CARDS } from './cards.ts';
import type { Sale } from './gateway.ts';

/**
 * The simulated gateway's pages: plain, in Bulgarian, clearly a test gateway, no external resources and no inline
 * script or style (the policy allows only /sim.js and /sim.css from here), usable without JavaScript.
 */

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="bg">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} — ТЕСТОВ ШЛЮЗ</title>
<link rel="stylesheet" href="/sim.css">
<script src="/sim.js" defer></script>
</head>
<body>
<p class="banner" role="note">ТЕСТОВ ШЛЮЗ / test gateway — симулатор на БОРИКА, не се извършват истински плащания</p>
<main>
${body}
</main>
</body>
</html>
`;

const amountLine = (sale: Sale): string =>
  `<dl>
<dt>Търговец</dt><dd>${e(sale.merchantName)}</dd>
<dt>Описание</dt><dd>${e(sale.description)}</dd>
<dt>Поръчка</dt><dd>${e(sale.order)}</dd>
<dt>Сума</dt><dd class="amount">${e(sale.amount)} ${e(sale.currency)}</dd>
</dl>`;

export const cardPage = (sale: Sale, error?: string): string =>
  layout(
    'Плащане с карта',
    `<h1>Плащане с карта</h1>
${amountLine(sale)}
${error ? `<p class="error" role="alert">${e(error)}</p>` : ''}
<form method="post" action="/cgi-bin/pay">
<input type="hidden" name="session" value="${e(sale.session)}">
<label>Номер на карта <input name="card" inputmode="numeric" autocomplete="cc-number" required pattern="[0-9 ]{12,23}"></label>
<label>Валидност (ММ/ГГ) <input name="expiry" autocomplete="cc-exp" required placeholder="12/30"></label>
<label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required pattern="[0-9]{3,4}"></label>
<label>Име на картодържателя <input name="cardholder" autocomplete="cc-name"></label>
<p class="buttons">
<button type="submit" name="choice" value="pay">Плати</button>
<button type="submit" name="choice" value="cancel" formnovalidate>Откажи</button>
</p>
</form>
<section class="hint">
<h2>Тестови карти</h2>
<ul>${TEST_CARDS.map((c) => `<li><code>${e(c.number)}</code> — ${e(c.note)}</li>`).join('')}
<li>Сума, завършваща на ,65 — мек отказ (65)</li></ul>
</section>`,
  );

export const otpPage = (sale: Sale): string =>
  layout(
    'Потвърждение 3-D Secure',
    `<h1>Потвърждение 3-D Secure</h1>
${amountLine(sale)}
<form method="post" action="/cgi-bin/otp">
<input type="hidden" name="session" value="${e(sale.session)}">
<label>Еднократен код от SMS <input name="otp" inputmode="numeric" autocomplete="one-time-code" required></label>
<p class="buttons">
<button type="submit" name="choice" value="confirm">Потвърди</button>
<button type="submit" name="choice" value="cancel" formnovalidate>Откажи</button>
</p>
</form>
<p class="hint">Тестовият код е 111111.</p>`,
  );

/** Sends the browser to the shop's BACKREF: auto-submitted by /sim.js, or by the visible button without it. */
export const backrefPage = (backref: string, fields: Readonly<Record<string, string>>): string =>
  layout(
    'Връщане към магазина',
    `<h1>${e(fields['RC'] === '00' ? 'Плащането е одобрено' : 'Плащането не е извършено')}</h1>
<p>${e(fields['STATUSMSG'] ?? '')}</p>
<form method="post" action="${e(backref)}" data-autosubmit>
${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
  .join('\n')}
<p class="buttons"><button type="submit">Продължи</button></p>
</form>`,
  );

export const droppedPage = (): string =>
  layout(
    'Плащането е обработено',
    `<h1>Плащането е обработено</h1>
<p>Тестов шлюз: връщането към магазина е спряно нарочно (симулирана загуба на отговора).</p>`,
  );

export const errorPage = (message: string): string =>
  layout('Грешка', `<h1>Грешка</h1><p class="error" role="alert">${e(message)}</p>`);

export const SIM_JS = `// Auto-submits the BACKREF form (the page works without it: the button is visible).
document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-autosubmit]');
  if (form) form.submit();
});
`;

export const SIM_CSS = `body { font: 16px/1.4 system-ui, sans-serif; margin: 0; background: #f4f4f4; color: #111; }
.banner { margin: 0; padding: .6em 1em; background: #b00020; color: #fff; font-weight: bold; text-align: center; }
main { max-width: 28em; margin: 1.5em auto; padding: 1em 1.5em; background: #fff; border: 1px solid #ccc; }
label { display: block; margin: .6em 0; }
input { display: block; width: 100%; box-sizing: border-box; padding: .4em; font: inherit; }
dt { font-weight: bold; } dd { margin: 0 0 .4em; }
.amount { font-size: 1.3em; }
.buttons button { font: inherit; padding: .5em 1.2em; margin-right: .5em; }
.error { color: #b00020; }
.hint { color: #555; font-size: .9em; }
`;
