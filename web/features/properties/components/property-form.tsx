import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { addDays } from '../../../../domain/dates.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  humanize,
  type PropertyStatus,
  type PropertyType,
  pricePeriodLabel,
} from '../../../../domain/property.ts';
import { DatePickerInput } from '../../../components/mantine-dates.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { confirmLeavingUnsaved, useUnsavedChangesWarning } from '../../../lib/unsaved-changes.tsx';
import {
  deletePropertyImage,
  type Property,
  type PropertyImage,
  uploadPropertyImage,
  useSaveProperty,
} from '../api.ts';
import {
  emptyPropertyForm,
  formFromProperty,
  type PropertyFormValues,
  toPropertyInput,
  validatePropertyForm,
  withType,
} from '../property-form-values.ts';
import { CityField } from './city-field.tsx';
import { ListingPaymentFields } from './listing-payment-fields.tsx';
import { type PendingPhoto, PhotoPicker } from './photo-picker.tsx';
import { TYPE_OPTIONS } from './search-form.tsx';
import { SpecificationFields } from './specification-fields.tsx';

const LIMIT_PATTERN = /limit|subscription/i;

const STATUS_OPTIONS: Array<{ value: PropertyStatus; label: string }> = [
  { value: 'available', label: 'Available' },
  { value: 'maintenance', label: 'Maintenance' },
];

/** Add or edit a listing: the fields, the type-specific section, amenities and photos. */
export function PropertyForm({
  property,
  onDone,
}: {
  property?: Property;
  /** Called with the saved listing after a save, with nothing after a cancel. */
  onDone: (saved?: Property) => void;
}) {
  const save = useSaveProperty();
  const [existing, setExisting] = useState<PropertyImage[]>(property?.images ?? []);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<PropertyFormValues>({
    mode: 'controlled',
    initialValues: property ? formFromProperty(property) : emptyPropertyForm(),
    validate: validatePropertyForm,
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const dirty = !busy && (form.isDirty() || pending.length > 0);
  useUnsavedChangesWarning(dirty);
  const cancel = () => (dirty ? confirmLeavingUnsaved(() => onDone()) : onDone());

  const uploadPending = async (propertyId: string): Promise<boolean> => {
    let allUploaded = true;
    for (const photo of pending) {
      if (photo.progress === 100 && !photo.error) continue;
      const update = (changes: Partial<PendingPhoto>) =>
        setPending((current) => current.map((p) => (p.key === photo.key ? { ...p, ...changes } : p)));
      try {
        update({ progress: 0, error: undefined });
        const image = await uploadPropertyImage(propertyId, photo.file, (progress) => update({ progress }));
        setExisting((current) => [...current, image]);
        setPending((current) => current.filter((p) => p.key !== photo.key));
      } catch (caught) {
        allUploaded = false;
        update({ error: caught instanceof ApiError ? caught.message : 'Failed to upload image' });
      }
    }
    return allUploaded;
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: property?.id, input: toPropertyInput(values) });
      const uploaded = await uploadPending(saved.id);
      if (!uploaded) {
        notifyError('Failed to upload image');
        return;
      }
      notifySuccess(property ? 'Property updated successfully' : 'Property created successfully');
      onDone(saved);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Failed to save property');
    } finally {
      setBusy(false);
    }
  });

  const removeExisting = async (image: PropertyImage) => {
    if (!property) return;
    try {
      await deletePropertyImage(property.id, image.id);
      setExisting((current) => current.filter((i) => i.id !== image.id));
    } catch {
      notifyError('Failed to remove image');
    }
  };

  const type = form.values.type;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {property ? 'Edit Property' : 'Add New Property'}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
            {LIMIT_PATTERN.test(error) && (
              <>
                {' '}
                <Anchor component={Link} to="/subscription">
                  View subscription plans
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Type"
            required
            data={TYPE_OPTIONS}
            allowDeselect={false}
            value={type}
            onChange={(value) => value && form.setValues(withType(form.values, value as PropertyType))}
            disabled={!!property}
          />
          <Select
            label="Category"
            required
            allowDeselect={false}
            data={CATEGORIES_BY_TYPE[type].map((category) => ({
              value: category,
              label: humanize(category),
            }))}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea label="Description" required autosize minRows={3} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CityField required placeholder="Town or city" {...form.getInputProps('city')} />
          <TextInput
            label="Location"
            required
            placeholder="Suburb or address"
            {...form.getInputProps('location')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={`Price (R ${pricePeriodLabel(type)})`}
            required
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            {...form.getInputProps('price')}
          />
          <NumberInput
            label="Cleaning fee (R)"
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            {...form.getInputProps('cleaningFee')}
          />
          <NumberInput
            label="Security deposit (R)"
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            {...form.getInputProps('securityDeposit')}
          />
        </SimpleGrid>
        <Divider label="Specifications" labelPosition="left" />
        <SpecificationFields form={form} />
        <Checkbox.Group label="Amenities" {...form.getInputProps('amenities')}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt={6}>
            {AMENITIES.map((amenity) => (
              <Checkbox key={amenity} value={amenity} label={humanize(amenity)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Status"
            required
            allowDeselect={false}
            data={STATUS_OPTIONS}
            {...form.getInputProps('status')}
          />
          <DatePickerInput
            label="Available from"
            placeholder="Any date"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear available from' }}
            valueFormat="DD/MM/YYYY"
            {...form.getInputProps('availabilityStart')}
            onChange={(value) => form.setFieldValue('availabilityStart', value ? String(value) : null)}
          />
          <DatePickerInput
            label="Available until"
            placeholder="Any date"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear available until' }}
            valueFormat="DD/MM/YYYY"
            minDate={form.values.availabilityStart ? addDays(form.values.availabilityStart, 1) : undefined}
            {...form.getInputProps('availabilityEnd')}
            onChange={(value) => form.setFieldValue('availabilityEnd', value ? String(value) : null)}
          />
        </SimpleGrid>
        <Switch
          label="Listed (visible to renters)"
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <ListingPaymentFields form={form} />
        <PhotoPicker
          existing={existing}
          pending={pending}
          onAdd={(files) =>
            setPending((current) => [
              ...current,
              ...files.map((file) => ({ key: crypto.randomUUID(), file, progress: null })),
            ])
          }
          onRemoveExisting={(image) => void removeExisting(image)}
          onRemovePending={(photo) => setPending((current) => current.filter((p) => p.key !== photo.key))}
        />
        {!form.isValid() && form.isDirty() && (
          <Text size="sm" c="red">
            Please complete the required fields.
          </Text>
        )}
        <Group justify="flex-end">
          {dirty && (
            <Text size="sm" c="dimmed" role="status">
              Unsaved changes
            </Text>
          )}
          <Button variant="default" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!form.isValid() || busy} loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
