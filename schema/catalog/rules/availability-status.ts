import { AVAILABILITY_STATUSES, type AvailabilityStatus } from '../availability.ts';

type FilterOptionValue = boolean | string | number;

/**
 * Whether a status key counts as set in filter_options: true, a non-zero number, or a non-empty string other
 * than '0' and 'false' (imported shops carry flags as 1/'1'/true alike).
 */
export const isFilterOptionSet = (value: FilterOptionValue | undefined): boolean => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim().toLowerCase());
  return false;
};

/**
 * Spec section 4: "the shown status comes from the first configured status key set in the product's
 * filter_options", in the order of AVAILABILITY_STATUSES. Null when none is set.
 */
export const availabilityStatusOf = (
  filterOptions: Readonly<Record<string, FilterOptionValue>>,
  statuses: readonly AvailabilityStatus[] = AVAILABILITY_STATUSES,
): AvailabilityStatus | null => statuses.find((status) => isFilterOptionSet(filterOptions[status.key])) ?? null;

/** schema.org availability of the product page (spec section 4). */
export type ProductPageAvailability = 'OnlineOnly' | 'OutOfStock';

/** Spec section 4: "Availability labels on the product page default to OnlineOnly, and OutOfStock when is_old." */
export const productPageAvailability = (product: { readonly is_old: number }): ProductPageAvailability =>
  product.is_old ? 'OutOfStock' : 'OnlineOnly';
