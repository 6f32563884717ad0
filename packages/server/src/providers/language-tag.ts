/**
 * The primary subtag of a BCP 47 language tag, lower case: 'pt-BR' and 'pt_br' are 'pt'. The
 * engines choose voices and models by it.
 */
export function primaryLanguage(tag: string | undefined): string | undefined {
  return tag?.toLowerCase().split(/[-_]/)[0] || undefined;
}
