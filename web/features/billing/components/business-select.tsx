import { Select } from '@mantine/core';
import type { BusinessOwner } from '../api.ts';

export const ownerName = (owner: BusinessOwner) => `${owner.first_name} ${owner.last_name}`;

/** An admin picks the business (its owner) whose billing setup they manage. */
export function BusinessSelect({
  owners,
  loading,
  value,
  onChange,
}: {
  owners: BusinessOwner[] | undefined;
  loading: boolean;
  value: string | null;
  onChange: (ownerId: string | null) => void;
}) {
  return (
    <Select
      label="Business"
      placeholder={loading ? 'Loading businesses…' : 'Choose a business'}
      searchable
      nothingFoundMessage="No business found"
      data={(owners ?? []).map((owner) => ({
        value: owner.id,
        label: `${ownerName(owner)} (${owner.email})`,
      }))}
      value={value}
      onChange={onChange}
      maw={480}
    />
  );
}
