import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineIdOf, type Cart, type LineOptions } from '../../../schema/cart/cart.ts';
import { applyCartCommand, type CartCommand } from '../../../schema/cart/cart-rules.ts';
import { foldPendingIntoCart } from '../../../schema/cart/optimistic-cart.ts';
import { CASE, IPHONE, LAST_TWO, NO_PRICE, SOLD_OUT, shop } from '../support/catalogue.ts';
import { CLIENT_A, CLIENT_B, addItem, clear, removeItem, updateQty, type Meta } from '../support/commands.ts';
import { cartFrom } from '../support/cart-spec.ts';

const SKUS = [IPHONE.sku, CASE.sku, LAST_TWO.sku, SOLD_OUT.sku, NO_PRICE.sku, 'NO-SUCH-SKU'];
const OPTIONS: LineOptions[] = [{}, { cvyat: 'черен' }, { cvyat: 'бял' }];
const LINE_IDS = SKUS.flatMap((sku) => OPTIONS.map((options) => lineIdOf(sku, options)));

type Intent = (meta: Meta) => CartCommand;

/** Any cart command a shopper could send, valid by its schema, against a catalogue with scarce stock. */
const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...SKUS), fc.integer({ min: 1, max: 4 }), fc.constantFrom(...OPTIONS)).map(
      ([sku, qty, options]): Intent =>
        (meta) =>
          addItem(sku, qty, options, meta),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...LINE_IDS), fc.integer({ min: 1, max: 4 })).map(
      ([lineId, qty]): Intent =>
        (meta) =>
          updateQty(lineId, qty, meta),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...LINE_IDS), fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }))
      .map(
        ([lineId, qty]): Intent =>
          (meta) =>
            removeItem(lineId, qty, meta),
      ),
  },
  { weight: 1, arbitrary: fc.constant<Intent>((meta) => clear(meta)) },
);

/** A history: commands from two devices of one owner, each device numbering its own, made one after another. */
const history = fc.array(fc.tuple(intent, fc.constantFrom(CLIENT_A, CLIENT_B)), { maxLength: 25 }).map((steps) => {
  const seqs = new Map<string, number>();
  return steps.map(([make, clientId], i) => {
    const seq = (seqs.get(clientId) ?? 0) + 1;
    seqs.set(clientId, seq);
    return make({ clientId, seq, createdAt: 1_000 + i });
  });
});

const serverRuns = (commands: readonly CartCommand[]): Cart =>
  commands.reduce((cart, command) => applyCartCommand(cart, command, shop).cart, cartFrom());

describe('the optimistic view agrees with the server', () => {
  it('folding every command as pending over any prefix the server has applied gives the server’s final cart', () => {
    fc.assert(
      fc.property(
        history.chain((commands) =>
          fc.tuple(
            fc.constant(commands),
            fc.shuffledSubarray(commands, { minLength: commands.length, maxLength: commands.length }),
            fc.nat({ max: commands.length }),
          ),
        ),
        ([commands, listedInAnyOrder, appliedSoFar]) => {
          const final = serverRuns(commands);
          const serverNow = serverRuns(commands.slice(0, appliedSoFar));
          expect(foldPendingIntoCart(serverNow, listedInAnyOrder, shop).items).toEqual(final.items);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('over an empty cart, all pending, it equals the server applying them in order', () => {
    fc.assert(
      fc.property(history, (commands) => {
        expect(foldPendingIntoCart(cartFrom(), commands, shop).items).toEqual(serverRuns(commands).items);
      }),
    );
  });
});
