// Loaded by ../lazy-inputs.tsx and ../lazy-drawer.tsx. Modules of their own: a dynamic import of '@mantine/core' (or
// '@mantine/dates') itself would pull all of it into the entry chunk, which imports it statically.
export { Select as default } from '@mantine/core';
