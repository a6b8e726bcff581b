/**
 * The message forms' texts (namespace `messages`): the review form, the product inquiry, the /contact page and
 * feedback. The spec's own (section 8) where it has them. They load with the forms, not with the first page
 * (client/messages/add-texts.ts adds the Bulgarian ones; the English ride in the English dictionary).
 */
const bg = {
  fields: {
    name: 'Име',
    email: 'Имейл',
    phone: 'Телефон',
    address: 'Адрес',
    message: 'Съобщение',
    rating: 'Оценка',
    title: 'Заглавие',
    text: 'Вашият отзив',
    nickname: 'Псевдоним',
    optional: '(по желание)',
  },
  errors: {
    required: 'Моля, попълнете полето.',
    tooShort: 'Моля, въведете поне {{min}} знака.',
    tooLong: 'Моля, въведете най-много {{max}} знака.',
    email: 'Моля, въведете валиден имейл адрес.',
    phone: 'Моля, въведете валиден телефонен номер.',
    plainText: 'Моля, пишете само текст, без HTML или скрипт.',
    rating: 'Моля, изберете оценка от 1 до 5.',
    terms: 'Трябва да приемете условията.',
    fix: 'Моля, поправете отбелязаните полета.',
  },
  sending: 'Изпращане…',
  solving: 'Проверка срещу спам…',
  queued: 'Запазено на устройството. Ще бъде изпратено, щом връзката се върне.',
  failed: 'Нещо се обърка. Опитайте отново след няколко секунди.',
  needsConnection: 'Свържете се с интернет веднъж, за да изпратите формата.',
  tooMany: 'Изпратихте твърде много съобщения. Опитайте отново след {{minutes}} мин.',
  review: {
    heading: 'Напишете отзив',
    submit: 'Изпрати отзива',
    sent: 'Изпратихте отзива си за одобрение.',
    loginFirst: 'Влезте в профила си, за да напишете отзив.',
    login: 'Вход',
    stars: '{{count}} от 5',
  },
  inquiry: {
    heading: 'Запитване за продукта',
    submit: 'Изпрати запитването',
    sent: 'Запитването ви е изпратено!',
  },
  contact: {
    title: 'Контакти',
    intro: 'Пишете ни и ще ви отговорим възможно най-скоро.',
    submit: 'Изпрати съобщението',
    sent: 'Съобщението ви е изпратено!',
    terms1: 'Съгласен/на съм личните ми данни да бъдат обработени, за да получа отговор.',
    terms2: 'Искам да получавам оферти по имейл.',
    terms3: 'Може да ми се обадите по телефона.',
  },
  feedback: {
    heading: 'Обратна връзка за сайта',
    submit: 'Изпрати',
    sent: 'Съобщението ви е изпратено!',
  },
};

export type MessageTexts = typeof bg;

const en: MessageTexts = {
  fields: {
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Address',
    message: 'Message',
    rating: 'Rating',
    title: 'Title',
    text: 'Your review',
    nickname: 'Nickname',
    optional: '(optional)',
  },
  errors: {
    required: 'Please fill in this field.',
    tooShort: 'Please enter at least {{min}} characters.',
    tooLong: 'Please enter at most {{max}} characters.',
    email: 'Please enter a valid e-mail address.',
    phone: 'Please enter a valid phone number.',
    plainText: 'Please write plain text, without HTML or script.',
    rating: 'Please choose a rating from 1 to 5.',
    terms: 'The terms must be accepted.',
    fix: 'Please correct the marked fields.',
  },
  sending: 'Sending…',
  solving: 'Anti-spam check…',
  queued: 'Saved on this device. It will be sent when the connection is back.',
  failed: 'Something went wrong. Try again in a few seconds.',
  needsConnection: 'Connect to the internet once to send this form.',
  tooMany: 'You have sent too many messages. Try again in {{minutes}} min.',
  review: {
    heading: 'Write a review',
    submit: 'Submit review',
    sent: 'You submitted your review for moderation.',
    loginFirst: 'Log in to write a review.',
    login: 'Log in',
    stars: '{{count}} of 5',
  },
  inquiry: {
    heading: 'Ask about this product',
    submit: 'Send inquiry',
    sent: 'Your inquiry has been sent!',
  },
  contact: {
    title: 'Contact',
    intro: 'Write to us and we will answer as soon as we can.',
    submit: 'Send message',
    sent: 'Your message has been sent!',
    terms1: 'I agree to my personal data being processed to receive an answer.',
    terms2: 'I would like to receive offers by e-mail.',
    terms3: 'You may call me by phone.',
  },
  feedback: {
    heading: 'Feedback about the site',
    submit: 'Send',
    sent: 'Your message has been sent!',
  },
};

export const messageTexts = { bg, en };
