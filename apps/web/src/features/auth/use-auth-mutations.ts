import { useMutation } from '@tanstack/react-query';

import { loginRequest, registerRequest } from './auth.api';
import { useSession } from './use-session';

/** Logs in; on success the session holds the new user and token. */
export function useLogin() {
  const { establishSession } = useSession();
  return useMutation({ mutationFn: loginRequest, onSuccess: establishSession });
}

/** Creates an account and signs it in. */
export function useRegister() {
  const { establishSession } = useSession();
  return useMutation({ mutationFn: registerRequest, onSuccess: establishSession });
}
