import { hashPassword } from './password';

/** `npm run hash-password -w server -- 'the password'`: prints a value for ADMIN_PASSWORD_HASH. */
const password = process.argv[2];
if (!password || password.length < 12) {
  console.error('Usage: npm run hash-password -w server -- "a password of 12 or more characters"');
  process.exit(1);
}
console.log(await hashPassword(password));
