import {
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { halfHoursOfDay } from '../../../../domain/owner-units.ts';
import type { PropertyFormValues } from '../property-form-values.ts';

type Form = UseFormReturnType<PropertyFormValues>;

/** Bookable hours of an event space: every half hour of the day, 00:00 to 24:00. */
const HALF_HOURS = halfHoursOfDay();

const CONDITION_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'excellent', label: 'Excellent' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
];

/** The type-specific section of the property form. */
export function SpecificationFields({ form }: { form: Form }) {
  const field = (name: string) => form.getInputProps(`specifications.${name}`);
  const number = (
    name: string,
    label: string,
    options: { min?: number; required?: boolean; decimal?: boolean } = {},
  ) => (
    <NumberInput
      label={label}
      min={options.min ?? 0}
      required={options.required}
      allowDecimal={options.decimal ?? false}
      {...field(name)}
      onChange={(value) =>
        form.setFieldValue(`specifications.${name}`, value === '' ? undefined : Number(value))
      }
    />
  );
  // Equipment dimensions are one optional object: setting a side creates it (the path has no object yet).
  const dimension = (side: 'length' | 'width' | 'height', label: string) => (
    <NumberInput
      label={label}
      min={0}
      allowDecimal
      {...field(`dimensions.${side}`)}
      onChange={(value) => {
        const specifications = form.values.specifications as { dimensions?: Record<string, unknown> };
        // Partly filled is allowed while typing; the schema then asks for the missing sides.
        const dimensions = { ...specifications.dimensions, [side]: value === '' ? undefined : Number(value) };
        form.setFieldValue('specifications.dimensions', dimensions as Record<typeof side, number>);
      }}
    />
  );
  switch (form.values.type) {
    case 'accommodation':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
          {number('bedrooms', 'Bedrooms', { required: true })}
          {number('bathrooms', 'Bathrooms', { required: true })}
          {number('maxOccupants', 'Max occupants', { min: 1, required: true })}
          {number('maxGuests', 'Max guests', { min: 1, required: true })}
          {number('squareFootage', 'Size (m²)', { decimal: true })}
          <Checkbox
            label="Furnished"
            mt="xl"
            {...form.getInputProps('specifications.furnished', { type: 'checkbox' })}
          />
        </SimpleGrid>
      );
    case 'vehicle':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
          <TextInput label="Make" required {...field('make')} />
          <TextInput label="Model" required {...field('model')} />
          {number('year', 'Year', { min: 1950, required: true })}
          {number('seatingCapacity', 'Seating capacity', { min: 1, required: true })}
          <Select
            label="Transmission"
            data={[
              { value: 'automatic', label: 'Automatic' },
              { value: 'manual', label: 'Manual' },
            ]}
            {...field('transmission')}
          />
          <Select
            label="Fuel type"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear selection' }}
            data={['petrol', 'diesel', 'electric', 'hybrid', 'other'].map((value) => ({
              value,
              label: value.charAt(0).toUpperCase() + value.slice(1),
            }))}
            {...field('fuelType')}
          />
          {number('mileage', 'Mileage (km)')}
        </SimpleGrid>
      );
    case 'equipment':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
          <TextInput label="Brand" required {...field('brand')} />
          <TextInput label="Model" required {...field('model')} />
          <Select
            label="Condition"
            required
            data={CONDITION_OPTIONS}
            allowDeselect={false}
            {...field('condition')}
          />
          <TextInput label="Power type" placeholder="Electric, petrol, manual…" {...field('powerType')} />
          {number('weight', 'Weight (kg)', { decimal: true })}
          {dimension('length', 'Length (cm)')}
          {dimension('width', 'Width (cm)')}
          {dimension('height', 'Height (cm)')}
        </SimpleGrid>
      );
    case 'electronics':
      return (
        <Group grow align="flex-start" wrap="wrap">
          <SimpleGrid cols={{ base: 1, xs: 3 }} w="100%">
            <TextInput label="Brand" required {...field('brand')} />
            <TextInput label="Model" required {...field('model')} />
            <Select
              label="Condition"
              required
              data={CONDITION_OPTIONS}
              allowDeselect={false}
              {...field('condition')}
            />
          </SimpleGrid>
          <Textarea
            label="Technical specifications"
            autosize
            minRows={2}
            {...field('technicalSpecifications')}
          />
          <TagsInput
            label="Included accessories"
            placeholder="Type and press Enter"
            {...field('includedAccessories')}
          />
        </Group>
      );
    case 'event_space':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
          {number('capacity', 'Capacity', { min: 1, required: true })}
          {number('indoorArea', 'Indoor area (m²)', { required: true, decimal: true })}
          {number('outdoorArea', 'Outdoor area (m²)', { decimal: true })}
          <TagsInput label="Layouts" placeholder="Theatre, banquet…" {...field('layouts')} />
          <TagsInput label="Venue amenities" placeholder="Stage, PA system…" {...field('amenities')} />
          <Select
            label="Bookable from"
            required
            allowDeselect={false}
            data={HALF_HOURS}
            {...field('bookableHours.start')}
          />
          <Select
            label="Bookable until"
            required
            allowDeselect={false}
            data={HALF_HOURS}
            {...field('bookableHours.end')}
          />
          <NumberInput
            label="Minimum hours"
            description="The shortest booking, in whole or half hours"
            required
            min={0.5}
            step={0.5}
            decimalScale={1}
            allowNegative={false}
            {...field('minimumHours')}
            // Emptied stays empty (the schema asks for it) rather than falling back to the default.
            onChange={(value) =>
              form.setFieldValue('specifications.minimumHours', (value === '' ? '' : Number(value)) as number)
            }
          />
        </SimpleGrid>
      );
    case 'storage_space':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
          {number('width', 'Width (m)', { required: true, decimal: true })}
          {number('length', 'Length (m)', { required: true, decimal: true })}
          {number('height', 'Height (m)', { required: true, decimal: true })}
          <TextInput label="Access from" placeholder="00:00" {...field('accessHours.start')} />
          <TextInput label="Access until" placeholder="23:59" {...field('accessHours.end')} />
          <TagsInput label="Security features" placeholder="CCTV, alarm…" {...field('securityFeatures')} />
          <Checkbox
            label="Climate controlled"
            mt="xl"
            {...form.getInputProps('specifications.climateControlled', { type: 'checkbox' })}
          />
        </SimpleGrid>
      );
  }
}
