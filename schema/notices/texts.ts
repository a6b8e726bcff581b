/**
 * The lasting notices' texts (i18n namespace `lastingNotices`), both languages. Here rather than in client/notices so
 * the dictionaries (client/i18n) can name them; the Bulgarian ones load with the panel (client/notices/add-texts.ts).
 */
const bg = {
  title_one: 'Магазинът ви съобщава',
  title_other: 'Магазинът ви съобщава ({{count}})',
  intro: 'Тези решения на магазина пристигнаха, докато не сте го разглеждали. Остават тук, докато ги прочетете.',
  when: 'Заявено на {{date}}',
  ok: 'Разбрах',
  okLabel: 'Разбрах: {{message}}',
  all: 'Разбрах всички',
};
export type LastingNoticesTexts = typeof bg;

const en: LastingNoticesTexts = {
  title_one: 'A message from the store',
  title_other: 'Messages from the store ({{count}})',
  intro: 'The store decided these while you were away. They stay here until you have read them.',
  when: 'Asked on {{date}}',
  ok: 'Got it',
  okLabel: 'Got it: {{message}}',
  all: 'Got them all',
};

export const lastingNoticesTexts = { bg, en };
