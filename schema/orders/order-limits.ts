/** The most lines one order holds (a cart of more distinct products than this is a script, not a shopper). */
export const MAX_ORDER_LINES = 100;
