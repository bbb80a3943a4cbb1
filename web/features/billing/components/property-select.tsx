import { Select } from '@mantine/core';
import type { BusinessOwner, BusinessProperty } from '../api.ts';
import { ownerName } from './business-select.tsx';

const labelOf = (property: BusinessProperty) =>
  property.archived ? `${property.title} (archived)` : property.title;

const options = (list: BusinessProperty[]) => list.map((p) => ({ value: p.id, label: labelOf(p) }));

/** Each owner's listings under their name; any listing of someone not in the list comes last. */
function groupedByOwner(properties: BusinessProperty[], owners: BusinessOwner[]) {
  const known = new Set(owners.map((owner) => owner.id));
  return [
    ...owners.map((owner) => ({
      group: ownerName(owner),
      items: options(properties.filter((property) => property.owner_id === owner.id)),
    })),
    { group: 'Other businesses', items: options(properties.filter((p) => !known.has(p.owner_id))) },
  ].filter((group) => group.items.length > 0);
}

/**
 * The listing whose rates are shown. An admin sees every business's listings, grouped under their
 * owner's name so it is clear whose each one is.
 */
export function PropertySelect({
  properties,
  owners,
  loading,
  value,
  onChange,
}: {
  properties: BusinessProperty[] | undefined;
  /** Given to an admin: the listings are grouped by owner. */
  owners?: BusinessOwner[];
  loading: boolean;
  value: string | null;
  onChange: (propertyId: string | null) => void;
}) {
  const all = properties ?? [];
  const data = owners ? groupedByOwner(all, owners) : options(all);
  return (
    <Select
      label="Property"
      placeholder={loading ? 'Loading properties…' : 'Select a property'}
      searchable
      nothingFoundMessage="No property found"
      data={data}
      value={value}
      onChange={onChange}
      maw={480}
    />
  );
}
