// Loaded by ../lazy-inputs.tsx (see select.ts for why this is a module of its own).
export { NumberInput as default } from '@mantine/core';
