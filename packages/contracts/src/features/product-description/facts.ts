/**
 * The product description writer's lists and limits: plain values, free of zod, so the website's
 * first load may use them. Its request and answer are in schemas.ts beside this file.
 */
export const PRODUCT_DESCRIPTION_LIMITS = {
  productNameMaxLength: 100,
} as const;

/** The description's length in words, its title and list included. */
export const PRODUCT_DESCRIPTION_WORDS = { lowest: 120, highest: 200 } as const;

export const PRODUCT_AUDIENCES = [
  'everyday shoppers',
  'busy parents',
  'students',
  'professionals',
  'small businesses',
  'home cooks',
  'fitness fans',
  'outdoor lovers',
  'gamers',
  'tech enthusiasts',
  'gift buyers',
] as const;
export type ProductAudience = (typeof PRODUCT_AUDIENCES)[number];

export const PRODUCT_TONES = [
  'friendly',
  'professional',
  'persuasive',
  'playful',
  'luxurious',
  'straightforward',
] as const;
export type ProductTone = (typeof PRODUCT_TONES)[number];
