import type { ArtworkPageProps } from '../components/artwork-page';

type ArtworkDefinition = Pick<ArtworkPageProps, 'slug' | 'artwork' | 'title' | 'description'>;

/** The shipped artwork of the three hotspot pages (PRODUCT.md 31). */
export const artworkPages: Record<'about' | 'custom1' | 'custom2', ArtworkDefinition> = {
  about: {
    slug: 'abouttemp',
    artwork: '/artwork/about.svg',
    title: 'About',
    description: 'Built for steady passive income: fixed rates, exact interest, nothing to maintain.',
  },
  custom1: {
    slug: 'custom-page-1',
    artwork: '/artwork/custom-1.svg',
    title: 'Start earning today',
    description: 'Up to 10.24% a year. Monthly income or growth, from $5,000, with no hidden fees.',
  },
  custom2: {
    slug: 'custom-page-2',
    artwork: '/artwork/custom-2.svg',
    title: 'Plans',
    description:
      'Two plans: Standard income with monthly interest, and High-Yield growth with terms of 2 to 5 years.',
  },
};
