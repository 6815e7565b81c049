import { LogOut } from 'lucide-react';

import { Button, type ButtonProps } from '../../components/ui/button';
import { AUTH_TEXT } from './auth.constants';
import { useLogout } from './use-logout';

/** The 'Logout' button of the dashboard screens. */
export function LogoutButton({ variant = 'outline', size = 'sm', className }: ButtonProps) {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={isLoggingOut}
      onClick={() => void logout()}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {isLoggingOut ? AUTH_TEXT.logoutPending : AUTH_TEXT.logout}
    </Button>
  );
}
