import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A rand amount: 2 decimals shown, step 0.01, min 0 (spec §5, §9). */
export function AmountInput(props: Omit<NumberInputProps, 'min' | 'step' | 'decimalScale'>) {
  return (
    <NumberInput
      min={0}
      step={0.01}
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=" "
      leftSection="R"
      {...props}
    />
  );
}

/** A tax percentage: 0 to 100, up to 2 decimals. */
export function PercentInput(props: Omit<NumberInputProps, 'min' | 'max' | 'step' | 'decimalScale'>) {
  return <NumberInput min={0} max={100} step={0.01} decimalScale={2} rightSection="%" {...props} />;
}
