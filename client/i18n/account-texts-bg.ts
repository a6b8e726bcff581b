/**
 * The account pages' texts (namespace `account`, all but the header's menu, the account navigation and the
 * validation messages): sign-in, registration, reset, profile, addresses, invoice details, newsletter, recently
 * viewed, the guard's warning and the sign-up dialog. Bulgarian, the default; bg.ts names only their type, and they
 * load with the forms and pages that show them (client/i18n/account-texts.ts), not with the first page.
 */
export const accountPageTextsBg = {
  fields: {
    email: 'Имейл',
    password: 'Парола',
    passwordConfirmation: 'Повторете паролата',
    passwordHint: 'Поне 8 знака.',
    firstname: 'Име',
    lastname: 'Фамилия',
    egn: 'ЕГН (по желание)',
    egnHint: '10 цифри. Нужно е за фактура на физическо лице и за покупка на кредит.',
    currentPassword: 'Текуща парола',
    newPassword: 'Нова парола',
    newPasswordConfirmation: 'Повторете новата парола',
    company: 'Фирма',
    eik: 'ЕИК (БУЛСТАТ)',
    vatNumber: 'ДДС номер (по желание)',
    vatNumberHint: 'BG и ЕИК, напр. BG123456789.',
    mol: 'МОЛ',
    city: 'Населено място',
    streetAddress: 'Адрес',
    firstName: 'Име',
    lastName: 'Фамилия',
    zipCode: 'Пощенски код',
    phoneNumber: 'Телефон',
    phoneHint: 'Напр. 0888 123 456.',
    country: 'Държава',
  },
  form: {
    fixErrors: 'Моля, поправете отбелязаните полета.',
    sending: 'Изпращане…',
    offline: 'Няма връзка с магазина. Опитайте отново, когато сте онлайн.',
    failed: 'Нещо се обърка. Опитайте отново след няколко секунди.',
  },
  refusals: {
    wrongCredentials: 'Грешен имейл или парола.',
    emailTaken: 'Вече има профил с този имейл адрес.',
    wrongCurrentPassword: 'Текущата парола е грешна.',
    resetLinkInvalid: 'Връзката е невалидна или е изтекла. Поискайте нова.',
    notLoggedIn: 'Трябва да влезете в профила си отново.',
  },
  login: {
    title: 'Вход',
    submit: 'Вход',
    forgot: 'Забравена парола?',
    noAccount: 'Нямате профил?',
    register: 'Регистрирайте се',
  },
  register: {
    title: 'Регистрация',
    intro: 'Създайте профил, за да пазарувате по-бързо и да следите поръчките си.',
    submit: 'Създай профил',
    haveAccount: 'Вече имате профил?',
    login: 'Влезте',
    welcome: 'Добре дошли, {{name}}! Профилът ви е създаден.',
  },
  reset: {
    title: 'Забравена парола',
    intro: 'Въведете имейла на профила си и ще ви изпратим връзка за нова парола.',
    submit: 'Изпрати връзка',
    sent: 'Ако адресът има профил, изпратихме на него връзка за нова парола. Тя е валидна един час.',
    newTitle: 'Нова парола',
    newIntro: 'Въведете новата си парола два пъти.',
    newSubmit: 'Запази новата парола',
    changed: 'Паролата е сменена. Влезте с новата си парола.',
    backToLogin: 'Към входа',
  },
  guard: {
    warning: 'Трябва да влезете в профила си, за да видите тази страница',
    login: 'Вход',
    register: 'Регистрация',
    dismiss: 'Затвори',
    checking: 'Проверяваме профила…',
  },
  home: {
    title: 'Моят профил',
    greeting: 'Здравейте, {{name}}!',
    signedInAs: 'Влезли сте с {{email}}.',
    profileTitle: 'Лични данни',
    profileSubmit: 'Запази данните',
    updated: 'Данните на профила бяха обновени успешно.',
    passwordTitle: 'Смяна на паролата',
    passwordSubmit: 'Смени паролата',
    passwordChanged: 'Паролата е сменена.',
  },
  shipping: {
    title: 'Адрес за доставка',
    intro:
      'Пазим адреса само на това устройство, за да попълваме поръчките ви по-бързо. Изтрива се при изход от профила.',
    countryBg: 'България',
    submit: 'Запази адреса',
    saved: 'Адресът за доставка е запазен.',
    notSaved: 'Адресът не можа да бъде запазен на това устройство.',
    zipInvalid: 'Пощенският код трябва да съдържа 4 цифри.',
  },
  invoice: {
    title: 'Данни за фактура',
    intro: 'Фирмата, на която издаваме фактурите ви.',
    submit: 'Запази данните за фактура',
    saved: 'Данните за фактура са запазени.',
  },
  newsletter: {
    title: 'Бюлетин',
    text: 'Абонаментът за бюлетина ще може да се управлява оттук съвсем скоро.',
  },
  recent: {
    title: 'Последно разгледани',
    listTitle_one: '{{count}} продукт',
    listTitle_other: '{{count}} продукта',
    empty: 'Още не сте разглеждали продукти на това устройство.',
    browse: 'Разгледайте продуктите',
  },
  notices: {
    loggedOut: 'Излязохте от профила си.',
    refreshGaveUp:
      'Вътрешна грешка при обновяване на сесията. Моля, изчистете данните на сайта и презаредете страницата.',
  },
  signUp: {
    title: 'Влезте отново',
    text: 'Сесията ви изтече. Влезте отново, за да продължите, или създайте профил.',
    login: 'Вход',
    register: 'Регистрация',
    close: 'Затвори',
  },
};

export type AccountPageTexts = typeof accountPageTextsBg;
