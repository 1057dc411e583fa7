/**
 * zxcvbn-ts's list of common passwords, by its file: the package's index
 * also carries its keyboard graphs and diceware words, which the password
 * rule (password-rule.ts) does not use. The package declares only its index.
 */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  /** Most common first, lowercase. */
  const passwords: readonly string[];
  export default passwords;
}
