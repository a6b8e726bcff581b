import { escapeHtml } from '../amp/escape-html.ts';
import type { ExportSection } from './owner-export.ts';

/** A value as nested lists: objects as term and description, arrays numbered, everything else as escaped text. */
const render = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : `<ol>${value.map((item) => `<li>${render(item)}</li>`).join('')}</ol>`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '—';
    return `<dl>${entries.map(([key, item]) => `<dt>${escapeHtml(key)}</dt><dd>${render(item)}</dd>`).join('')}</dl>`;
  }
  return escapeHtml(String(value));
};

const TITLES = {
  bg: { title: 'Вашите данни в Apple Store BG', exported: 'Изготвено' },
  en: { title: 'Your data at Apple Store BG', exported: 'Exported' },
} as const;

/** The export as a page a person reads (no script, no style: the strict policy holds), one heading a section. */
export const exportPageStart = (language: 'bg' | 'en', exportedAt: string): string =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${TITLES[language].title}</title></head>` +
  `<body><h1>${TITLES[language].title}</h1><p>${TITLES[language].exported}: ${escapeHtml(exportedAt)}</p>`;

export const exportPageSection = (section: ExportSection): string =>
  `<section><h2>${escapeHtml(section.name)}</h2>${render(section.data)}</section>`;

export const EXPORT_PAGE_END = '</body></html>';
