import { formatRoleLabel, type Role } from '../../../../domain/roles.ts';
import { type AdminUser, rolesAssignableFrom } from '../../../../domain/schemas/admin-users.ts';
import { LazySelect } from '../../../components/lazy-inputs.tsx';
import classes from './role-select.module.css';
import { fullName } from './user-text.ts';

interface RoleSelectProps {
  user: AdminUser;
  /** The admin themself: their own role is not theirs to change. */
  disabled: boolean;
  onChange: (user: AdminUser, role: Role) => void;
}

/** A user's role in their row, offering only the roles they may be given (staff stay staff). */
export function RoleSelect({ user, disabled, onChange }: RoleSelectProps) {
  const data = rolesAssignableFrom(user.role).map((role) => ({ value: role, label: formatRoleLabel(role) }));
  return (
    <LazySelect
      label={`Role of ${fullName(user)}`}
      className={classes.root}
      style={{ width: 150 }}
      size="xs"
      data={data}
      value={user.role}
      allowDeselect={false}
      disabled={disabled}
      onChange={(role) => {
        if (role && role !== user.role) onChange(user, role as Role);
      }}
    />
  );
}
