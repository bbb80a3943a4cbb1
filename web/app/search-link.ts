export const SEARCH_LINK = { label: 'Search for Rentals', to: '/properties' };
