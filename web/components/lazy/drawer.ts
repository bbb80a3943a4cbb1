// Loaded by ../lazy-drawer.tsx (see select.ts for why this is a module of its own).
export { Drawer as default } from '@mantine/core';
