import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { PlaceIndex } from '../../schema/places/lookup.ts';
import type { Place } from '../../schema/places/place.ts';
import { useT } from '../i18n/use-t.tsx';
import { BulgarianRuns } from '../ui/bulgarian-runs.tsx';
import './add-texts.ts';
import { loadPlaceIndex } from './load-places.ts';
import '../ui/form/form.css';
import './city-field.css';

export interface CityFieldValue {
  city: string;
  zipCode: string;
}

export interface CityFieldProps extends CityFieldValue {
  onChange(value: CityFieldValue): void;
  /** Messages to show under each field (already in the shopper's language). */
  errors?: { city?: string | undefined; zipCode?: string | undefined };
  /** Makes the fields' names and ids unique when a form has two addresses (shipping and invoice). */
  name?: string;
}

/** Options shown at once: enough to find a village among its namesakes, few enough for a phone's screen. */
const SHOWN = 8;

/**
 * The city and postcode of an address: the city is an ARIA 1.2 combobox (a labelled input with a listbox it
 * controls; Down and Up move through the options, Enter chooses, Escape closes; the number found is announced)
 * over every Bulgarian settlement, in Cyrillic or Latin. Choosing a settlement with one postcode fills it in; a
 * postcode typed first fills in its settlement when that is the only one. The settlements load with the field
 * (load-places.ts), so it works offline too; should they fail to load, both stay plain inputs.
 */
export function CityField({ city, zipCode, onChange, errors, name = 'shipping' }: CityFieldProps) {
  const { t, language } = useT();
  const base = useId();
  const ids = {
    city: `${base}-city`,
    zip: `${base}-zip`,
    list: `${base}-cities`,
    status: `${base}-status`,
    cityHint: `${base}-city-hint`,
    cityError: `${base}-city-error`,
    zipHint: `${base}-zip-hint`,
    zipError: `${base}-zip-error`,
  };
  const [index, setIndex] = useState<PlaceIndex | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [several, setSeveral] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    loadPlaceIndex().then(
      (loaded) => live && setIndex(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const options: Place[] = index && open ? index.search(city, SHOWN) : [];
  const expanded = open && options.length > 0;

  const choose = (place: Place) => {
    const single = index?.postcodeOf(place);
    const keep = place.postcodes.includes(zipCode) ? zipCode : '';
    onChange({ city: place.name, zipCode: single ?? keep });
    setSeveral(single ? undefined : place.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!index) return;
    const count = index.search(city, SHOWN).length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open || event.altKey) {
          setOpen(true);
          if (event.altKey) return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
        return;
      }
      case 'Enter': {
        const chosen = expanded && active >= 0 ? options[active] : undefined;
        if (chosen) {
          // The choice, not the form's submission.
          event.preventDefault();
          choose(chosen);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  const onZipChange = (value: string) => {
    const zip = value.replace(/\s+/g, '');
    const found = index && /^\d{4}$/.test(zip) ? index.byPostcode(zip) : [];
    // Fill the settlement only when the postcode names one and none was given: never overwrite the shopper's.
    const fill = found.length === 1 && city.trim() === '' ? found[0]!.name : undefined;
    onChange({ city: fill ?? city, zipCode: zip });
    if (fill) setSeveral(undefined);
  };

  // The browser's autofill knows a shipping address from a billing one by these sections.
  const section = name === 'shipping' || name === 'billing' ? `${name} ` : '';
  const label = (place: Place) =>
    language === 'bg' || place.nameLatin === place.name ? place.name : `${place.nameLatin} (${place.name})`;
  const cityDescribedBy = [ids.cityHint, errors?.city ? ids.cityError : undefined].filter(Boolean).join(' ');
  const zipDescribedBy = [ids.zipHint, errors?.zipCode ? ids.zipError : undefined].filter(Boolean).join(' ');

  return (
    <div className="city-field">
      <div className={`account-field city-field__city${errors?.city ? ' account-field--invalid' : ''}`}>
        <label htmlFor={ids.city} className="account-field__label">
          {t('places.city')}
        </label>
        <p id={ids.cityHint} className="account-field__hint">
          {failed ? (
            t('places.unavailable')
          ) : index ? (
            <BulgarianRuns text={t('places.cityHint')} pageLanguage={language} />
          ) : (
            t('places.loading')
          )}
        </p>
        <input
          id={ids.city}
          name={`${name}-city`}
          className="account-field__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-activedescendant={expanded && active >= 0 ? `${ids.list}-${active}` : undefined}
          aria-invalid={errors?.city ? true : undefined}
          aria-describedby={cityDescribedBy}
          autoComplete={`${section}address-level2`}
          value={city}
          onChange={(event) => {
            onChange({ city: event.target.value, zipCode });
            setSeveral(undefined);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => city.trim() !== '' && setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul
          id={ids.list}
          role="listbox"
          aria-label={t('places.options')}
          className="city-field__options"
          hidden={!expanded}
        >
          {options.map((place, n) => (
            <li
              key={place.ekatte}
              id={`${ids.list}-${n}`}
              role="option"
              aria-selected={n === active}
              className={`city-field__option${n === active ? ' city-field__option--active' : ''}`}
              // Keeps the focus in the input, so the choice does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
            >
              <span className="city-field__name">
                {place.type} {label(place)}
              </span>
              <span className="city-field__where">
                {t('places.municipality', { municipality: place.municipality, region: place.region })}
                {place.postcodes.length === 1 ? ` · ${place.postcodes[0]}` : ''}
              </span>
            </li>
          ))}
        </ul>
        <p id={ids.status} role="status" className="visually-hidden">
          {open && index && city.trim() !== '' ? t('places.count', { count: options.length }) : ''}
        </p>
        {errors?.city && (
          <p id={ids.cityError} className="account-field__error" data-testid={`error-${name}-city`}>
            {errors.city}
          </p>
        )}
      </div>
      <div className={`account-field city-field__zip${errors?.zipCode ? ' account-field--invalid' : ''}`}>
        <label htmlFor={ids.zip} className="account-field__label">
          {t('places.zipCode')}
        </label>
        <p id={ids.zipHint} className="account-field__hint">
          {several ? t('places.several', { city: several }) : t('places.zipCodeHint')}
        </p>
        <input
          id={ids.zip}
          name={`${name}-zipCode`}
          className="account-field__input"
          type="text"
          inputMode="numeric"
          autoComplete={`${section}postal-code`}
          maxLength={4}
          value={zipCode}
          aria-invalid={errors?.zipCode ? true : undefined}
          aria-describedby={zipDescribedBy}
          onChange={(event) => onZipChange(event.target.value)}
        />
        {errors?.zipCode && (
          <p id={ids.zipError} className="account-field__error" data-testid={`error-${name}-zipCode`}>
            {errors.zipCode}
          </p>
        )}
      </div>
    </div>
  );
}
