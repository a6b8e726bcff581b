/**
 * The shopper's side of online payments (namespace `payments`): the order's payment status, each try's result, the
 * time left to pay, "Pay now" and the page the gateway sends the shopper back to. Bulgarian, the default; bg.ts
 * names only their type, and they load with the payment parts (client/payments/add-texts.ts), not the first page.
 */
export const paymentTextsBg = {
  title: 'Плащане',
  providers: {
    borica: 'Карта (Visa, Mastercard)',
    paypal: 'PayPal',
    credit: 'Покупка на кредит',
  },
  status: {
    awaiting: 'Чака плащане',
    processing: 'Обработва се',
    paid: 'Платена',
    expired: 'Изтекла',
    refunded: 'Възстановена',
  },
  statusLabel: 'Състояние на плащането',
  attempts: 'Опити за плащане',
  attempt: {
    open: 'Започнато',
    pending: 'Очаква решение',
    paid: 'Успешно',
    declined: 'Отказано',
    unknown: 'Няма отговор',
  },
  card: 'Карта {{card}}',
  dueBy: 'Платете до {{time}}',
  timeLeft: {
    hoursMinutes: 'Остават {{hours}} ч и {{minutes}} мин',
    minutes: 'Остават {{minutes}} мин',
    lessThanMinute: 'Остава по-малко от минута',
    over: 'Времето за плащане изтече',
  },
  paidAt: 'Платена на {{time}}',
  refunded: 'Върнати {{amount}}',
  payNow: 'Плати сега',
  retry: 'Опитай отново',
  resume: 'Продължи към плащането',
  switchToOffline: 'Плати с наложен платеж вместо това',
  switchShort: 'Плати с наложен платеж',
  switchConfirm: 'Да платите поръчката с наложен платеж при доставката?',
  switched: 'Поръчката ще бъде платена с наложен платеж.',
  needsOnline: 'Нужна е връзка с интернет',
  waitingToSend: 'Ще можете да платите, щом поръчката бъде изпратена.',
  starting: 'Подготвяме плащането…',
  redirecting: 'Пренасочване към плащането…',
  creditPending: 'Кредитната заявка се разглежда. Ще видите решението тук.',
  failed: 'Плащането не можа да започне: {{message}}',
  failedGeneric: 'Плащането не можа да започне. Опитайте отново.',
  result: {
    title: 'Плащане на поръчката',
    checking: 'Проверяваме плащането…',
    paid: 'Плащането е успешно. Благодарим!',
    declined: 'Плащането беше отказано: {{message}}',
    declinedGeneric: 'Плащането беше отказано.',
    expired: 'Времето за плащане изтече и поръчката е отказана.',
    refunded: 'Сумата по поръчката е възстановена.',
    offline: 'Поръчката ще бъде платена при доставката.',
    notFound: 'Няма такава поръчка на това устройство.',
    toOrder: 'Към поръчката',
  },
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The namespace's shape: what the English texts must give, and what client/i18n/bg.ts declares. */
export type PaymentTexts = Texts<typeof paymentTextsBg>;
