/** A day as the owner reads it, in Sofia's time ("26.12.2026" / "26/12/2026"). */
export const formatDate = (epochMs: number | undefined, locale: 'bg-BG' | 'en-GB'): string =>
  epochMs === undefined
    ? ''
    : new Intl.DateTimeFormat(locale, {
        timeZone: 'Europe/Sofia',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(epochMs));
