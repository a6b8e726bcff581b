import type { Attribute } from '../../../schema/catalog/attribute.ts';

/** An attribute of the shop's own whose values products had, and the import left out. */
export interface Vsf1DroppedAttribute {
  readonly code: string;
  /** Imported products that had a value for it. */
  readonly products: number;
}

const hasValue = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/**
 * Counts the values the import drops (issue 29): a product keeps only the shop's own select, multiselect and yes/no
 * attributes (`valueAttributes`); the shop's own free-text and other attributes (a warranty, a care label) are
 * lost, and the importer's report lists them with how many products had them. Magento's system attributes are not
 * counted: they are our model's own fields.
 */
export class DroppedAttributes {
  private readonly counts = new Map<string, number>();

  constructor(attributes: Iterable<Attribute>, kept: ReadonlyMap<string, Attribute>) {
    for (const attribute of attributes)
      if (attribute.is_user_defined && !kept.has(attribute.attribute_code))
        this.counts.set(attribute.attribute_code, 0);
  }

  /** One imported product's top-level values. */
  see(source: Readonly<Record<string, unknown>>): void {
    for (const [code, n] of this.counts) if (hasValue(source[code])) this.counts.set(code, n + 1);
  }

  /** The attributes some product had a value for, most used first. */
  list(): Vsf1DroppedAttribute[] {
    return [...this.counts]
      .filter(([, products]) => products > 0)
      .map(([code, products]) => ({ code, products }))
      .sort((a, b) => b.products - a.products || a.code.localeCompare(b.code));
  }
}
