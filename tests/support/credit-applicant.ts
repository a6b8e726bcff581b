/**
 * The applicant a checkout's credit form sends, as the tests fill it in: a valid ЕГН (a test vector of
 * ../shared/BULGARIA.md's checksum) and contact details. The amounts and the offer are each test's own.
 */
export const CREDIT_APPLICANT = {
  fullName: 'Иван Петров Иванов',
  egn: '0543151230',
  email: 'ivan@example.bg',
  phone: '0888 123 456',
  town: 'София',
  address: 'ул. Шипка 6',
} as const;
