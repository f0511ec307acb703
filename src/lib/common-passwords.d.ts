// The password list of @zxcvbn-ts/language-common, imported alone (the package's index would add
// its diceware and keyboard dictionaries to the lazy chunk, ~20 kB gzip more).
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
